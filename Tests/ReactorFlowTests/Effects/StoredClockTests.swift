import Foundation
import ReactorFlow
import ReactorFlowTestSupport
import ReactorFlowTesting
import XCTest

/// A reactor that stores its clock as `any Clock<Duration>`, the usual way to inject one, in a
/// file that imports Foundation (where a bare `clock` also names C's `clock()`).
@MainActor
private final class StoredClockReactor: Reactor {
  enum Action: Sendable { case show, search(String), tap }
  enum Mutation: Sendable { case setVisible(Bool), setQuery(String), tapped }
  struct State: Equatable, Sendable {
    var isVisible = false
    var query = ""
    var taps = 0
  }

  let initialState = State()
  let runtime = Runtime()
  let clock: any Clock<Duration>

  init(clock: any Clock<Duration>) {
    self.clock = clock
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .show:
      return .concatenate(
        .send(.setVisible(true)),
        Effect.send(.setVisible(false)).delay(for: .seconds(2), clock: clock))
    case .search(let query):
      return Effect.send(.setQuery(query)).debounce(id: "search", for: .seconds(1), clock: clock)
    case .tap:
      return Effect.send(.tapped).throttle(id: "tap", for: .seconds(1), clock: clock)
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setVisible(let isVisible): state.isVisible = isVisible
    case .setQuery(let query): state.query = query
    case .tapped: state.taps += 1
    }
    return state
  }
}

@MainActor
final class StoredClockTests: XCTestCase {
  func test_delay_onAStoredAnyClock_waitsOnIt() async {
    let clock = TestClock()
    let reactor = StoredClockReactor(clock: clock)
    let task = reactor.send(.show)
    XCTAssertTrue(reactor.currentState.isVisible)

    await clock.advance(by: .seconds(2))
    await bounded("task finishes") { await task.finish() }

    XCTAssertFalse(reactor.currentState.isVisible)
  }

  func test_debounceAndThrottle_onAStoredAnyClock_waitOnIt() async {
    let clock = TestClock()
    let reactor = StoredClockReactor(clock: clock)

    reactor.send(.search("s"))
    let last = reactor.send(.search("sw"))
    reactor.send(.tap)
    reactor.send(.tap)
    await clock.advance(by: .seconds(1))
    await bounded("last finishes") { await last.finish() }

    XCTAssertEqual(reactor.currentState.query, "sw")
    XCTAssertEqual(reactor.currentState.taps, 1)
  }
}
