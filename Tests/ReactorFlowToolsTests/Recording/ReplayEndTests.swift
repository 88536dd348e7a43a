import ReactorFlow
import ReactorFlowTools
import XCTest

/// A counter whose `mutate` may have changed since a session was recorded: an action that made
/// one mutation then makes `mutationsPerAdd` now.
@MainActor
private final class ChangingCounterReactor: Reactor {
  enum Action: Sendable, Codable, Equatable { case add }
  enum Mutation: Sendable, Codable, Equatable { case increment }
  struct State: Codable, Equatable, Sendable { var count = 0 }

  let initialState = State()
  let runtime = Runtime()
  let mutationsPerAdd: Int

  init(mutationsPerAdd: Int = 1) { self.mutationsPerAdd = mutationsPerAdd }

  func mutate(action: Action) -> Effect<Mutation> {
    .merge((0..<mutationsPerAdd).map { _ in .send(.increment) })
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    state.count += 1
    return state
  }
}

@MainActor
final class ReplayEndTests: XCTestCase {
  func test_replay_actionNowMakesMoreMutationsThanRecorded_reportsTheLeftoverAtTheEnd() async throws {
    // given: a session recorded when `add` made one mutation
    let recorded = ChangingCounterReactor()
    let recorder = recorded.recordSession(clock: ContinuousClock())
    recorded.send(.add)
    recorder.stop()

    // when: replayed into a reactor whose `add` makes two
    let replayed = ChangingCounterReactor(mutationsPerAdd: 2)

    // then
    XCTAssertThrowsError(try replayed.replay(recorder.recording)) { error in
      guard let divergence = error as? ReplayDivergence else {
        return XCTFail("expected a ReplayDivergence, got \(error)")
      }
      XCTAssertEqual(divergence.step, 3, "the step after the recording's last")
      XCTAssertTrue(
        "\(divergence)".contains("1 more mutation"), "the leftover is not named: \(divergence)")
    }
  }

  func test_replay_sameMutationsAsRecorded_endsWithoutError() async throws {
    // given
    let recorded = ChangingCounterReactor()
    let recorder = recorded.recordSession(clock: ContinuousClock())
    recorded.send(.add)
    recorded.send(.add)
    recorder.stop()

    // when
    let replayed = ChangingCounterReactor()
    try replayed.replay(recorder.recording)

    // then
    XCTAssertEqual(replayed.currentState.count, 2)
  }
}
