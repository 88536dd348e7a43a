import ReactorFlowTesting
import XCTest

/// Snippets of ReactorFlowTesting's articles that no other test holds, verbatim (DocCSnippetTests
/// in ReactorFlowTests checks that they stay so), each in a test that runs it.
@MainActor
final class TestingArticleSnippetTests: XCTestCase {
  /// A reactor whose load fails with an error that nothing handles.
  private final class OfflineReactor: Reactor {
    enum Action: Sendable { case load }
    struct State: Equatable, Sendable {}
    struct Offline: Error, CustomStringConvertible {
      var description: String { "offline" }
    }

    let initialState = State()
    let runtime = Runtime()

    func mutate(action: Action) -> Effect<Action> {
      .run { _ in throw Offline() }
    }

    func reduce(state: State, mutation: Action) -> State { state }
  }

  // Getting Started, "Inject time and services".
  func test_gettingStarted_injectedClockAndMock_debounceOnVirtualTime() async {
    // given
    let clock = TestClock()
    let client = SearchClientMock()
    client.searchSpy.handler = { ["\($0)!"] }
    let reactor = SearchReactor(client: client, clock: clock)

    // when
    let search = reactor.send(.query("swift"))
    await clock.advance(by: .milliseconds(300))
    await bounded("search finishes") { await search.finish() }

    // then
    XCTAssertEqual(reactor.currentState.results, ["swift!"])
    XCTAssertEqual(client.searchSpy.callCount, 1)
  }

  // Testing, "Errors that nothing handled".
  func test_testing_recordUnhandledErrors_recordsTheLoadError() async {
    // given
    let reactor = OfflineReactor()

    // when, then
    await bounded("the load fails and its error is recorded") {
      let errors = reactor.recordUnhandledErrors()
      await reactor.send(.load).finish()
      XCTAssertEqual(errors.messages, ["offline"])
    }
  }

  // Testing, "Testing your own helpers".
  func test_testing_captureFailures_capturesTheFailureOfFinish() async {
    // given: a mutation that the test never receives
    let client = FactClientMock()
    client.factSpy.returns("fact")
    let tester = ReactorTester(AsyncCounterReactor(client: client))
    await tester.send(.loadFact) { $0.isLoading = true }

    // when, then
    let failures = await captureFailures { await tester.finish() }
    XCTAssertEqual(failures.count, 1)
  }
}
