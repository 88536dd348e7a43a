import ReactorFlow
import XCTest

/// A counter whose `mutate` must never run under a stub.
@MainActor
private final class PreviewCounterReactor: Reactor {
  enum Action: Sendable, Equatable { case increase, reset }
  struct State: Equatable, Sendable { var value = 0 }

  let initialState = State()
  let runtime = Runtime()
  private(set) var mutateCalls = 0

  func mutate(action: Action) -> Effect<Action> {
    mutateCalls += 1
    return .send(action)
  }

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    switch mutation {
    case .increase: state.value += 1
    case .reset: state.value = 0
    }
    return state
  }
}

// ReactorStub lives in ReactorFlow: this target imports no testing module for it.
@MainActor
final class ReactorStubScriptTests: XCTestCase {
  func test_script_changesTheShownStateInAnswerToEachAction_withoutMutateOrReduce() async {
    // given: a preview's stub that counts by ten
    let stub = ReactorStub(PreviewCounterReactor()) { action, state in
      if action == .increase { state.value += 10 }
    }
    var shown: [Int] = []
    let token = stub.reactor.observe(\.value) { shown.append($0) }

    // when
    stub.reactor.send(.increase)
    stub.reactor.send(.increase)
    stub.reactor.send(.reset)

    // then
    XCTAssertEqual(stub.actions, [.increase, .increase, .reset])
    XCTAssertEqual(shown, [0, 10, 20])
    XCTAssertEqual(stub.state.value, 20)
    XCTAssertEqual(stub.reactor.mutateCalls, 0)
    token.cancel()
  }

  func test_stubWithoutScript_keepsTheStateItIsGiven() async {
    // given
    let stub = ReactorStub(PreviewCounterReactor())

    // when
    stub.state.value = 7
    stub.reactor.send(.increase)

    // then
    XCTAssertEqual(stub.reactor.currentState.value, 7)
    XCTAssertEqual(stub.lastAction, .increase)
  }

  // The "Previews and demo screens" snippet of the "Driving views" article, on the README's counter.
  func test_drivingViewsArticle_stubOfTheCounter_answersEachAction() async {
    // given
    let stub = ReactorStub(CounterViewReactor()) { action, state in
      switch action {
      case .increase: state.value += 1
      case .decrease: state.value -= 1
      }
    }

    // when
    stub.reactor.send(.increase)
    stub.reactor.send(.increase)
    stub.reactor.send(.decrease)

    // then
    XCTAssertEqual(stub.reactor.currentState.value, 1)
    XCTAssertEqual(stub.actions.count, 3)
  }
}
