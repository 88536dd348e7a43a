import ReactorFlowTesting
import XCTest

/// A reactor whose state and mutations are not `Equatable`, which the tester reports when it
/// runs (it finds `==` at run time, so that isolated conformances are accepted too).
@MainActor
private final class PlainReactor: Reactor {
  enum Action: Sendable { case bump }
  enum Mutation: Sendable { case bumped(by: Int) }  // a payload: not Equatable by itself
  struct State: Sendable { var count = 0 }

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Effect<Mutation> {
    .run { send in await send(.bumped(by: 1)) }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    State(count: state.count + 1)
  }
}

/// A reactor whose effect subscribes to a bus: the test posts right after `send` returns.
@MainActor
private final class ListenerReactor: Reactor {
  enum Action: Sendable { case listen }
  enum Mutation: Equatable, Sendable { case heard(String) }
  struct State: Equatable, Sendable { var heard: [String] = [] }

  let initialState = State()
  let runtime = Runtime()
  let bus: EventBus<String>

  init(bus: EventBus<String>) {
    self.bus = bus
  }

  func mutate(action: Action) -> Effect<Mutation> {
    .run { [bus] send in
      for await word in bus.events { await send(.heard(word)) }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    guard case .heard(let word) = mutation else { return state }
    return State(heard: state.heard + [word])
  }
}

@MainActor
final class TesterEquatableTests: XCTestCase {
  func test_tester_stateNotEquatable_failsAtCreationNamingTheFix() async {
    // when
    let line = #line + 2
    let failures = captureFailures {
      _ = ReactorTester(PlainReactor(), exhaustivity: .off)
    }

    // then
    XCTAssertEqual(failures.map(\.line), [UInt(line)])
    XCTAssertEqual(
      failures.first?.message,
      """
      ReactorTester compares states with ==, and the state of PlainReactor, State, is not \
      Equatable. Fix: declare it `Equatable` (`struct State: Equatable, Sendable`).
      """)
  }

  func test_receive_mutationNotEquatable_failsNamingTheFix() async {
    // when
    let failures = await captureFailures {
      let tester = ReactorTester(PlainReactor(), exhaustivity: .off)
      await tester.send(.bump)
      await tester.receive(.bumped(by: 1))
      await tester.receive(where: { _ in true }) { $0.count = 1 }
    }

    // then: the creation's failure, then receive(_:)'s; receive(where:) works.
    XCTAssertEqual(failures.count, 2)
    XCTAssertEqual(
      failures.last?.message,
      """
      receive(_:) compares mutations with ==, and the mutation of PlainReactor, Mutation, is not \
      Equatable. Fix: declare it `Equatable` (`enum Mutation: Equatable, Sendable`), or match it \
      with receive(where:).
      """)
  }

  func test_send_returnsOnceItsEffectsSuspend_soAPostRightAfterIsHeard() async {
    for _ in 0..<20 {
      // given
      let bus = EventBus<String>()
      let tester = ReactorTester(ListenerReactor(bus: bus))

      // when
      await tester.send(.listen)
      bus.post("hello")

      // then
      await tester.receive(.heard("hello")) { $0.heard = ["hello"] }
      bus.finish()
      await tester.finish()
    }
  }
}
