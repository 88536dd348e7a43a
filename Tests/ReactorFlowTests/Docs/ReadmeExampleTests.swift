import ReactorFlow
import XCTest

// The example from README.md, verbatim between the markers, so that it always compiles.
// README-EXAMPLE-START
@MainActor
final class CounterViewReactor: Reactor {
  enum Action: Sendable { case increase, decrease }
  enum Mutation: Sendable { case increaseValue, decreaseValue, setLoading(Bool) }
  struct State: Equatable, Sendable {
    var value = 0
    var isLoading = false
  }

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .increase:
      return .send(.increaseValue)
    case .decrease:
      return .concatenate(.send(.setLoading(true)), .send(.decreaseValue), .send(.setLoading(false)))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .increaseValue: state.value += 1
    case .decreaseValue: state.value -= 1
    case .setLoading(let isLoading): state.isLoading = isLoading
    }
    return state
  }
}
// README-EXAMPLE-END

@MainActor
final class ReadmeExampleTests: XCTestCase {
  func test_readmeExample_increaseAndDecrease_updateTheValueSynchronously() async {
    let reactor = CounterViewReactor()
    var values: [Int] = []
    let token = reactor.observe(\.value) { values.append($0) }

    reactor.send(.increase)
    reactor.send(.increase)
    reactor.send(.decrease)

    XCTAssertEqual(values, [0, 1, 2, 1])
    XCTAssertFalse(reactor.currentState.isLoading)
    token.cancel()
  }
}
