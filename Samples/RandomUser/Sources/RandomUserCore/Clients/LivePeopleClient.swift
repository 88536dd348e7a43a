import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// People from the randomuser.me API (or any server that speaks its format), over HTTP.
///
/// Sends `GET <baseURL>?results=N&seed=S` and decodes the body with ``RandomUserDecoder``.
/// Failures are distinct ``PeopleClientError`` cases: ``PeopleClientError/transport(_:)`` (no
/// connection, connection lost), ``PeopleClientError/timedOut`` (no answer within `timeout`),
/// ``PeopleClientError/httpStatus(_:)`` (not 2xx) and ``PeopleClientError/undecodable(_:)``.
/// Cancelling the calling task cancels the request.
///
/// The timeout is measured on an injected clock and covers the whole request, rather than being
/// left to `URLSession`: on Linux, FoundationNetworking truncates `timeoutInterval` to whole
/// seconds (0.5 s becomes "time out at once"), and a test can pass a `TestClock`.
///
/// ```swift
/// let reactor = MainReactor(client: LivePeopleClient())
/// let local = LivePeopleClient(baseURL: serverURL, timeout: .milliseconds(500))  // a test server
/// ```
public struct LivePeopleClient: PeopleClient {
  /// `https://randomuser.me/api/`.
  public static let defaultBaseURL: URL = {
    guard let url = URL(string: "https://randomuser.me/api/") else {
      preconditionFailure("the literal randomuser.me URL is valid")
    }
    return url
  }()

  /// The endpoint; the query is added to it.
  public let baseURL: URL
  /// How long the client waits for the whole response.
  public let timeout: Duration

  private let clock: any Clock<Duration>
  private let session: URLSession

  /// Creates a client.
  ///
  /// - Parameters:
  ///   - baseURL: The endpoint, `https://randomuser.me/api/` by default; any query it already
  ///     has is kept.
  ///   - timeout: How long to wait for the whole response; 15 seconds by default.
  ///   - clock: The clock that measures `timeout`; a `TestClock` in tests.
  public init(
    baseURL: URL = LivePeopleClient.defaultBaseURL, timeout: Duration = .seconds(15),
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.baseURL = baseURL
    self.timeout = timeout
    self.clock = clock
    let configuration = URLSessionConfiguration.ephemeral
    // Only a backstop, in whole seconds and later than ours: `fetchPeople` enforces `timeout`.
    configuration.timeoutIntervalForRequest = Self.backstop(for: timeout)
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    session = URLSession(configuration: configuration)
  }

  /// The request for `count` people: `GET <baseURL>?results=count&seed=seed`.
  ///
  /// - Parameters:
  ///   - count: How many people.
  ///   - seed: The seed, or `nil` to leave it out.
  /// - Returns: The request, or `nil` when the base URL cannot take a query.
  public func request(count: Int, seed: String?) -> URLRequest? {
    guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else { return nil }
    var items = (components.queryItems ?? []).filter { $0.name != "results" && $0.name != "seed" }
    items.append(URLQueryItem(name: "results", value: String(count)))
    if let seed {
      items.append(URLQueryItem(name: "seed", value: seed))
    }
    components.queryItems = items
    guard let url = components.url else { return nil }
    var request = URLRequest(
      url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: Self.backstop(for: timeout))
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    return request
  }

  /// Fetches `count` people from the server.
  ///
  /// - Parameters:
  ///   - count: How many people, 1...5000 as the API allows.
  ///   - seed: A seed for reproducible people, or `nil` for random ones.
  /// - Returns: The people the server sent.
  /// - Throws: A ``PeopleClientError``, or `CancellationError` when the task was cancelled.
  public func fetchPeople(count: Int, seed: String?) async throws -> [Person] {
    guard PeopleClientLimits.allowedCounts.contains(count) else {
      throw PeopleClientError.invalidRequest(
        "count must be in \(PeopleClientLimits.allowedCounts.lowerBound)...\(PeopleClientLimits.allowedCounts.upperBound), got \(count)"
      )
    }
    guard let request = request(count: count, seed: seed) else {
      throw PeopleClientError.invalidRequest("cannot add a query to \(baseURL.absoluteString)")
    }
    let (data, response) = try await withThrowingTaskGroup(of: (Data, URLResponse)?.self) { group in
      group.addTask { [session] in
        do {
          return try await session.data(for: request)
        } catch {
          try Task.checkCancellation()
          throw Self.clientError(for: error)
        }
      }
      group.addTask { [clock, timeout] in
        try await clock.sleep(for: timeout, tolerance: nil)
        return nil
      }
      // Whichever ends first decides; the other is cancelled.
      defer { group.cancelAll() }
      guard let first = try await group.next(), let response = first else {
        throw PeopleClientError.timedOut
      }
      return response
    }
    guard let status = (response as? HTTPURLResponse)?.statusCode else {
      throw PeopleClientError.transport("the response is not HTTP")
    }
    guard (200..<300).contains(status) else {
      throw PeopleClientError.httpStatus(status)
    }
    return try RandomUserDecoder().people(from: data)
  }

  /// Maps what `URLSession` throws to a ``PeopleClientError``, with the most specific message
  /// available (on Linux the useful text is in the underlying libcurl error).
  static func clientError(for error: any Error) -> PeopleClientError {
    guard let urlError = error as? URLError else {
      return .transport(String(describing: error))
    }
    if urlError.code == .timedOut {
      return .timedOut
    }
    let underlying = (urlError as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
    let message = underlying?.localizedDescription ?? urlError.localizedDescription
    return .transport("\(message) (URLError \(urlError.code.rawValue))")
  }
}

extension LivePeopleClient {
  /// `URLSession`'s own timeout: whole seconds, one more than `timeout` rounded up.
  fileprivate static func backstop(for timeout: Duration) -> TimeInterval {
    let (seconds, attoseconds) = timeout.components
    return TimeInterval(seconds + (attoseconds > 0 ? 1 : 0) + 1)
  }
}
