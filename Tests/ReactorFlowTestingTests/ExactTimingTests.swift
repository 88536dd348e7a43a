import ReactorFlowTestSupport
import ReactorFlowTesting
import XCTest

/// The cases that made tests of real apps flaky under load: each must hold on every run.
@MainActor
final class ExactTimingTests: XCTestCase {
  func test_advance_effectComputesFor5msBeforeItSleeps_wakesItAtItsDeadline() async {
    // given
    let clock = TestClock()
    let reactor = SlowStartTimerReactor(clock: clock)
    let fired = reactor.record(\.fired, clock: clock)

    // when
    reactor.send(.start)
    await clock.advance(by: .seconds(1))

    // then
    XCTAssertEqual(fired.events, [.next(0, 0), .next(1, 1)])
    XCTAssertEqual(clock.pendingCount, 0)
    XCTAssertEqual(reactor.runtime.activeEffectCount, 0)
  }

  func test_schedule_inputsIntoAnExternalStream_areRecordedOnTheirTick() async {
    // given
    let clock = TestClock()
    let (inputs, continuation) = AsyncStream.makeStream(of: String.self)
    let reactor = InputReactor(inputs: inputs)
    let text = reactor.record(\.text, clock: clock)
    clock.schedule([.next(1, "a"), .next(2, "b"), .next(4, "c")]) { continuation.yield($0) }

    // when
    await clock.run()

    // then
    XCTAssertEqual(text.events, [.next(0, ""), .next(1, "a"), .next(2, "ab"), .next(4, "abc")])
    continuation.finish()
  }

  func test_receive_mutationFromAnExternalStreamAfterTheActionsEffectEnded_isReceived() async {
    // given
    let tester = ReactorTester(TodoReactor(service: TodoService()))

    // when
    await tester.send(.toggle(7))

    // then
    await tester.receive(.setDone(7, true)) { $0.done = [7] }
    await tester.send(.toggle(7))
    await tester.receive(.setDone(7, false)) { $0.done = [] }
    await tester.finish()
  }

  func test_run_effectAwaitsAServiceThatReturnsADelay_endsOnlyAfterTheSleep() async {
    // given
    let clock = TestClock()
    let reactor = RetryReactor(service: ProfileService(), clock: clock)

    // when
    reactor.send(.retry)
    await clock.run()

    // then
    XCTAssertEqual(reactor.currentState.retries, 1)
    XCTAssertEqual(clock.now, .init(offset: .seconds(2)))
    XCTAssertEqual(reactor.runtime.activeEffectCount, 0)
  }

  func test_receive_effectWaitsOnIOThatNeverAnswers_failsNamingWhatItWaitsFor() async {
    // given
    let gate = Gate<Void>()
    let tester = ReactorTester(IOReactor(gate: gate), timeout: .milliseconds(200))
    await tester.send(.load(3))

    // when
    let failures = await captureFailures {
      await tester.receive(.loaded(3)) { $0.loaded = 3 }
    }

    // then
    XCTAssertEqual(failures.count, 1)
    let message = failures.first?.message ?? ""
    XCTAssertTrue(
      message.hasPrefix(
        "Expected to receive loaded(3), but no such mutation arrived: it did not arrive within "
          + "0.2 seconds."), message)
    XCTAssertTrue(
      message.contains(
        "effect started by .load(3) of IOReactor is suspended outside the test clock (awaiting "
          + "something that is not TestClock.sleep) after 0.2 seconds"), message)
    gate.open()
    await tester.receive(.loaded(3)) { $0.loaded = 3 }
    await tester.finish()
  }

  func test_finish_effectWaitsOnIOThatNeverAnswers_failsNamingWhatItWaitsFor() async {
    // given
    let gate = Gate<Void>()
    let tester = ReactorTester(IOReactor(gate: gate), timeout: .milliseconds(200))
    await tester.send(.load(4))

    // when
    let failures = await captureFailures {
      await tester.finish()
    }

    // then
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(
      failures.first?.message.contains(
        """
        The test ended while 1 effect(s) of IOReactor were still running.
          • effect started by .load(4) of IOReactor is suspended outside the test clock \
        (awaiting something that is not TestClock.sleep) after 0.2 seconds
        """) ?? false, "\(failures)")
    gate.open()
    await tester.receive(.loaded(4)) { $0.loaded = 4 }
    await tester.finish()
  }
}
