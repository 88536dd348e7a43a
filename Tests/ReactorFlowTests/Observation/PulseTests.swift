import ReactorFlow
import ReactorFlowTestSupport
import XCTest

@MainActor
private final class AlertReactor: Reactor {
  enum Action: Sendable { case alert(String), increment }
  struct State: Equatable, Sendable {
    @Pulse var alert: String? = nil
    var count = 0
  }

  let initialState = State(alert: "initial")
  let runtime = Runtime()

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    switch mutation {
    case .alert(let message): state.alert = message
    case .increment: state.count += 1
    }
    return state
  }
}

@MainActor
final class PulseTests: XCTestCase {
  func test_pulse_assignedEqualValueTwice_notifiesTwiceAndSkipsInitialValue() async {
    // given
    let reactor = AlertReactor()
    var alerts: [String?] = []
    let token = reactor.observe(pulse: \.$alert) { alerts.append($0) }

    // when
    reactor.send(.alert("saved"))
    reactor.send(.alert("saved"))
    reactor.send(.increment)

    // then
    XCTAssertEqual(alerts, ["saved", "saved"])
    token.cancel()
  }

  func test_pulses_stream_deliversEachAssignment() async {
    let reactor = AlertReactor()
    let pulses = reactor.pulses(\.$alert)

    reactor.send(.increment)
    reactor.send(.alert("a"))
    reactor.send(.alert("a"))

    let seen = await bounded("two pulses") {
      var iterator = pulses.makeAsyncIterator()
      return [await iterator.next(), await iterator.next()]
    }
    XCTAssertEqual(seen, ["a", "a"])
  }

  func test_pulse_valueUpdatedCount_countsAssignments() async {
    var pulse = Pulse(wrappedValue: 1)

    pulse.wrappedValue = 1
    pulse.wrappedValue = 2

    XCTAssertEqual(pulse.valueUpdatedCount, 2)
    XCTAssertEqual(pulse.value, 2)
  }
}
