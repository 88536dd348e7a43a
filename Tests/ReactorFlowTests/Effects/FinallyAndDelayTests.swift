import ReactorFlow
import ReactorFlowTestSupport
import ReactorFlowTesting
import XCTest

/// The "load next page" shape of ReactorKit apps: a flag set at the start, cleared at the end,
/// even when a newer load or a cancel stops the page in the middle.
@MainActor
private final class NextPageReactor: Reactor {
  enum Action: Sendable { case loadNextPage, cancel, failNextPage, decreaseLater }
  enum Mutation: Sendable, Equatable { case setLoadingNextPage(Bool), appendPage, decrease }
  struct State: Equatable, Sendable {
    var isLoadingNextPage = false
    var pages = 0
    var value = 10
  }

  struct Failure: Error {}

  let initialState = State()
  let runtime = Runtime()
  let clock: TestClock

  init(clock: TestClock) {
    self.clock = clock
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .loadNextPage:
      return Effect.concatenate(
        .send(.setLoadingNextPage(true)),
        .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.appendPage)
        }
      )
      .finally(.send(.setLoadingNextPage(false)))
      .cancellable(id: "page", cancelInFlight: true)
    case .cancel:
      return .cancel(id: "page")
    case .failNextPage:
      return Effect.concatenate(
        .send(.setLoadingNextPage(true)),
        .run { _ in throw Failure() }
      )
      .finally(.send(.setLoadingNextPage(false)))
    case .decreaseLater:
      return Effect.send(.decrease).delay(for: .seconds(3), clock: clock)
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setLoadingNextPage(let isLoading): state.isLoadingNextPage = isLoading
    case .appendPage: state.pages += 1
    case .decrease: state.value -= 1
    }
    return state
  }
}

@MainActor
final class FinallyAndDelayTests: XCTestCase {
  func test_finally_effectFinishes_runsTheClosingPieceLast() async {
    // given
    let clock = TestClock()
    let reactor = NextPageReactor(clock: clock)
    let flags = reactor.record(\.isLoadingNextPage, distinct: true)

    // when
    let task = reactor.send(.loadNextPage)
    await clock.advance(by: .seconds(1))
    await bounded("task finishes") { await task.finish() }

    // then
    XCTAssertEqual(reactor.currentState, .init(isLoadingNextPage: false, pages: 1))
    XCTAssertEqual(flags.values, [false, true, false])
  }

  func test_finally_middleCancelledByID_stillReducesTheClosingMutation() async {
    // given
    let clock = TestClock()
    let reactor = NextPageReactor(clock: clock)
    let task = reactor.send(.loadNextPage)
    XCTAssertTrue(reactor.currentState.isLoadingNextPage)

    // when
    reactor.send(.cancel)
    await bounded("task finishes") { await task.finish() }

    // then
    XCTAssertEqual(reactor.currentState, .init(isLoadingNextPage: false, pages: 0))
  }

  func test_finally_cancelledThroughTheReactorTask_stillReducesTheClosingMutation() async {
    let clock = TestClock()
    let reactor = NextPageReactor(clock: clock)
    let task = reactor.send(.loadNextPage)

    task.cancel()
    await bounded("task finishes") { await task.finish() }

    XCTAssertFalse(reactor.currentState.isLoadingNextPage)
    XCTAssertEqual(reactor.currentState.pages, 0)
  }

  func test_finally_cancelledInFlightByANewerLoad_clearsOnceTheNewerOneEnds() async {
    // given
    let clock = TestClock()
    let reactor = NextPageReactor(clock: clock)
    let flags = reactor.record(\.isLoadingNextPage)
    let first = reactor.send(.loadNextPage)

    // when
    let second = reactor.send(.loadNextPage)
    await bounded("first finishes") { await first.finish() }
    await clock.advance(by: .seconds(1))
    await bounded("second finishes") { await second.finish() }

    // then: the first load's closing mutation came, then the second one's
    XCTAssertEqual(reactor.currentState.pages, 1)
    XCTAssertFalse(reactor.currentState.isLoadingNextPage)
    XCTAssertEqual(flags.values.last, false)
  }

  func test_finally_middleThrows_reducesTheClosingMutationAndReportsTheError() async {
    // given
    let reactor = NextPageReactor(clock: TestClock())
    var errors: [any Error] = []
    reactor.runtime.onUnhandledError = { errors.append($0) }

    // when
    await bounded("reactor.send(.failNextPage) finishes") {
      await reactor.send(.failNextPage).finish()
    }

    // then
    XCTAssertFalse(reactor.currentState.isLoadingNextPage)
    XCTAssertEqual(errors.count, 1)
    XCTAssertTrue(errors.first is NextPageReactor.Failure)
  }

  func test_delay_onTestClock_waitsTheWholeDuration() async {
    // given
    let clock = TestClock()
    let reactor = NextPageReactor(clock: clock)
    let task = reactor.send(.decreaseLater)

    // when
    await clock.advance(by: .seconds(2))

    // then
    XCTAssertEqual(reactor.currentState.value, 10)

    // when
    await clock.advance(by: .seconds(1))
    await bounded("task finishes") { await task.finish() }

    // then
    XCTAssertEqual(reactor.currentState.value, 9)
  }
}
