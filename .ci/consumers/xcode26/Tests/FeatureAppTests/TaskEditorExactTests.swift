import ReactorFlowTesting
import Testing

@testable import TaskEditor

/// Every exact wait covers an effect whose clients run on the main actor under the app's default
/// isolation. Each test makes many reactors, because a wait that returns early does so on some of
/// them only.
struct TaskEditorExactTests {
  let reactors = 100

  func makeReactor() -> TaskEditorReactor {
    TaskEditorReactor(service: TaskService(store: MemoryTaskStore()))
  }

  @Test func advanceReturnsAfterTheSubmitsEffectEnded() async {
    var dismissed = 0
    for _ in 0..<reactors {
      let clock = TestClock()
      let reactor = makeReactor()
      clock.schedule(at: 1) { reactor.send(.submit) }
      await clock.advance(by: .seconds(1))
      if reactor.currentState.isDismissed { dismissed += 1 }
    }
    #expect(dismissed == reactors, "advance(by:) returned before the effect ended")
  }

  @Test func runReturnsAfterTheSubmitsEffectEnded() async {
    var dismissed = 0
    for _ in 0..<reactors {
      let clock = TestClock()
      let reactor = makeReactor()
      reactor.send(.submit)
      await clock.run()
      if reactor.currentState.isDismissed { dismissed += 1 }
    }
    #expect(dismissed == reactors, "run() returned before the effect ended")
  }

  @Test func testerReceivesTheDismiss() async {
    for _ in 0..<reactors {
      let tester = ReactorTester(makeReactor())
      await tester.send(.submit)
      await tester.receive(.dismiss) { $0.isDismissed = true }
      await tester.finish()
    }
  }

  @Test func finishReturnsAfterTheSubmitsEffectEnded() async {
    var dismissed = 0
    for _ in 0..<reactors {
      let reactor = makeReactor()
      await reactor.send(.submit).finish()
      if reactor.currentState.isDismissed { dismissed += 1 }
    }
    #expect(dismissed == reactors, "finish() returned before the effect ended")
  }
}
