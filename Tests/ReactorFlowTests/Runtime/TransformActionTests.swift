import ReactorFlow
import ReactorFlowTestSupport
import ReactorFlowTesting
import XCTest

/// ReactorKit's `transform(action:)` uses: drop taps while loading, delay an action.
@MainActor
private final class RefreshReactor: Reactor {
  enum Action: Sendable, Equatable { case refresh, finishLoading, autosave, cancel }
  enum Mutation: Sendable { case setLoading(Bool), saved }
  struct State: Equatable, Sendable {
    var isLoading = false
    var refreshCount = 0
    var saveCount = 0
  }

  let initialState = State()
  let runtime = Runtime()
  let clock: TestClock
  private(set) var mutatedActions: [Action] = []

  init(clock: TestClock) {
    self.clock = clock
  }

  func transform(action: Action) -> Effect<Action> {
    switch action {
    case .refresh where currentState.isLoading:
      return .none
    case .autosave:
      return Effect.send(action).delay(for: .seconds(2), clock: clock)
    default:
      return .send(action)
    }
  }

  func mutate(action: Action) -> Effect<Mutation> {
    mutatedActions.append(action)
    switch action {
    case .refresh: return .send(.setLoading(true))
    case .finishLoading: return .send(.setLoading(false))
    case .autosave: return .send(.saved)
    case .cancel: return .none
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setLoading(let isLoading):
      if isLoading { state.refreshCount += 1 }
      state.isLoading = isLoading
    case .saved:
      state.saveCount += 1
    }
    return state
  }
}

/// ReactorKit code ported one action at a time: the one-to-one `transform(action:) -> Action`.
@MainActor
private final class SearchQueryReactor: Reactor {
  enum Action: Sendable, Equatable { case search(String) }
  struct State: Equatable, Sendable { var query = "" }

  let initialState = State()
  let runtime = Runtime()

  func transform(action: Action) -> Action {
    switch action {
    case .search(let query): return .search(query.lowercased())
    }
  }

  func reduce(state: State, mutation: Action) -> State {
    switch mutation {
    case .search(let query): return State(query: query)
    }
  }
}

/// Both forms declared: the `Effect<Action>` one is the loop's, and it decides whether to call the
/// one-to-one form.
@MainActor
private final class BothTransformsReactor: Reactor {
  enum Action: Sendable, Equatable { case add(Int), ignored }
  struct State: Equatable, Sendable { var total = 0 }

  let initialState = State()
  let runtime = Runtime()

  func transform(action: Action) -> Action {
    switch action {
    case .add(let value): return .add(value * 10)
    case .ignored: return .ignored
    }
  }

  func transform(action: Action) -> Effect<Action> {
    action == .ignored ? .none : .send(transform(action: action))
  }

  func reduce(state: State, mutation: Action) -> State {
    switch mutation {
    case .add(let value): return State(total: state.total + value)
    case .ignored: return State(total: -1)
    }
  }
}

@MainActor
final class TransformActionTests: XCTestCase {
  func test_transformActionToAction_declaredAlone_isCalledForEverySentAction() {
    // given
    let reactor = SearchQueryReactor()

    // when
    reactor.send(.search("ReactorKit"))

    // then
    XCTAssertEqual(reactor.currentState.query, "reactorkit")
  }

  func test_transformActionToAction_withTheEffectFormToo_runsWhereTheEffectFormCallsIt() {
    // given
    let reactor = BothTransformsReactor()

    // when
    reactor.send(.add(1))
    reactor.send(.ignored)
    reactor.send(.add(2))

    // then
    XCTAssertEqual(reactor.currentState.total, 30)
  }

  func test_transformAction_returningNone_dropsTheAction() async {
    // given
    let reactor = RefreshReactor(clock: TestClock())
    reactor.send(.refresh)

    // when
    reactor.send(.refresh)
    reactor.send(.refresh)

    // then
    XCTAssertEqual(reactor.currentState.refreshCount, 1)
    XCTAssertEqual(reactor.mutatedActions, [.refresh])
  }

  func test_transformAction_afterLoading_letsTheActionThroughAgain() async {
    let reactor = RefreshReactor(clock: TestClock())
    reactor.send(.refresh)
    reactor.send(.finishLoading)

    reactor.send(.refresh)

    XCTAssertEqual(reactor.currentState.refreshCount, 2)
  }

  func test_transformAction_delayed_reachesMutateOnlyAfterTheDelay() async {
    // given
    let clock = TestClock()
    let reactor = RefreshReactor(clock: clock)

    // when
    let task = reactor.send(.autosave)
    await clock.advance(by: .seconds(1))

    // then
    XCTAssertEqual(reactor.currentState.saveCount, 0)
    XCTAssertEqual(reactor.mutatedActions, [])

    // when
    await clock.advance(by: .seconds(1))
    await bounded("task finishes") { await task.finish() }

    // then
    XCTAssertEqual(reactor.currentState.saveCount, 1)
    XCTAssertEqual(reactor.mutatedActions, [.autosave])
  }

  func test_transformAction_delayedActionCancelledThroughItsTask_neverMutates() async {
    // given
    let clock = TestClock()
    let reactor = RefreshReactor(clock: clock)
    let task = reactor.send(.autosave)

    // when
    task.cancel()
    await bounded("task finishes") { await task.finish() }
    await clock.run()

    // then
    XCTAssertEqual(reactor.mutatedActions, [])
  }

  func test_observeActions_seesEverySentActionInOrder_evenDroppedOnes() async {
    // given
    let reactor = RefreshReactor(clock: TestClock())
    var seen: [RefreshReactor.Action] = []
    let token = reactor.observe(actions: { seen.append($0) })

    // when
    reactor.send(.refresh)
    reactor.send(.refresh)
    reactor.send(.cancel)
    token.cancel()
    reactor.send(.finishLoading)

    // then
    XCTAssertEqual(seen, [.refresh, .refresh, .cancel])
  }

  func test_actionsStream_deliversActionsSentAfterSubscribing() async {
    // given
    let reactor = RefreshReactor(clock: TestClock())
    reactor.send(.refresh)
    let actions = reactor.actions

    // when
    reactor.send(.finishLoading)
    reactor.send(.cancel)

    // then
    let iterator = BoundedIterator(actions)
    let first = await iterator.next("the first action sent after subscribing", in: self)
    let second = await iterator.next("the second action", in: self)
    XCTAssertEqual(first, .finishLoading)
    XCTAssertEqual(second, .cancel)
  }

  func test_actionsStream_endsWhenTheReactorIsReleased() async throws {
    // given
    var reactor: RefreshReactor? = RefreshReactor(clock: TestClock())
    let actions = try XCTUnwrap(reactor?.actions)
    reactor?.send(.cancel)

    // when
    reactor = nil

    // then
    let received = await collected("the actions, until the reactor is released", actions)
    XCTAssertEqual(received, [.cancel])
  }
}
