import Foundation
import ReactorFlow
import ReactorFlowTestSupport
import ReactorFlowTesting
import XCTest

/// Effects for the regressions that once went unnoticed.
@MainActor
private final class RegressionReactor: Reactor {
  enum Action: Sendable {
    case sendAcrossCancellation
    case cancelRunning
    case mergeWithAFailure
    case startQueuedThenCancel
    case queued
    case mappedRun
  }
  enum Mutation: Sendable, Equatable { case log(String) }
  struct State: Equatable, Sendable { var log: [String] = [] }

  struct Failure: Error {}
  private struct RunningID: Hashable, Sendable {}

  let initialState = State()
  let runtime = Runtime()
  let gate: Gate<Void>
  var queuedTask: ReactorTask?

  init(gate: Gate<Void> = Gate()) {
    self.gate = gate
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .sendAcrossCancellation:
      return .run { [gate] send in
        await send(.log("before"))
        await gate.waitIgnoringCancellation()
        await send(.log("after cancellation"))
      }
      .cancellable(id: RunningID())
    case .cancelRunning:
      return .cancel(id: RunningID())
    case .mergeWithAFailure:
      // The merge is reached inside a running task: after the first effect of a concatenation.
      return .concatenate(
        .run { send in await send(.log("first")) },
        .merge(
          .run { _ in throw Failure() },
          .run { [gate] send in
            await gate.waitIgnoringCancellation()
            await send(.log("sibling"))
          }
        )
      )
    case .startQueuedThenCancel:
      return .send(.log("start"))
    case .queued:
      return .run { send in await send(.log("queued effect")) }.prepend(.log("queued"))
    case .mappedRun:
      return Effect<Int>.run { send in
        await send(1)
        await send(2)
      }
      .map { Mutation.log("mapped \($0)") }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    if case .log(let entry) = mutation { state.log.append(entry) }
    if case .log("start") = mutation {
      // Sent from reduce: queued; its handle is cancelled before the queue is drained.
      queuedTask = send(.queued)
      queuedTask?.cancel()
    }
    return state
  }
}

/// A reactor with an external stream that never ends.
@MainActor
private final class ListeningReactor: Reactor {
  enum Action: Sendable { case increment }
  struct State: Equatable, Sendable { var count = 0 }

  let initialState = State()
  let runtime = Runtime()
  let (events, continuation) = AsyncStream.makeStream(of: Action.self)

  func externalActions() -> Effect<Action> {
    .sequence(events)
  }

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    state.count += 1
    return state
  }
}

@MainActor
final class RegressionTests: XCTestCase {
  func test_cancel_outputsSentAfterTheEffectsCancellation_areNotDelivered() async {
    // given: an effect that goes on after its cancellation without noticing it
    let reactor = RegressionReactor()
    let task = reactor.send(.sendAcrossCancellation)
    await reactor.gate.nextArrival("the effect waits at the gate", in: self)

    // when
    reactor.send(.cancelRunning)
    reactor.gate.open()
    await bounded("the cancelled effect ends") { await task.finish() }

    // then
    XCTAssertEqual(reactor.currentState.log, ["before"])
    XCTAssertEqual(reactor.runtime.activeEffectCount, 0)
  }

  func test_merge_errorInOneEffectInsideARunningTask_doesNotCancelItsSiblings() async {
    // given
    let reactor = RegressionReactor()
    var errors = 0
    reactor.runtime.onUnhandledError = { _ in errors += 1 }

    // when
    let task = reactor.send(.mergeWithAFailure)
    await reactor.gate.nextArrival("the effect waits at the gate", in: self)
    await bounded("the first effect's output arrives") {
      for await log in reactor.values(of: \.log) where log.contains("first") { break }
    }
    reactor.gate.open()
    await bounded("the merge ends") { await task.finish() }

    // then
    XCTAssertEqual(reactor.currentState.log, ["first", "sibling"])
    XCTAssertEqual(errors, 1)
  }

  func test_queuedAction_handleCancelledFromReduce_doesNotRunItsEffects() async {
    // given
    let reactor = RegressionReactor()

    // when
    reactor.send(.startQueuedThenCancel)
    let queued = reactor.queuedTask
    await bounded("the queued action's effects end") { await queued?.finish() }

    // then
    XCTAssertEqual(queued?.isCancelled, true)
    XCTAssertEqual(reactor.currentState.log, ["start", "queued"])
    XCTAssertEqual(reactor.runtime.activeEffectCount, 0)
  }

  func test_receive_wrongExpectedState_fails() async {
    // given
    let tester = ReactorTester(RegressionReactor())
    await tester.send(.mappedRun)

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

  func test_activeEffectCount_withAnExternalStream_countsOnlyTheEffectsOfActions() async {
    // given
    let reactor = ListeningReactor()
    let tester = ReactorTester(reactor)

    // when
    reactor.continuation.yield(.increment)
    await tester.receive(.increment) { $0.count = 1 }

    // then
    XCTAssertEqual(reactor.runtime.activeEffectCount, 0)
    let failures = await captureFailures { await tester.finish() }
    XCTAssertEqual(failures, [])
    reactor.continuation.finish()
  }

  func test_map_runEffect_keepsItsOutputs() async {
    // given
    let reactor = RegressionReactor()

    // when
    let task = reactor.send(.mappedRun)
    await bounded("the mapped effect ends") { await task.finish() }

    // then
    XCTAssertEqual(reactor.currentState.log, ["mapped 1", "mapped 2"])
  }
}
