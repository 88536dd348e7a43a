import GitHubSearchCore
import ReactorFlowTesting

/// One call of `search(query:page:)`.
struct SearchCall: Equatable, Sendable {
  let query: String
  let page: Int
}

/// The test value of the search client: a spy answers each call, after `latency` on the test's
/// clock when the test gives one, so that a test can act while a search runs. A call the test did
/// not set up fails the test.
final class GitHubSearchClientMock: GitHubSearchClient {
  let searchSpy = Spy<SearchCall, Result<SearchPage, GitHubSearchError>>(
    "search(query:page:)", placeholder: .success(SearchPage(repos: [], nextPage: nil)))
  private let clock: TestClock?
  private let latency: Duration

  init(latency: Duration = .zero, clock: TestClock? = nil) {
    self.latency = latency
    self.clock = clock
  }

  func search(query: String, page: Int) async throws -> SearchPage {
    let answer = searchSpy(SearchCall(query: query, page: page))
    if let clock { try await clock.sleep(for: latency) }
    return try answer.get()
  }
}
