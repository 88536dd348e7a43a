import GitHubSearchCore
import ReactorFlowTesting

/// One call of `search(query:page:)`.
struct SearchCall: Equatable, Sendable {
  let query: String
  let page: Int
}

/// The test value of the search client: a spy answers each call, and a test that needs to act
/// while a search runs makes the spy answer later (`searchSpy.returnsAfter(_:on:)` on its test
/// clock). A call the test did not set up fails the test.
final class GitHubSearchClientMock: GitHubSearchClient {
  let searchSpy = Spy<SearchCall, Result<SearchPage, GitHubSearchError>>(
    "search(query:page:)", placeholder: .success(SearchPage(repos: [], nextPage: nil)))

  func search(query: String, page: Int) async throws -> SearchPage {
    try await searchSpy.answer(SearchCall(query: query, page: page)).get()
  }
}
