import Foundation
import ReactorFlow
import ReactorFlowTesting
import ReactorFlowTools
import XCTest

/// 100,000 `Int`s and their total: each action adds one to an element and to the total. From
/// `faultyFrom` on (a total reached), an action adds two to its element: "the code changed".
@MainActor
final class LargeStateReactor: Reactor {
  enum Action: Sendable, Codable, Equatable { case bump(Int) }
  typealias Mutation = Action
  struct State: Sendable, Codable, Equatable {
    var items = [Int](repeating: 0, count: 100_000)
    var total = 0
  }

  let initialState = State()
  let runtime = Runtime()
  let faultyFrom: Int?

  init(faultyFrom: Int? = nil) { self.faultyFrom = faultyFrom }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .bump(let index):
      let isFaulty = faultyFrom.map { state.total >= $0 } ?? false
      state.items[index % state.items.count] += isFaulty ? 2 : 1
      state.total += 1
    }
    return state
  }
}

/// A state that is not `Equatable`: 200 lines, one of which each action changes.
@MainActor
private final class LargeNotesReactor: Reactor {
  typealias Action = Int
  struct State: Sendable {
    var notes = (0..<200).map { "note \($0)" }
  }

  let initialState = State()
  let runtime = Runtime()
  let suffix: String

  init(suffix: String = "!") { self.suffix = suffix }

  func reduce(state: State, mutation: Int) -> State {
    var state = state
    state.notes[mutation % state.notes.count] += suffix
    return state
  }
}

@MainActor
final class LargeStateRecordingTests: XCTestCase {
  private typealias Recording = LargeStateReactor.Recording

  /// `actions` actions on the large state, a step apart by 7,919 elements: 2 × `actions` steps.
  private func record(_ actions: Int) -> Recording {
    let reactor = LargeStateReactor()
    let recorder = reactor.recordSession(clock: ContinuousClock())
    for index in 0..<actions { reactor.send(.bump(index &* 7_919)) }
    recorder.stop()
    return recorder.recording
  }

  private func expectedState(after actions: Int) -> LargeStateReactor.State {
    var state = LargeStateReactor.State()
    for index in 0..<actions { state.items[(index &* 7_919) % state.items.count] += 1 }
    state.total = actions
    return state
  }

  func test_recording_ofALargeState_takesUnder2KBPerStepAndKeepsNoStateWhole() async throws {
    // when: a long session, 1,000 steps
    let recording = record(500)
    let data = try JSONEncoder().encode(recording)

    // then
    XCTAssertEqual(recording.steps.count, 1_000)
    XCTAssertLessThan(data.count / recording.steps.count, 2_048, "bytes per step")
    // The recorder kept each step's changed element and total, not a state.
    for step in recording.steps {
      guard case .mutation(_, _, let state) = step.event else { continue }
      guard case .changes(let changes) = state else { return XCTFail("a state is kept whole: \(step.time)") }
      XCTAssertEqual(changes.fields, ["items", "total"])
    }
  }

  func test_replay_ofALargeStatesRecording_reachesTheSameStates() async throws {
    // given
    let data = try JSONEncoder().encode(record(500))
    let recording = try JSONDecoder().decode(Recording.self, from: data)
    let reactor = LargeStateReactor()

    // when
    try reactor.replay(recording)

    // then
    XCTAssertEqual(reactor.currentState, expectedState(after: 500))
    XCTAssertTrue(LargeStateReactor().assertReplays(recording))
  }

  func test_replay_afterTheCodeChanged_divergesAtTheFirstDifferingStepNamingTheField() async throws {
    // given: a reactor that adds two from the 300th action on
    let recording = record(500)

    // when
    XCTAssertThrowsError(try LargeStateReactor(faultyFrom: 299).replay(recording)) { error in
      // then: the 300th action's mutation, step 600; its element, under the array's line
      guard let divergence = error as? ReplayDivergence else { return XCTFail("\(error)") }
      XCTAssertEqual(divergence.step, 600)
      XCTAssertEqual(divergence.recorded, "mutation bump(2367781)")
      let lines = divergence.difference.split(separator: "\n").map(String.init)
      XCTAssertTrue(lines.contains { $0.hasSuffix("▿ items: 100000 elements") }, divergence.description)
      XCTAssertTrue(lines.contains("−     - 1"), divergence.description)
      XCTAssertTrue(lines.contains("+     - 2"), divergence.description)
      XCTAssertFalse(lines.contains { $0.contains("total") }, divergence.description)
    }
  }

  func test_timeTravel_toAnEarlyStepOfALargeState_showsThatState() async throws {
    // given
    let travel = try TimeTravel(reactor: LargeStateReactor(), recording: record(100))
    var seen: [Int] = []
    let token = travel.reactor.observe(\.total) { seen.append($0) }

    // when
    travel.move(to: 3)
    let early = travel.reactor.currentState
    travel.back()
    travel.move(to: 70)

    // then
    XCTAssertEqual(travel.count, 101)
    XCTAssertEqual(early, expectedState(after: 3))
    XCTAssertEqual(travel.reactor.currentState, expectedState(after: 70))
    XCTAssertEqual(travel.state(at: 0), LargeStateReactor.State())
    XCTAssertEqual(travel.state(at: 100), expectedState(after: 100))
    XCTAssertEqual(seen, [100, 3, 2, 70])
    token.cancel()
  }

  func test_recording_ofALargeStateThatIsNotEquatable_keepsItsChangedOutlineLines() async throws {
    // given
    let reactor = LargeNotesReactor()
    let recorder = reactor.recordSession(clock: ContinuousClock())
    for index in 0..<100 { reactor.send(index * 7) }
    recorder.stop()
    let data = try JSONEncoder().encode(recorder.recording)
    let recording = try JSONDecoder().decode(LargeNotesReactor.Recording.self, from: data)

    // when / then
    XCTAssertLessThan(data.count / recording.steps.count, 2_048, "bytes per step")
    XCTAssertNoThrow(try LargeNotesReactor().replay(recording))
    XCTAssertThrowsError(try LargeNotesReactor(suffix: "?").replay(recording)) { error in
      guard let divergence = error as? ReplayDivergence else { return XCTFail("\(error)") }
      XCTAssertEqual(divergence.step, 2)
      XCTAssertTrue(
        divergence.difference.contains("−     - \"note 0!\"\n+     - \"note 0?\""), divergence.description)
    }
  }
}
