import ReactorFlow
import ReactorFlowTestSupport
import XCTest

@MainActor
private final class SequenceReactor: Reactor {
  enum Action: Sendable { case runSteps, sendBoth }
  enum Mutation: Sendable, Equatable { case step, seen(Int) }
  struct State: Equatable, Sendable { var steps = 0; var seen: [Int] = [] }

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .sendBoth:
      return .send(.step, .step)
    case .runSteps:
      return .run { [weak self] send in
        for _ in 0..<3 {
          await send(.step)
          // Reading the state after `send` returns must show the mutation applied.
          let steps = await self?.currentState.steps ?? -1
          await send(.seen(steps))
        }
      }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .step: state.steps += 1
    case .seen(let value): state.seen.append(value)
    }
    return state
  }
}

@MainActor
final class SendTests: XCTestCase {
  func test_send_synchronousMutation_isReducedBeforeSendReturns() async {
    let reactor = SyncCounterReactor()

    reactor.send(.increment)

    XCTAssertEqual(reactor.currentState.count, 1)
  }

  func test_send_severalSynchronousMutations_areAllReducedBeforeSendReturns() async {
    let reactor = SequenceReactor()

    let task = reactor.send(.sendBoth)

    XCTAssertEqual(reactor.currentState.steps, 2)
    XCTAssertFalse(task.hasEffects)
  }

  func test_effect_emittingInSequence_reducesEachBeforeTheNextIsMade() async {
    let reactor = SequenceReactor()

    await bounded("reactor.send(.runSteps) finishes") { await reactor.send(.runSteps).finish() }

    XCTAssertEqual(reactor.currentState.seen, [1, 2, 3])
    XCTAssertEqual(reactor.currentState.steps, 3)
  }

  func test_runtime_touchedFromManyTasksAtOnce_isStartedOnce() async {
    // given
    let reactor = SyncCounterReactor()

    // when
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<100 {
        group.addTask { await reactor.send(.increment) }
        group.addTask { _ = await reactor.currentState }
      }
    }

    // then
    XCTAssertEqual(reactor.initialStateReads, 1)
    XCTAssertEqual(reactor.currentState.count, 100)
  }

  func test_send_fromManyTasks_reducesEveryActionExactlyOnce() async {
    let reactor = SyncCounterReactor()
    let tasks = 100
    let actionsPerTask = 10_000

    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<tasks {
        group.addTask {
          for _ in 0..<actionsPerTask { await reactor.send(.increment) }
        }
      }
    }

    XCTAssertEqual(reactor.currentState.count, tasks * actionsPerTask)
  }
}
