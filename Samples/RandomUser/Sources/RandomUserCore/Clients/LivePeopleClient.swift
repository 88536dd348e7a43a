import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// People from the randomuser.me API (or any server that speaks its format), over HTTP.
///
/// Decodes the body with ``RandomUserDecoder``; every failure is a distinct ``PeopleClientError``.
/// The timeout is measured on an injected clock (FoundationNetworking truncates `timeoutInterval`
/// to whole seconds), and cancelling the task cancels the request.
///
/// ```swift
/// let reactor = MainReactor(client: LivePeopleClient(baseURL: serverURL, timeout: .seconds(5)))
/// ```
public struct LivePeopleClient: PeopleClient {
  /// `https://randomuser.me/api/`.
  public static let defaultBaseURL = URL(string: "https://randomuser.me/api/") ?? URL(fileURLWithPath: "/")

  /// The endpoint; the query is added to it.
  public let baseURL: URL
  /// How long the client waits for the whole response.
  public let timeout: Duration
  /// The largest body the client reads; ``PeopleClientLimits/maximumBodySize`` by default.
  public let maximumBodySize: Int

  private let clock: any Clock<Duration>

  /// Creates a client for `baseURL` (its query is kept) that waits at most `timeout` on `clock`
  /// (a `TestClock` in tests) and reads at most `maximumBodySize` bytes.
  public init(
    baseURL: URL = LivePeopleClient.defaultBaseURL, timeout: Duration = .seconds(15),
    maximumBodySize: Int = PeopleClientLimits.maximumBodySize, clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.baseURL = baseURL
    self.timeout = timeout
    self.maximumBodySize = maximumBodySize
    self.clock = clock
  }

  /// `GET <baseURL>?results=count&seed=seed` (no `seed` when `nil`), or `nil` when the base URL
  /// cannot take a query.
  func request(count: Int, seed: String?) -> URLRequest? {
    guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else { return nil }
    var items = (components.queryItems ?? []).filter { $0.name != "results" && $0.name != "seed" }
    items.append(URLQueryItem(name: "results", value: String(count)))
    if let seed { items.append(URLQueryItem(name: "seed", value: seed)) }
    components.queryItems = items
    guard let url = components.url else { return nil }
    var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: backstop)
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    return request
  }

  /// Fetches at most `count` people (1...5000) for `seed`, or random ones for `nil`.
  public func fetchPeople(count: Int, seed: String?) async throws -> [Person] {
    guard PeopleClientLimits.allowedCounts.contains(count) else {
      throw PeopleClientError.invalidRequest("count must be in 1...5000, got \(count)")
    }
    guard let request = request(count: count, seed: seed) else {
      throw PeopleClientError.invalidRequest("cannot add a query to \(baseURL.absoluteString)")
    }
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = backstop
    let data = try await withThrowingTaskGroup(of: Data?.self) { [maximumBodySize, clock, timeout] group in
      group.addTask {
        try await ResponseBodyReader.body(of: request, limit: maximumBodySize, configuration: configuration)
      }
      group.addTask {
        try await clock.sleep(for: timeout, tolerance: nil)
        return nil
      }
      // Whichever ends first decides; the other is cancelled.
      defer { group.cancelAll() }
      guard let first = try await group.next(), let data = first else { throw PeopleClientError.timedOut }
      return data
    }
    return try RandomUserDecoder().people(from: data, atMost: count)
  }

  /// `URLSession`'s own timeout, only a backstop: whole seconds, one more than `timeout` rounded up.
  private var backstop: TimeInterval {
    let (seconds, attoseconds) = timeout.components
    return TimeInterval(seconds + (attoseconds > 0 ? 1 : 0) + 1)
  }
}
