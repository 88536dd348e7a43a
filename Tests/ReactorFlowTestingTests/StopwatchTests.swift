import ReactorFlowTesting
import XCTest

@MainActor
final class StopwatchTests: XCTestCase {
  func test_stopwatch_startedForThreeSeconds_recordsOneTickPerSecond() async {
    // given
    let clock = TestClock()
    let reactor = StopwatchReactor(clock: clock)
    let seconds = reactor.record(\.seconds, clock: clock, distinct: true)

    // when
    reactor.send(.start)
    await clock.advance(by: .seconds(3))

    // then
    XCTAssertEqual(seconds.events, [.next(0, 0), .next(1, 1), .next(2, 2), .next(3, 3)])
  }

  func test_stopwatch_stoppedAndRestarted_countsOnlyWhileStarted() async {
    // given
    let clock = TestClock()
    let reactor = StopwatchReactor(clock: clock)
    let seconds = reactor.record(\.seconds, clock: clock, distinct: true)
    let isRunning = reactor.record(\.isRunning, clock: clock, distinct: true)

    // when
    reactor.send(.start)
    await clock.advance(by: .seconds(2))
    reactor.send(.stop)
    await clock.advance(by: .seconds(3))
    reactor.send(.start)
    await clock.advance(by: .seconds(2))
    reactor.send(.stop)
    await clock.run()

    // then
    XCTAssertEqual(
      seconds.events, [.next(0, 0), .next(1, 1), .next(2, 2), .next(6, 3), .next(7, 4)])
    XCTAssertEqual(
      isRunning.events,
      [.next(0, false), .next(0, true), .next(2, false), .next(5, true), .next(7, false)])
    XCTAssertEqual(reactor.runtime.activeEffectCount, 0)
    XCTAssertEqual(clock.pendingCount, 0)
  }

  func test_stopwatch_startedTwice_keepsOneTimer() async {
    // given
    let clock = TestClock()
    let reactor = StopwatchReactor(clock: clock)
    reactor.send(.start)

    // when
    reactor.send(.start)
    await clock.advance(by: .seconds(4))

    // then
    XCTAssertEqual(reactor.currentState.seconds, 4)
    XCTAssertEqual(clock.pendingCount, 1)
    reactor.send(.stop)
  }
}
