import ReactorFlow
import XCTest

/// A reactor whose `transform(state:)` is not idempotent: it appends a marker.
@MainActor
private final class MarkingReactor: Reactor {
  enum Action: Sendable { case add(String) }
  struct State: Equatable, Sendable { var items: [String] = [] }

  let initialState = State()
  let runtime = Runtime()
  private(set) var reducedStates: [State] = []

  func reduce(state: State, mutation: Action) -> State {
    reducedStates.append(state)
    guard case .add(let item) = mutation else { return state }
    var state = state
    state.items.append(item)
    return state
  }

  func transform(state: State) -> State {
    var state = state
    state.items.append("marker")
    return state
  }
}

@MainActor
final class TransformStateTests: XCTestCase {
  func test_transformState_appendingMarker_appearsOnceAfterManyMutations() async {
    // given
    let reactor = MarkingReactor()

    // when
    for item in ["a", "b", "c", "d", "e"] { reactor.send(.add(item)) }

    // then
    XCTAssertEqual(reactor.currentState.items, ["a", "b", "c", "d", "e", "marker"])
  }

  func test_transformState_initialState_isTransformedOnce() async {
    // given
    let reactor = MarkingReactor()

    // when
    let states = (0..<3).map { _ in reactor.currentState }

    // then
    XCTAssertEqual(states, Array(repeating: MarkingReactor.State(items: ["marker"]), count: 3))
  }

  func test_reduce_receivesTheReducedStateNotThePublishedOne() async {
    // given
    let reactor = MarkingReactor()

    // when
    reactor.send(.add("a"))
    reactor.send(.add("b"))

    // then
    XCTAssertEqual(reactor.reducedStates.map(\.items), [[], ["a"]])
  }

  func test_observers_seeOnlyPublishedStates() async {
    // given
    let reactor = MarkingReactor()
    var seen: [[String]] = []
    let token = reactor.observe(\.items) { seen.append($0) }

    // when
    reactor.send(.add("a"))

    // then
    XCTAssertEqual(seen, [["marker"], ["a", "marker"]])
    token.cancel()
  }
}
