import ReactorFlowTestSupport
import ReactorFlowTesting
import XCTest

/// `Spy.answer`: at once, after a delay on an injected clock, or never (until cancelled), and
/// how the tester names a spy that never returns.
@MainActor
final class SpyAnswerTests: XCTestCase {
  func test_answer_byDefault_answersAtOnceAndRecordsTheCall() async throws {
    // given
    let spy = Spy<Int, Int>()
    spy.handler = { $0 * 2 }

    // when
    let answer = try await spy.answer(21)

    // then
    XCTAssertEqual(answer, 42)
    XCTAssertEqual(spy.allArguments, [21])
  }

  func test_answer_neverReturns_endsWhenTheEffectAwaitingItIsCancelled() async {
    // given: an effect suspended in the call (send returns once it is)
    let client = FeedClientMock()
    client.fetchSpy.neverReturns()
    let tester = ReactorTester(FeedReactor(client: client))
    let refresh = await tester.send(.refresh) { $0.isRefreshing = true }
    XCTAssertEqual(client.fetchSpy.callCount, 1)

    // when
    refresh.cancel()

    // then: the effect ended, with no error reported
    await tester.finish()
    XCTAssertEqual(tester.reactor.runtime.activeEffectCount, 0)
  }

  func test_answer_neverReturnsInACancelledTask_throwsCancellationError() async {
    // given
    let spy = Spy<Void, Int>("fetch()")
    spy.returns(1)
    spy.neverReturns()
    let call = Task { try await spy.answer() }

    // when: the cancellation may come before or after the call suspends
    call.cancel()
    let outcome = await bounded("the cancelled call ends") { () -> String in
      do {
        return "returned \(try await call.value)"
      } catch {
        return error is CancellationError ? "cancelled" : "\(error)"
      }
    }

    // then
    XCTAssertEqual(outcome, "cancelled")
  }

  func test_answer_neverReturnsInATaskAlreadyCancelled_throwsAtOnce() async {
    // given
    let spy = Spy<Void, Int>("fetch()")
    spy.neverReturns()

    // when
    let outcome = await bounded("the call ends") { () -> Bool in
      let call = Task { () -> Bool in
        withUnsafeCurrentTask { $0?.cancel() }
        do {
          _ = try await spy.answer()
          return false
        } catch {
          return error is CancellationError
        }
      }
      return await call.value
    }

    // then
    XCTAssertEqual(outcome, true)
  }

  func test_answer_returnsAfterOnATestClock_answersWhenTheClockReachesTheDelay() async {
    // given
    let clock = TestClock()
    let client = FeedClientMock()
    client.fetchSpy.returnsAfter(.seconds(1), on: clock)
    let tester = ReactorTester(FeedReactor(client: client))
    await tester.send(.refresh) { $0.isRefreshing = true }

    // when: the answer is set while the call waits, and read when it answers
    await clock.advance(by: .milliseconds(999))
    XCTAssertEqual(tester.pendingMutations, [])
    client.fetchSpy.returns(["late"])
    await clock.advance(by: .milliseconds(1))

    // then
    await tester.receive(.setItems(["late"])) { $0.items = ["late"] }
    await tester.receive(.setRefreshing(false)) { $0.isRefreshing = false }
    await tester.finish()
  }

  func test_answer_returnsImmediatelyAfterNeverReturns_answersAtOnceAgain() async throws {
    // given
    let spy = Spy<Void, Int>("count()")
    spy.returns(3)
    spy.neverReturns()

    // when
    spy.returnsImmediately()

    // then
    let answer = try await spy.answer()
    XCTAssertEqual(answer, 3)
  }

  func test_callAsFunction_ofASpyThatNeverReturns_failsAndAnswersAtOnce() async {
    // given
    let spy = Spy<Int, Int>("double(_:)")
    spy.returns(2)
    spy.neverReturns()

    // when
    var answer: Int?
    let failures = captureFailures { answer = spy(1) }

    // then
    XCTAssertEqual(answer, 2)
    XCTAssertEqual(
      failures.map(\.message),
      [
        """
        Spy "double(_:)" is set to neverReturns(), but \
        test_callAsFunction_ofASpyThatNeverReturns_failsAndAnswersAtOnce() called it \
        synchronously, so it answered at once. Fix: make the mock await the spy: \
        `try await spy.answer(arguments)`.
        """
      ])
  }

  func test_finish_whileASpyNeverReturns_failsAtOnceNamingTheSpy() async {
    // given
    let client = FeedClientMock()
    client.fetchSpy.neverReturns()
    let tester = ReactorTester(FeedReactor(client: client), timeout: .seconds(30))
    let refresh = await tester.send(.refresh) { $0.isRefreshing = true }

    // when: the 30-second timeout is not waited for, the bound is
    let failures = await bounded("finish fails at once", timeout: 10) {
      await captureFailures { await tester.finish() }.map(\.message)
    }

    // then
    XCTAssertEqual(failures?.count, 1)
    XCTAssertTrue(
      failures?.first?.contains(
        """
          • effect started by .refresh of FeedReactor is awaiting Spy "fetch()", which never \
        returns (neverReturns())
        """) ?? false, "\(failures ?? [])")
    refresh.cancel()
    await tester.finish()
  }

  func test_receive_whileASpyNeverReturns_failsAtOnceNamingTheSpy() async {
    // given
    let client = FeedClientMock()
    client.fetchSpy.neverReturns()
    let tester = ReactorTester(FeedReactor(client: client), timeout: .seconds(30))
    let refresh = await tester.send(.refresh) { $0.isRefreshing = true }

    // when
    let failures = await bounded("receive fails at once", timeout: 10) {
      await captureFailures { await tester.receive(.setItems([])) }.map(\.message)
    }

    // then
    XCTAssertEqual(failures?.count, 1)
    let message = failures?.first ?? ""
    XCTAssertTrue(message.contains("awaits a spy that never returns"), message)
    XCTAssertTrue(message.contains(#"is awaiting Spy "fetch()", which never returns"#), message)
    refresh.cancel()
    await tester.finish()
  }
}
