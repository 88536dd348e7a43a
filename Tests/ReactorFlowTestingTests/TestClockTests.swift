import ReactorFlowTestSupport
import ReactorFlowTesting
import XCTest

@MainActor
final class TestClockTests: XCTestCase {
  func test_advance_sleepersWithDifferentDeadlines_wakeInDeadlineOrder() async {
    // given
    let clock = TestClock()
    let log = SleeperLog()
    _ = log.sleeper("c", until: .seconds(3), on: clock)
    _ = log.sleeper("a", until: .seconds(1), on: clock)
    _ = log.sleeper("b", until: .seconds(2), on: clock)

    // when
    await clock.advance(by: .seconds(3))

    // then
    XCTAssertEqual(log.entries, ["a at 1.0 seconds", "b at 2.0 seconds", "c at 3.0 seconds"])
    XCTAssertEqual(clock.now, .init(offset: .seconds(3)))
    XCTAssertEqual(clock.pendingCount, 0)
  }

  func test_advance_sleepersWithEqualDeadlines_wakeInTheOrderTheySlept() async {
    // given
    let clock = TestClock()
    let log = SleeperLog()
    await log.sleeperThatHasSlept("first", until: .seconds(1), on: clock)
    await log.sleeperThatHasSlept("second", until: .seconds(1), on: clock)

    // when
    await clock.advance(by: .seconds(1))

    // then
    XCTAssertEqual(log.entries, ["first at 1.0 seconds", "second at 1.0 seconds"])
  }

  func test_advanceTo_pastSeveralDeadlines_wakesEachAtItsOwnDeadlineAndStopsAtTheTarget() async {
    // given
    let clock = TestClock()
    let log = SleeperLog()
    _ = log.sleeper("1s", until: .seconds(1), on: clock)
    _ = log.sleeper("2.5s", until: .milliseconds(2500), on: clock)
    _ = log.sleeper("9s", until: .seconds(9), on: clock)

    // when
    await clock.advance(to: .init(offset: .seconds(4)))

    // then
    XCTAssertEqual(log.entries, ["1s at 1.0 seconds", "2.5s at 2.5 seconds"])
    XCTAssertEqual(clock.now, .init(offset: .seconds(4)))
    XCTAssertEqual(clock.pendingCount, 1)

    // when
    await clock.run()

    // then
    XCTAssertEqual(log.entries.last, "9s at 9.0 seconds")
  }

  func test_advance_beforeADeadline_leavesTheSleeperAsleep() async {
    // given
    let clock = TestClock()
    let log = SleeperLog()
    _ = log.sleeper("a", until: .seconds(2), on: clock)

    // when
    await clock.advance(by: .milliseconds(1999))

    // then
    XCTAssertEqual(log.entries, [])
    XCTAssertEqual(clock.pendingCount, 1)
    await clock.advance(by: .milliseconds(1))
    XCTAssertEqual(log.entries, ["a at 2.0 seconds"])
  }

  func test_cancel_sleepingTask_endsItsSleepWithCancellationError() async {
    // given
    let clock = TestClock()
    let log = SleeperLog()
    let task = await log.sleeperThatHasSlept("a", until: .seconds(5), on: clock)

    // when
    task.cancel()
    await bounded("the cancelled sleeper ends") { await task.value }

    // then
    XCTAssertEqual(log.entries, ["a cancelled"])
    XCTAssertEqual(clock.pendingCount, 0)
    XCTAssertEqual(clock.now, .init(offset: .zero))
  }

  func test_sleep_inAnAlreadyCancelledTask_throwsWithoutSleeping() async {
    // given
    let clock = TestClock()
    let log = SleeperLog()
    let task = Task { @MainActor in
      withUnsafeCurrentTask { $0?.cancel() }
      do {
        try await clock.sleep(for: .seconds(1))
        log.append("woke")
      } catch {
        log.append("\(type(of: error))")
      }
    }

    // when
    await bounded("the cancelled task's sleep throws") { await task.value }

    // then
    XCTAssertEqual(log.entries, ["CancellationError"])
    XCTAssertEqual(clock.pendingCount, 0)
  }

  func test_sleep_untilANonFutureDeadline_returnsAtOnce() async throws {
    // given
    let clock = TestClock()
    await clock.advance(by: .seconds(2))

    // when
    let returned = await bounded("a sleep until a past deadline returns at once") {
      do {
        try await clock.sleep(until: .init(offset: .seconds(1)))
        return true
      } catch {
        return false
      }
    }

    // then
    XCTAssertEqual(returned, true)
    XCTAssertEqual(clock.pendingCount, 0)
  }

  func test_run_timerLoopThatStops_runsEveryTickUntilNothingIsLeft() async {
    // given
    let clock = TestClock()
    let log = SleeperLog()
    // On the clock's executor, so that run() waits for the loop to reach its next sleep.
    let loop: @MainActor @Sendable () async -> Void = {
      for tick in 1...5 {
        do {
          try await clock.sleep(for: .seconds(1))
        } catch {
          log.append("cancelled")
          return
        }
        log.append("tick \(tick)")
      }
    }
    let task = Task(executorPreference: TestClock.executor, operation: loop)

    // when
    await clock.run()

    // then
    await bounded("the timer loop ends after its fifth tick") { await task.value }
    XCTAssertEqual(log.entries, (1...5).map { "tick \($0)" })
    XCTAssertEqual(clock.now, .init(offset: .seconds(5)))
  }

  func test_run_endlessTimer_failsAfterTheBoundInsteadOfHanging() async {
    // given
    let clock = TestClock()
    let task = Task(executorPreference: TestClock.executor) {
      while true { try await clock.sleep(for: .seconds(1)) }
    }

    // when
    let failures = await captureFailures {
      await clock.run(maxWakeUps: 20)
    }

    // then
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(failures.first?.message.contains("TestClock.run() woke 20 sleepers") ?? false)
    XCTAssertTrue(failures.first?.message.contains("Fix: stop or cancel that work") ?? false)
    XCTAssertEqual(failures.first?.fileID, "ReactorFlowTestingTests/TestClockTests.swift")
    task.cancel()
    await bounded("the cancelled timer ends") { _ = await task.result }
  }

  func test_advanceTo_anInstantInThePast_failsAndLeavesTimeAlone() async {
    // given
    let clock = TestClock()
    await clock.advance(by: .seconds(5))

    // when
    let failures = await captureFailures {
      await clock.advance(to: .init(offset: .seconds(1)))
    }

    // then
    XCTAssertEqual(failures.map(\.message.isEmpty), [false])
    XCTAssertTrue(failures.first?.message.contains("cannot move back in time") ?? false)
    XCTAssertEqual(clock.now, .init(offset: .seconds(5)))
  }

  func test_schedule_closuresAndSleepers_runInDeadlineOrder() async {
    // given
    let clock = TestClock()
    let log = SleeperLog()
    _ = log.sleeper("sleeper", until: .seconds(2), on: clock)
    clock.schedule(at: 3) { log.append("scheduled at 3") }
    clock.schedule([.next(0, "zero"), .next(1, "one")]) { log.append("scheduled \($0)") }

    // when
    await clock.run()

    // then
    XCTAssertEqual(
      log.entries,
      ["scheduled zero", "scheduled one", "sleeper at 2.0 seconds", "scheduled at 3"])
  }

  func test_scheduleAtAnInstant_runsWithTheTickFormInDeadlineOrder() async {
    // given: ticks of 100 ms, and closures at ticks and at instants
    let clock = TestClock(tick: .milliseconds(100))
    let log = Spy<String, Void>("log")
    clock.schedule(at: 3) { log("tick 3") }
    clock.schedule(at: VirtualInstant(offset: .milliseconds(150))) { log("instant 0.15") }
    clock.schedule(at: clock.now.advanced(by: .milliseconds(400))) { log("instant 0.4") }

    // when
    await clock.advance(to: VirtualInstant(offset: .milliseconds(300)))

    // then: each ran at its own deadline, the later one waits
    XCTAssertEqual(log.allArguments, ["instant 0.15", "tick 3"])
    await clock.run()
    XCTAssertEqual(log.allArguments, ["instant 0.15", "tick 3", "instant 0.4"])
    XCTAssertEqual(clock.now, VirtualInstant(offset: .milliseconds(400)))
  }

  func test_scheduleAtAnInstantAlreadyPassed_runsAtTheNextAdvance() async {
    // given
    let clock = TestClock()
    await clock.advance(by: .seconds(2))
    let log = Spy<String, Void>("log")

    // when
    clock.schedule(at: VirtualInstant(offset: .seconds(1))) { log("late") }
    await clock.advance(by: .zero)

    // then
    XCTAssertEqual(log.allArguments, ["late"])
  }
}
