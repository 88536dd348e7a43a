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

  /// Why this platform's `URLSession` cannot load `url`, or `nil` when it can.
  ///
  /// On Linux and Windows, FoundationNetworking cannot connect to a host written as an IPv6
  /// address (`http://[::1]:8080/`): every request fails with `NSURLErrorBadURL` (-1000), a
  /// swift-corelibs-foundation bug (issue 5496) that Swift 6.3 still has. Such a URL is refused up
  /// front with this reason instead of failing at every load.
  package static func unsupportedReason(_ url: URL) -> String? {
    #if canImport(FoundationNetworking)
      guard let host = url.host, host.contains(":") else { return nil }
      return "this platform's URLSession cannot connect to an IPv6 address such as \(host);"
        + " use a host name that resolves to it, or an IPv4 address"
    #else
      return nil
    #endif
  }

  /// Fetches at most `count` people (1...5000) for `seed`, or random ones for `nil`. A page
  /// without people is an error (``PeopleClientError/noPeople(requested:)``): the API never sends
  /// one for a valid request.
  public func fetchPeople(count: Int, seed: String?) async throws -> [Person] {
    guard PeopleClientLimits.allowedCounts.contains(count) else {
      throw PeopleClientError.invalidRequest("count must be in 1...5000, got \(count)")
    }
    if let reason = Self.unsupportedReason(baseURL) {
      throw PeopleClientError.invalidRequest(reason)
    }
    guard let request = request(count: count, seed: seed) else {
      throw PeopleClientError.invalidRequest("cannot add a query to \(baseURL.absoluteString)")
    }
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = backstop
    let reader = ResponseBodyReader(limit: maximumBodySize)
    let data = try await withThrowingTaskGroup(of: Data?.self) { [clock, timeout] group in
      group.addTask {
        try await reader.body(of: request, configuration: configuration)
      }
      group.addTask {
        try await clock.sleep(for: timeout, tolerance: nil)
        return nil
      }
      // Whichever ends first decides; the other is cancelled.
      defer { group.cancelAll() }
      guard let first = try await group.next(), let data = first else {
        // A server that answered but trickles its body is slow, not silent: say which.
        throw reader.didReceiveResponse
          ? PeopleClientError.tooSlow(limit: timeout) : PeopleClientError.timedOut(limit: timeout)
      }
      return data
    }
    let people = try RandomUserDecoder().people(from: data, atMost: count)
    guard !people.isEmpty else { throw PeopleClientError.noPeople(requested: count) }
    return people
  }

  /// `URLSession`'s own timeout, only a backstop: whole seconds, one more than `timeout` rounded up.
  private var backstop: TimeInterval {
    let (seconds, attoseconds) = timeout.components
    return TimeInterval(seconds + (attoseconds > 0 ? 1 : 0) + 1)
  }
}
