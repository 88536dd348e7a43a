import ReactorFlowTestSupport
import ReactorFlowTesting
import XCTest

/// The tester failing on purpose; the failures are captured so that the messages are tested.
@MainActor
final class ReactorTesterFailureTests: XCTestCase {
  func test_send_wrongExpectedState_failsWithADiffAtTheStepLine() async {
    // given
    let tester = ReactorTester(AsyncCounterReactor())

    // when
    let line = #line + 2
    let failures = await captureFailures {
      await tester.send(.increment) { $0.count = 2 }
    }

    // then
    XCTAssertEqual(
      failures.map(\.message),
      [
        """
        The state after send(increment) is not the expected state (− expected, + actual):
          ▿ ReactorFlowTestingTests.AsyncCounterReactor.State
        −   - count: 2
        +   - count: 1
            - isLoading: false
            - fact: nil
        Fix: in the closure of this step, set every field that changed to its new value (start \
        from the state before the step), or fix the reducer if the actual value is wrong.
        """
      ])
    XCTAssertEqual(failures.first?.line, UInt(line))
    XCTAssertEqual(failures.first?.fileID, "ReactorFlowTestingTests/ReactorTesterFailureTests.swift")
  }

  func test_send_changeNotAsserted_failsInExhaustiveMode() async {
    // given
    let tester = ReactorTester(AsyncCounterReactor())

    // when
    let failures = await captureFailures {
      await tester.send(.increment)
    }

    // then
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(failures.first?.message.contains("−   - count: 0\n+   - count: 1") ?? false)
  }

  func test_finish_mutationNotReceived_failsListingIt() async {
    // given
    let client = FactClientMock()
    client.factSpy.returns("fact")
    let tester = ReactorTester(AsyncCounterReactor(client: client))
    await tester.send(.loadFact) { $0.isLoading = true }
    await tester.receive(.setFact("fact")) { $0.fact = "fact" }

    // when
    let failures = await captureFailures {
      await tester.finish()
    }

    // then
    XCTAssertEqual(
      failures.map(\.message),
      [
        """
        The test ended before it received 1 mutation(s) that effects sent:
          • setLoading(false)
        Likely cause: an effect sent mutations that the test did not assert. Fix: assert each \
        with `await tester.receive(...)` before finish(), call skipReceivedMutations(), or set \
        exhaustivity = .off.
        """
      ])
  }

  func test_send_beforeReceivingEarlierMutations_fails() async {
    // given
    let client = FactClientMock()
    client.factSpy.returns("fact")
    let tester = ReactorTester(AsyncCounterReactor(client: client))
    await tester.send(.loadFact) { $0.isLoading = true }.finish()

    // when
    let failures = await captureFailures {
      await tester.send(.increment) { $0.count = 1 }
    }

    // then
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(
      failures.first?.message.hasPrefix(
        """
        send(increment) came before the test received 2 mutation(s) that effects had sent:
          • setFact("fact")
          • setLoading(false)
        """) ?? false, "\(failures)")
  }

  func test_finish_effectStillRunning_fails() async {
    // given
    let clock = TestClock()
    let tester = ReactorTester(AsyncCounterReactor(clock: clock))
    await tester.send(.startTimer)
    await clock.advance(by: .zero)  // The timer is asleep: finish(timeout: .zero) checks at once.

    // when
    let failures = await captureFailures {
      await tester.finish(timeout: .zero)
    }

    // then
    XCTAssertEqual(
      failures.map(\.message),
      [
        """
        The test ended while 1 effect(s) of AsyncCounterReactor were still running.
          • effect started by .startTimer of AsyncCounterReactor is sleeping on a TestClock until \
        1.0 seconds (now 0.0 seconds)
        Likely cause: a long-lived effect (a timer, a stream, work sleeping on a TestClock that \
        was not advanced far enough, or a call to a spy that never returns) was never stopped. \
        Fix: send the action that cancels it, advance the test clock until it ends, or await or \
        cancel its ReactorTask; if the test does not care, set exhaustivity = .off.
        """
      ])
    await tester.send(.stopTimer)
  }

  func test_finish_effectStillRunningInNonExhaustiveMode_passes() async {
    // given
    let clock = TestClock()
    let tester = ReactorTester(AsyncCounterReactor(clock: clock), exhaustivity: .off)
    await tester.send(.startTimer)

    // when
    let failures = await captureFailures {
      await tester.finish(timeout: .zero)
    }

    // then
    XCTAssertEqual(failures, [])
    await tester.send(.stopTimer)
  }

  func test_receive_otherMutationThanExpected_failsWithAMutationDiff() async {
    // given
    let client = FactClientMock()
    client.factSpy.returns("fact")
    let tester = ReactorTester(AsyncCounterReactor(client: client))
    await tester.send(.loadFact) { $0.isLoading = true }

    // when
    let failures = await captureFailures {
      await tester.receive(.setLoading(false)) { $0.isLoading = false }
    }

    // then
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(
      failures.first?.message.hasPrefix(
        """
        Received a mutation other than the one expected (− expected, + received):
        − ▿ ReactorFlowTestingTests.AsyncCounterReactor.Mutation.setLoading
        −   - setLoading: false
        + ▿ ReactorFlowTestingTests.AsyncCounterReactor.Mutation.setFact
        +   - setFact: "fact"
        """) ?? false, "\(failures)")
    await tester.receive(.setLoading(false)) {
      $0.isLoading = false; $0.fact = "fact"
    }
    await tester.finish()
  }

  func test_receive_nothingArrives_failsOnceEffectsAreDone() async {
    // given
    let tester = ReactorTester(AsyncCounterReactor())
    await tester.send(.increment) { $0.count = 1 }

    // when
    let failures = await captureFailures {
      await tester.receive(.add(1)) { $0.count = 2 }
    }

    // then
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(
      failures.first?.message.hasPrefix("Expected to receive add(1), but no such mutation arrived")
        ?? false, "\(failures)")
  }

  func test_receive_nonExhaustiveNothingMatches_failsListingTheSkippedMutations() async {
    // given
    let client = FactClientMock()
    client.factSpy.returns("fact")
    let tester = ReactorTester(AsyncCounterReactor(client: client), exhaustivity: .off)
    await tester.send(.loadFact)

    // when
    let failures = await captureFailures {
      await tester.receive(.add(1))
    }

    // then
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(
      failures.first?.message.hasPrefix(
        """
        Expected to receive add(1), but no such mutation arrived: nothing that the test started \
        can send it any more: every effect of the tester's actions has finished, sleeps on a \
        TestClock or awaits a spy that never returns.
        It skipped:
          • setFact("fact")
          • setLoading(false)
        0 effect(s) of AsyncCounterReactor are still running.
        """) ?? false, "\(failures)")
  }

  func test_effectError_notHandled_failsTheTest() async {
    // given
    let tester = ReactorTester(AsyncCounterReactor())

    // when
    let failures = await captureFailures {
      await bounded("tester.send(.loadFactUnhandled) finishes") {
        await tester.send(.loadFactUnhandled).finish()
      }
    }

    // then
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(
      failures.first?.message.hasPrefix(
        "An effect of AsyncCounterReactor threw an error that nothing handled: FactError()") ?? false,
      "\(failures)")
    await tester.finish()
  }

  func test_send_assertionClosureThrows_fails() async {
    // given
    let tester = ReactorTester(AsyncCounterReactor())

    // when
    let failures = await captureFailures {
      await tester.send(.increment) { _ in throw FactError() }
    }

    // then
    XCTAssertEqual(
      failures.map(\.message),
      ["The closure that describes the expected state after send(increment) threw FactError()."])
  }

  func test_receive_wrongExpectedState_failsAndTheNextMutationStillArrives() async {
    // given
    let tester = ReactorTester(MappedRunReactor())
    await tester.send(.load)

    // when
    let failures = await captureFailures {
      await tester.receive(.log("mapped 1")) { $0.log = ["wrong"] }
    }

    // then
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(
      failures.first?.message.hasPrefix(
        "The state after receive(log(\"mapped 1\")) is not the expected state") ?? false,
      "\(failures)")
    await tester.receive(.log("mapped 2")) { $0.log = ["mapped 1", "mapped 2"] }
    await tester.finish()
  }
}
