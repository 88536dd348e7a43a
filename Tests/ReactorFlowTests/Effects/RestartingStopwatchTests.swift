import ReactorFlow
import ReactorFlowTesting
import XCTest

/// A stopwatch whose `start` (re)starts a timer that ticks every second on an injected clock,
/// cancelling the running one; `stop` cancels the ticking.
@MainActor
final class RestartingStopwatchReactor: Reactor {
  enum Action: Sendable { case start, stop }
  enum Mutation: Sendable { case setRunning(Bool), tick }
  struct State: Equatable, Sendable { var isRunning = false; var seconds = 0 }

  let initialState = State()
  let runtime = Runtime()
  private let clock: any Clock<Duration>

  init(clock: any Clock<Duration>) {
    self.clock = clock
  }

  private enum TimerID: Hashable, Sendable { case timer }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .start:
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
      .prepend(.setRunning(true))
      .cancellable(id: TimerID.timer, cancelInFlight: true)
    case .stop:
      return .concatenate(.cancel(id: TimerID.timer), .send(.setRunning(false)))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setRunning(let isRunning): state.isRunning = isRunning
    case .tick: state.seconds += 1
    }
    return state
  }
}

@MainActor
final class RestartingStopwatchTests: XCTestCase {
  func test_stopwatch_countsOnlyWhileStarted() async {
    // given
    let clock = TestClock()
    let reactor = RestartingStopwatchReactor(clock: clock)

    // when
    reactor.send(.start)
    await clock.advance(by: .seconds(3))
    let whileRunning = reactor.currentState.seconds
    reactor.send(.stop)
    await clock.advance(by: .seconds(5))
    let whileStopped = reactor.currentState.seconds
    reactor.send(.start)
    await clock.advance(by: .seconds(2))

    // then
    XCTAssertEqual(whileRunning, 3)
    XCTAssertEqual(whileStopped, 3)
    XCTAssertEqual(reactor.currentState, .init(isRunning: true, seconds: 5))
    reactor.send(.stop)
    await clock.run()
    XCTAssertEqual(reactor.runtime.activeEffectCount, 0, "the cancelled timer has ended")
    XCTAssertEqual(clock.pendingCount, 0)
  }

  func test_stopwatch_startedTwice_cancelsTheFirstTimer() async {
    let clock = TestClock()
    let reactor = RestartingStopwatchReactor(clock: clock)

    reactor.send(.start)
    await clock.advance(by: .milliseconds(500))
    reactor.send(.start)
    await clock.advance(by: .seconds(2))

    XCTAssertEqual(reactor.currentState.seconds, 2, "one timer, restarted at 0.5 s")
    reactor.send(.stop)
  }
}

@MainActor
private final class TapReactor: Reactor {
  enum Action: Sendable { case tap }
  enum Mutation: Sendable { case accepted }
  struct State: Equatable, Sendable { var accepted = 0 }

  let initialState = State()
  let runtime = Runtime()
  let clock: TestClock

  init(clock: TestClock) { self.clock = clock }

  func mutate(action: Action) -> Effect<Mutation> {
    Effect.send(.accepted).throttle(id: "tap", for: .seconds(1), clock: clock)
  }

  func reduce(state: State, mutation: Mutation) -> State {
    State(accepted: state.accepted + 1)
  }
}

@MainActor
final class ThrottleTests: XCTestCase {
  func test_throttle_dropsEffectsInsideTheWindowAndAcceptsAfterIt() async {
    // given
    let clock = TestClock()
    let reactor = TapReactor(clock: clock)

    // when
    reactor.send(.tap)
    reactor.send(.tap)
    await clock.advance(by: .milliseconds(500))
    reactor.send(.tap)
    await clock.advance(by: .milliseconds(600))
    reactor.send(.tap)

    // then
    XCTAssertEqual(reactor.currentState.accepted, 2)
  }
}
