import ReactorFlowTesting
import XCTest

/// Every exact wait covers effect work on the main actor: an effect whose clients run there, with
/// calls nested two deep and one of them synchronous. Each test makes many reactors, because a
/// wait that returns early does so on some of them only.
@MainActor
final class MainActorClientTests: XCTestCase {
  private let reactors = 100

  func test_advance_effectCallsMainActorClients_returnsAfterTheEffectEnded() async {
    var dismissed = 0
    for _ in 0..<reactors {
      // given
      let clock = TestClock()
      let reactor = TitleEditorReactor.live()
      clock.schedule(at: 1) { reactor.send(.submit) }

      // when
      await clock.advance(by: .seconds(1))

      // then
      if reactor.currentState.isDismissed, reactor.runtime.activeEffectCount == 0 { dismissed += 1 }
    }
    XCTAssertEqual(dismissed, reactors, "advance(by:) returned before the effect ended")
  }

  func test_run_effectCallsMainActorClients_returnsAfterTheEffectEnded() async {
    let dismissed = await dismissedAfterRun(hops: 1)
    XCTAssertEqual(dismissed, reactors, "run() returned before the effect ended")
  }

  func test_run_clientHopsOntoTheMainActorTwentyTimes_returnsAfterTheEffectEnded() async {
    let dismissed = await dismissedAfterRun(hops: 20)
    XCTAssertEqual(dismissed, reactors, "run() returned in the middle of the hops")
  }

  /// Sends `submit` to each of ``reactors`` editors whose service hops `hops` times, runs the
  /// clock, and counts the editors that were dismissed when `run()` returned.
  private func dismissedAfterRun(hops: Int) async -> Int {
    var dismissed = 0
    for _ in 0..<reactors {
      // given
      let clock = TestClock()
      let reactor = TitleEditorReactor.live(hops: hops)

      // when
      reactor.send(.submit)
      await clock.run()

      // then
      if reactor.currentState.isDismissed { dismissed += 1 }
    }
    return dismissed
  }

  func test_recorder_effectCallsMainActorClients_recordsTheDismissOnItsTick() async {
    var recordedOnTick = 0
    for _ in 0..<reactors {
      // given
      let clock = TestClock()
      let reactor = TitleEditorReactor.live()
      let dismissed = reactor.record(\.isDismissed, clock: clock)
      clock.schedule(at: 2) { reactor.send(.submit) }

      // when
      await clock.advance(by: .seconds(3))

      // then
      if dismissed.events == [.next(0, false), .next(2, true)] { recordedOnTick += 1 }
    }
    XCTAssertEqual(recordedOnTick, reactors, "the dismiss was not recorded on the submit's tick")
  }

  func test_tester_effectCallsMainActorClients_receivesTheDismiss() async {
    for _ in 0..<reactors {
      let tester = ReactorTester(TitleEditorReactor.live())
      await tester.send(.submit)
      await tester.receive(.dismiss) { $0.isDismissed = true }
      await tester.finish()
    }
  }

  func test_finish_effectCallsMainActorClients_returnsAfterTheEffectEnded() async {
    var dismissed = 0
    for _ in 0..<reactors {
      // given
      let reactor = TitleEditorReactor.live()

      // when
      await reactor.send(.submit).finish()

      // then
      if reactor.currentState.isDismissed { dismissed += 1 }
    }
    XCTAssertEqual(dismissed, reactors, "finish() returned before the effect ended")
  }
}
