/// A source of random people: the randomuser.me API or the embedded offline generator.
///
/// `MainReactor` takes one by `init`, so the app, the CLI and the tests choose the source.
///
/// ```swift
/// let reactor = MainReactor(client: LivePeopleClient())   // production, over HTTP
/// let reactor = MainReactor(client: OfflinePeopleClient()) // tests and the default CLI
/// ```
public protocol PeopleClient: Sendable {
  /// Fetches at most `count` people (1...5000, as the API allows; a page with more is an error, not
  /// cut short), reproducibly for a `seed`, or the source's choice for `nil`. Throws a
  /// ``PeopleClientError``, or `CancellationError` when the task was cancelled.
  func fetchPeople(count: Int, seed: String?) async throws -> [Person]
}
