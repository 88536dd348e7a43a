import Foundation

/// A source of random people: the randomuser.me API or the embedded offline generator.
///
/// `MainReactor` takes one by `init`, so the app, the CLI and the tests choose the source: the
/// live value, the offline value (the preview value: made on this machine, no network), or a
/// test's scripted client.
///
/// ```swift
/// let reactor = MainReactor(client: .live())   // production, over HTTP
/// let reactor = MainReactor(client: .offline)  // previews, demos and the default CLI
/// ```
///
/// - Mockable
public protocol PeopleClient: Sendable {
  /// Fetches at most `count` people (1...5000, as the API allows; a page with more is an error, not
  /// cut short), reproducibly for a `seed`, or the source's choice for `nil`. Throws a
  /// ``PeopleClientError``, or `CancellationError` when the task was cancelled.
  func fetchPeople(count: Int, seed: String?) async throws -> [Person]
}

extension PeopleClient where Self == LivePeopleClient {
  /// The randomuser.me API, or a server at `baseURL` that speaks its format.
  /// - Parameters:
  ///   - baseURL: The endpoint; the query is added to it.
  ///   - timeout: How long the client waits for the whole response.
  /// - Returns: The live client.
  public static func live(
    baseURL: URL = LivePeopleClient.defaultBaseURL, timeout: Duration = .seconds(15)
  ) -> Self {
    LivePeopleClient(baseURL: baseURL, timeout: timeout)
  }
}

extension PeopleClient where Self == OfflinePeopleClient {
  /// People made on this machine in the API's format, the same for a given seed: the value for
  /// previews, demo screens and the CLI's default.
  public static var offline: Self { OfflinePeopleClient() }
}
