import ReactorFlow
import XCTest

@MainActor
private final class LoggingReactor: Reactor {
  enum Action: Sendable { case add(Int) }
  enum Mutation: Sendable { case added(Int) }
  struct State: Equatable { var total = 0; var published = false }

  let initialState = State()
  let runtime = Runtime()
  var log: [String] = []

  func transform(action: Action) -> Effect<Action> {
    guard case .add(let value) = action else { return .send(action) }
    log.append("transform(action) \(value)")
    return .send(.add(value * 10))
  }

  func mutate(action: Action) -> Effect<Mutation> {
    guard case .add(let value) = action else { return .none }
    log.append("mutate \(value)")
    return .send(.added(value))
  }

  func transform(mutation: Mutation) -> Mutation {
    guard case .added(let value) = mutation else { return mutation }
    log.append("transform(mutation) \(value)")
    return .added(value + 1)
  }

  func reduce(state: State, mutation: Mutation) -> State {
    guard case .added(let value) = mutation else { return state }
    log.append("reduce \(value)")
    var state = state
    state.total += value
    return state
  }

  func transform(state: State) -> State {
    log.append("transform(state) \(state.total)")
    var state = state
    state.published = true
    return state
  }
}

@MainActor
final class HookOrderTests: XCTestCase {
  func test_send_withEveryHook_runsHooksInDocumentedOrder() async {
    // given
    let reactor = LoggingReactor()
    XCTAssertEqual(reactor.currentState, LoggingReactor.State(total: 0, published: true))
    reactor.log.removeAll()

    // when
    reactor.send(.add(2))

    // then
    XCTAssertEqual(
      reactor.log,
      ["transform(action) 2", "mutate 20", "transform(mutation) 20", "reduce 21", "transform(state) 21"])
  }

  func test_currentState_afterSend_isTheTransformedState() async {
    let reactor = LoggingReactor()

    reactor.send(.add(1))

    XCTAssertEqual(reactor.currentState, LoggingReactor.State(total: 11, published: true))
  }

  func test_initialState_isTransformedAndReadOnce() async {
    let reactor = LoggingReactor()

    _ = reactor.currentState
    _ = reactor.currentState

    XCTAssertEqual(reactor.log, ["transform(state) 0"])
  }
}
