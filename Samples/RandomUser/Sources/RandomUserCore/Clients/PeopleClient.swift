/// A source of random people: the randomuser.me API or the embedded offline generator.
///
/// `MainReactor` takes one by `init`, so the app, the CLI and the tests choose the source.
///
/// ```swift
/// let reactor = MainReactor(client: LivePeopleClient())   // production, over HTTP
/// let reactor = MainReactor(client: OfflinePeopleClient()) // tests and the default CLI
/// ```
public protocol PeopleClient: Sendable {
  /// Fetches `count` people.
  ///
  /// - Parameters:
  ///   - count: How many people, 1...5000 as the API allows.
  ///   - seed: A seed that makes the answer reproducible, or `nil` for the source's choice.
  /// - Returns: At most `count` people (a page with more is an error, not cut short).
  /// - Throws: A ``PeopleClientError``, or `CancellationError` when the task was cancelled.
  func fetchPeople(count: Int, seed: String?) async throws -> [Person]
}
