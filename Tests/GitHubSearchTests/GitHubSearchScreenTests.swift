import GitHubSearchCore
import ReactorFlow
import XCTest

/// The screen on a stubbed reactor: the actions it sends, and what it shows for a state.
@MainActor
final class GitHubSearchScreenTests: XCTestCase {
  func test_screen_sendsTheSearchBarsTextAndTheEndOfTheList() async {
    // given
    let reactor = GitHubSearchReactor(client: .preview)
    let stub = ReactorStub(reactor)
    let screen = GitHubSearchScreen()
    screen.reactor = reactor

    // when
    screen.searchBarTextChanged("rx")
    screen.scrolledToEnd()

    // then
    XCTAssertEqual(stub.actions.count, 2)
    guard case .updateQuery("rx") = stub.actions.first, case .loadNextPage = stub.lastAction else {
      return XCTFail("sent \(stub.actions)")
    }
  }

  func test_screen_showsTheRepos_theLoadingRow_andTheError() async {
    // given
    let reactor = GitHubSearchReactor(client: .preview)
    let stub = ReactorStub(reactor)
    let screen = GitHubSearchScreen()
    screen.reactor = reactor
    XCTAssertEqual(screen.lines, ["search: "])

    // when
    stub.state = GitHubSearchReactor.State(
      query: "rx", repos: ["ReactiveX/RxSwift"], nextPage: 2, isLoadingNextPage: true,
      errorMessage: "offline")

    // then
    XCTAssertEqual(screen.lines, ["search: rx", "  ReactiveX/RxSwift", "  loading more…", "error: offline"])
  }
}
