import ReactorFlowTestSupport
import XCTest

@testable import ReactorFlow

/// Effects that wait until they are cancelled, then end as they are told: with the cancellation,
/// by themselves after a gate that ignores it, or with an error of their own.
@MainActor
private final class RetiringEffectsReactor: Reactor {
  enum Ending: Sendable { case cancellation, byItself, failure }
  enum Action: Sendable { case start(id: Int, Ending), startNested(id: Int), stop(id: Int) }
  enum Mutation: Sendable, Equatable { case started(Int), sentAfterCancellation, recovered }
  struct State: Equatable, Sendable {
    var started: [Int] = []
    var sentAfterCancellation = 0
    var recovered = 0
  }
  struct Failure: Error {}

  let initialState = State()
  let runtime = Runtime()
  let gate = Gate<Void>()

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .start(let id, let ending):
      return .run { [gate] send in
        await send(.started(id))
        switch ending {
        case .cancellation:
          try await suspendUntilCancelled()
        case .byItself:
          await gate.waitIgnoringCancellation()
          await send(.sentAfterCancellation)
        case .failure:
          do {
            try await suspendUntilCancelled()
          } catch {
            throw Failure()
          }
        }
      }
      .cancellable(id: id)
    case .startNested(let id):
      // The cancellable comes after a first piece, so that the running effect reaches it.
      return .concatenate(
        .run { _ in },
        Effect.run { send in
          await send(.started(id))
          try await suspendUntilCancelled()
        }
        .cancellable(id: id))
    case .stop(let id):
      return .cancel(id: id)
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .started(let id): state.started.append(id)
    case .sentAfterCancellation: state.sentAfterCancellation += 1
    case .recovered: state.recovered += 1
    }
    return state
  }

  func recover(from error: any Error) -> Mutation? {
    error is Failure ? .recovered : nil
  }

  /// Waits until the effects `ids` have told the reactor that they started.
  func started(_ ids: [Int]) async {
    for await started in values(of: \.started) where Set(started).isSuperset(of: ids) { break }
  }
}

/// An action whose transform holds it until its effect is cancelled; the effect's closing piece
/// then passes on `.late`, whose effect starts in the action's group, cancelled by then.
@MainActor
private final class LateEffectReactor: Reactor {
  enum Action: Sendable { case start, late }
  enum Mutation: Sendable { case unused }
  struct State: Equatable, Sendable {}

  let initialState = State()
  let runtime = Runtime()

  func transform(action: Action) -> Effect<Action> {
    guard case .start = action else { return .send(action) }
    return Effect<Action>.run { _ in try await suspendUntilCancelled() }.finally(.send(.late))
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .start: return .none
    case .late: return .run { _ in try await suspendUntilCancelled() }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State { state }
}

/// A cancelled effect leaves its reactor's books when it is cancelled, whether its task has ended
/// yet or not, and however it ends.
@MainActor
final class EffectRetirementTests: XCTestCase {
  func test_cancelByID_leavesTheCountAtOnce_andItsTaskStillEnds() async {
    // given
    let reactor = RetiringEffectsReactor()
    let task = reactor.send(.start(id: 1, .cancellation))
    await bounded("the effect starts") { await reactor.started([1]) }
    XCTAssertEqual(reactor.runtime.activeEffectCount, 1)

    // when
    reactor.send(.stop(id: 1))

    // then
    XCTAssertEqual(reactor.runtime.activeEffectCount, 0)
    XCTAssertEqual(reactor.runtime.effects?.runningCount, 0)
    await bounded("the cancelled effect's task ends") { await task.finish() }
    XCTAssertEqual(reactor.runtime.activeEffectCount, 0)
  }

  func test_reactorTaskCancel_leavesTheCountAtOnce_andTheRegistryForgetsItsTasks() async {
    // Rounds of effects cancelled through their ReactorTasks, which the registry forgets as their
    // tasks end rather than at the cancel.
    let reactor = RetiringEffectsReactor()
    for round in 0..<10 {
      // given
      let ids = Array(round * 100..<(round + 1) * 100)
      let tasks = ids.map { reactor.send(.start(id: $0, .cancellation)) }
      await bounded("the effects of round \(round) start") { await reactor.started(ids) }
      XCTAssertEqual(reactor.runtime.activeEffectCount, 100)

      // when
      for task in tasks { task.cancel() }

      // then
      XCTAssertEqual(reactor.runtime.activeEffectCount, 0)
      await bounded("the cancelled effects' tasks end") {
        for task in tasks { await task.finish() }
      }
    }
    // The registry forgot every cancelled effect once its task ended.
    XCTAssertEqual(reactor.runtime.effects?.runningCount, 0)
  }

  func test_reactorTaskCancel_ofAGroupCancelledBeforeItsLaterEffect_forgetsThatEffectToo() async {
    // given: an action whose effect starts in its group after the group was cancelled
    let reactor = LateEffectReactor()
    let task = reactor.send(.start)

    // when
    task.cancel()
    await bounded("the late effect starts and ends") { await task.finish() }

    // then
    XCTAssertEqual(reactor.runtime.activeEffectCount, 0)
    XCTAssertEqual(reactor.runtime.effects?.runningCount, 0)
  }

  func test_nestedCancellable_cancelledWithItsOuterEffect_isForgottenWhenItsTaskEnds() async {
    // given: a cancellable reached inside a running effect, whose task the outer effect's task
    // cancels off the main actor
    let reactor = RetiringEffectsReactor()
    let task = reactor.send(.startNested(id: 7))
    await bounded("the nested effect starts") { await reactor.started([7]) }
    XCTAssertEqual(reactor.runtime.effects?.runningCount, 2)

    // when
    task.cancel()
    await bounded("both tasks end") { await task.finish() }

    // then: it ended on the main actor, before the outer task that waits for it
    XCTAssertEqual(reactor.runtime.effects?.runningCount, 0)
  }

  func test_cancelledEffect_thatThrowsAnErrorOfItsOwn_stillReachesRecover() async {
    // given
    let reactor = RetiringEffectsReactor()
    let task = reactor.send(.start(id: 1, .failure))
    await bounded("the effect starts") { await reactor.started([1]) }

    // when
    reactor.send(.stop(id: 1))
    await bounded("the cancelled effect's task ends") { await task.finish() }

    // then
    XCTAssertEqual(reactor.currentState.recovered, 1)
    XCTAssertEqual(reactor.runtime.activeEffectCount, 0)
    XCTAssertEqual(reactor.runtime.effects?.runningCount, 0)
  }

  func test_cancelledEffect_thatEndsByItself_sendsNothing_andIsForgotten() async {
    // given: one effect stopped by its id, one through its ReactorTask, both going on after it
    let reactor = RetiringEffectsReactor()
    let byID = reactor.send(.start(id: 1, .byItself))
    let byTask = reactor.send(.start(id: 2, .byItself))
    await bounded("the effects start") { await reactor.started([1, 2]) }

    // when
    reactor.send(.stop(id: 1))
    byTask.cancel()
    XCTAssertEqual(reactor.runtime.activeEffectCount, 0)
    reactor.gate.open()
    await bounded("both effects end") {
      await byID.finish()
      await byTask.finish()
    }

    // then
    XCTAssertEqual(reactor.currentState.sentAfterCancellation, 0)
    XCTAssertEqual(reactor.runtime.activeEffectCount, 0)
    reactor.send(.stop(id: 2))
    XCTAssertEqual(reactor.runtime.activeEffectCount, 0)
  }

  func test_releasedReactor_endsItsSleepingEffects() async {
    // given
    var reactor: RetiringEffectsReactor? = RetiringEffectsReactor()
    let tasks = (0..<10).map { reactor!.send(.start(id: $0, .cancellation)) }
    await bounded("the effects start") { await reactor!.started(Array(0..<10)) }
    weak let released = reactor

    // when
    reactor = nil

    // then
    XCTAssertNil(released)
    await bounded("the released reactor's effects end") {
      for task in tasks { await task.finish() }
    }
  }
}
