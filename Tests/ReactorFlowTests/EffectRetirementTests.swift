import ReactorFlowTestSupport
import XCTest

@testable import ReactorFlow

/// Effects that wait until they are cancelled, then end as they are told: with the cancellation,
/// by themselves after a gate that ignores it, or with an error of their own.
@MainActor
private final class RetiringEffectsReactor: Reactor {
  enum Ending: Sendable { case cancellation, byItself, failure }
  enum Action: Sendable { case start(id: Int, Ending), stop(id: Int) }
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
