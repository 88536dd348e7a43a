import GitHubSearchCore
import ReactorFlow
import ReactorFlowTesting
import XCTest

/// The ported reactor, step by step and exhaustively: every mutation its effects send is
/// received, and `finish()` proves that nothing runs behind the test's back.
@MainActor
final class GitHubSearchReactorTests: XCTestCase {
  private typealias State = GitHubSearchReactor.State

  private func page(_ repos: String..., next: Int?) -> Result<SearchPage, any Error> {
    .success(SearchPage(repos: repos, nextPage: next))
  }

  func test_updateQuery_typingWithinThePause_searchesOnlyTheLastQuery() async {
    // given
    let clock = TestClock()
    let client = GitHubSearchClientMock()
    client.searchSpy.returns(page("swiftlang/swift", next: 2))
    let tester = ReactorTester(GitHubSearchReactor(client: client, clock: clock))

    // when
    await tester.send(.updateQuery("s")) { $0.query = "s" }
    await clock.advance(by: .milliseconds(200))
    await tester.send(.updateQuery("sw")) { $0.query = "sw" }
    await clock.advance(by: .milliseconds(300))

    // then
    await tester.receive(.setRepos(["swiftlang/swift"], nextPage: 2)) {
      $0.repos = ["swiftlang/swift"]
      $0.nextPage = 2
    }
    await tester.finish()
    XCTAssertEqual(client.searchCalls, [SearchCall(query: "sw", page: 1)])
  }

  func test_updateQuery_whileASearchRuns_cancelsItAndShowsOnlyTheNewResults() async {
    // given
    let clock = TestClock()
    let client = GitHubSearchClientMock()
    client.searchSpy.returnsAfter(.seconds(1), on: clock)  // each search takes a second
    client.searchSpy.handler = { call in .success(SearchPage(repos: ["\(call.query)/one"], nextPage: nil)) }
    let tester = ReactorTester(GitHubSearchReactor(client: client, clock: clock))
    await tester.send(.updateQuery("rx")) { $0.query = "rx" }
    await clock.advance(by: .milliseconds(300))

    // when: a new query while the first search waits for its answer
    await tester.send(.updateQuery("reactor")) { $0.query = "reactor" }
    await clock.advance(by: .milliseconds(300))
    await clock.advance(by: .seconds(1))

    // then
    await tester.receive(.setRepos(["reactor/one"], nextPage: nil)) { $0.repos = ["reactor/one"] }
    await tester.finish()
    XCTAssertEqual(
      client.searchCalls,
      [SearchCall(query: "rx", page: 1), SearchCall(query: "reactor", page: 1)])
  }

  func test_updateQuery_emptyOrNil_clearsTheResultsAtOnceAndSearchesNothing() async {
    // given: results for "swift"
    let clock = TestClock()
    let client = GitHubSearchClientMock()
    client.searchSpy.returns(page("swiftlang/swift", next: 2))
    let tester = ReactorTester(GitHubSearchReactor(client: client, clock: clock))
    await tester.send(.updateQuery("swift")) { $0.query = "swift" }
    await clock.advance(by: .milliseconds(300))
    await tester.receive(.setRepos(["swiftlang/swift"], nextPage: 2)) {
      $0.repos = ["swiftlang/swift"]
      $0.nextPage = 2
    }

    // when / then
    await tester.send(.updateQuery("")) {
      $0.query = ""
      $0.repos = []
      $0.nextPage = nil
    }
    await tester.send(.updateQuery(nil)) { $0.query = nil }
    await tester.finish()
    XCTAssertEqual(client.searchSpy.callCount, 1)
  }

  func test_loadNextPage_appendsThePage_withTheLoadingFlagAroundIt() async {
    // given: the first page is shown
    let clock = TestClock()
    let client = GitHubSearchClientMock()
    client.searchSpy.returns(page("a/1", next: 2))
    let tester = ReactorTester(GitHubSearchReactor(client: client, clock: clock))
    await tester.send(.updateQuery("a")) { $0.query = "a" }
    await clock.advance(by: .milliseconds(300))
    await tester.receive(.setRepos(["a/1"], nextPage: 2)) {
      $0.repos = ["a/1"]
      $0.nextPage = 2
    }
    client.searchSpy.returns(page("a/2", next: nil))

    // when
    await tester.send(.loadNextPage) { $0.isLoadingNextPage = true }

    // then
    await tester.receive(.appendRepos(["a/2"], nextPage: nil)) {
      $0.repos = ["a/1", "a/2"]
      $0.nextPage = nil
    }
    await tester.receive(.setLoadingNextPage(false)) { $0.isLoadingNextPage = false }
    await tester.send(.loadNextPage)  // the last page: nothing to load
    await tester.finish()
    XCTAssertEqual(
      client.searchCalls, [SearchCall(query: "a", page: 1), SearchCall(query: "a", page: 2)])
  }

  func test_loadNextPage_beforeAnyResults_loadsNothing() async {
    // given: no search yet
    let clock = TestClock()
    let client = GitHubSearchClientMock()
    client.searchSpy.returnsAfter(.seconds(1), on: clock)
    client.searchSpy.returns(page("b/2", next: 3))
    let tester = ReactorTester(GitHubSearchReactor(client: client, clock: clock))
    await tester.send(.loadNextPage)  // no query yet: nothing to load
    await clock.advance(by: .seconds(1))

    // then: the guard reads the state in mutate
    XCTAssertFalse(client.searchSpy.called)
    await tester.finish()
  }

  func test_loadNextPage_twiceWhileTheFirstRuns_loadsOnce() async {
    // given
    let clock = TestClock()
    let client = GitHubSearchClientMock()
    client.searchSpy.returnsAfter(.seconds(1), on: clock)
    client.searchSpy.returns(page("c/1", next: 2))
    let tester = ReactorTester(GitHubSearchReactor(client: client, clock: clock))
    await tester.send(.updateQuery("c")) { $0.query = "c" }
    await clock.advance(by: .milliseconds(300))
    await clock.advance(by: .seconds(1))
    await tester.receive(.setRepos(["c/1"], nextPage: 2)) {
      $0.repos = ["c/1"]
      $0.nextPage = 2
    }
    client.searchSpy.returns(page("c/2", next: 3))

    // when
    await tester.send(.loadNextPage) { $0.isLoadingNextPage = true }
    await tester.send(.loadNextPage)
    await clock.advance(by: .seconds(1))

    // then
    await tester.receive(.appendRepos(["c/2"], nextPage: 3)) {
      $0.repos = ["c/1", "c/2"]
      $0.nextPage = 3
    }
    await tester.receive(.setLoadingNextPage(false)) { $0.isLoadingNextPage = false }
    await tester.finish()
    XCTAssertEqual(client.searchSpy.callCount, 2)
  }

  func test_updateQuery_whileAPageLoads_cancelsTheLoadAndClearsTheFlag() async {
    // given: the first page of "d", and its second page on the way
    let clock = TestClock()
    let client = GitHubSearchClientMock()
    client.searchSpy.returnsAfter(.seconds(1), on: clock)
    client.searchSpy.returns(page("d/1", next: 2))
    let tester = ReactorTester(GitHubSearchReactor(client: client, clock: clock))
    await tester.send(.updateQuery("d")) { $0.query = "d" }
    await clock.advance(by: .milliseconds(300))
    await clock.advance(by: .seconds(1))
    await tester.receive(.setRepos(["d/1"], nextPage: 2)) {
      $0.repos = ["d/1"]
      $0.nextPage = 2
    }
    await tester.send(.loadNextPage) { $0.isLoadingNextPage = true }

    // when
    client.searchSpy.returns(page("e/1", next: nil))
    await tester.send(.updateQuery("e")) { $0.query = "e" }
    await clock.advance(by: .milliseconds(300))

    // then: the page load ends without its page, the flag is cleared, the new query's results come
    await tester.receive(.setLoadingNextPage(false)) { $0.isLoadingNextPage = false }
    await clock.advance(by: .seconds(1))
    await tester.receive(.setRepos(["e/1"], nextPage: nil)) {
      $0.repos = ["e/1"]
      $0.nextPage = nil
    }
    await tester.finish()
  }

  func test_search_fails_showsTheErrorUntilASearchSucceeds() async {
    // given
    let clock = TestClock()
    let client = GitHubSearchClientMock()
    client.searchSpy.returns(.failure(GitHubSearchError.rateLimited))
    let tester = ReactorTester(GitHubSearchReactor(client: client, clock: clock))

    // when
    await tester.send(.updateQuery("f")) { $0.query = "f" }
    await clock.advance(by: .milliseconds(300))

    // then
    await tester.receive(.setError(GitHubSearchError.rateLimited.description)) {
      $0.errorMessage = "GitHub's rate limit was exceeded. Wait a minute and try again."
    }
    client.searchSpy.returns(page("f/1", next: nil))
    await tester.send(.updateQuery("fo")) { $0.query = "fo" }
    await clock.advance(by: .milliseconds(300))
    await tester.receive(.setRepos(["f/1"], nextPage: nil)) {
      $0.repos = ["f/1"]
      $0.errorMessage = nil
    }
    await tester.finish()
  }
}
