import Foundation
import ReactorFlow
import ReactorFlowTestSupport
import ReactorFlowTesting
import ReactorFlowTools
import XCTest

/// A counter whose step and effect delay are set at creation: a replay with another step is
/// "the code changed".
@MainActor
private final class ReplayCounter: Reactor {
  enum Action: Sendable, Codable, Equatable { case increment, load }
  enum Mutation: Sendable, Codable, Equatable { case add(Int), setLoading(Bool) }
  struct State: Codable, Equatable, Sendable {
    var count = 0
    var isLoading = false
  }

  let initialState = State()
  let runtime = Runtime()
  let step: Int
  let time: TestClock

  init(step: Int = 1, time: TestClock = TestClock()) {
    self.step = step
    self.time = time
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .increment:
      return .send(.add(step))
    case .load:
      return .run { [time] send in
        try await time.sleep(for: .seconds(2))
        await send(.add(10))
        await send(.setLoading(false))
      }
      .prepend(.setLoading(true))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .add(let amount): state.count += amount
    case .setLoading(let isLoading): state.isLoading = isLoading
    }
    return state
  }
}

@MainActor
private final class OtherReactor: Reactor {
  typealias Action = Int
  let initialState = 0
  let runtime = Runtime()

  func reduce(state: Int, mutation: Int) -> Int { state + mutation }
}

@MainActor
final class RecordingTests: XCTestCase {
  private typealias Recording = ReplayCounter.Recording

  /// increment at 0 s, load at 1 s whose effect sends two mutations at 3 s, increment at 4 s.
  private func recordSession() async -> Recording {
    let time = TestClock()
    let reactor = ReplayCounter(time: time)
    let recorder = reactor.recordSession(clock: time)
    reactor.send(.increment)
    await time.advance(by: .seconds(1))
    reactor.send(.load)
    await time.advance(by: .seconds(3))
    reactor.send(.increment)
    recorder.stop()
    XCTAssertEqual(reactor.currentState, ReplayCounter.State(count: 12, isLoading: false))
    return recorder.recording
  }

  func test_recording_holdsActionsAndMutationsWithTheirTimes() async {
    // when
    let recording = await recordSession()

    // then
    let steps = recording.steps.map { step -> String in
      switch step.event {
      case .action(let action): "\(step.time) action \(action)"
      case .mutation(let mutation, let fromEffect, _):
        "\(step.time) mutation \(mutation)\(fromEffect ? " from effect" : "")"
      }
    }
    XCTAssertEqual(
      steps,
      [
        "0.0 seconds action increment",
        "0.0 seconds mutation add(1)",
        "1.0 seconds action load",
        "1.0 seconds mutation setLoading(true)",
        "3.0 seconds mutation add(10) from effect",
        "3.0 seconds mutation setLoading(false) from effect",
        "4.0 seconds action increment",
        "4.0 seconds mutation add(1)",
      ])
    XCTAssertEqual(recording.reactorType, String(reflecting: ReplayCounter.self))
  }

  func test_replay_ofTheJSONRecording_reachesTheSameStatesWithoutEffects() async throws {
    // given
    let data = try JSONEncoder().encode(await recordSession())
    let recording = try JSONDecoder().decode(Recording.self, from: data)
    let time = TestClock()
    let reactor = ReplayCounter(time: time)
    var seen: [Int] = []
    let token = reactor.observe(\.count) { seen.append($0) }

    // when
    try reactor.replay(recording)

    // then: every state, at once, and no effect ran (nothing sleeps on the clock)
    XCTAssertEqual(reactor.currentState, ReplayCounter.State(count: 12, isLoading: false))
    XCTAssertEqual(seen, [0, 1, 11, 12])
    XCTAssertEqual(reactor.runtime.activeEffectCount, 0)
    token.cancel()
  }

  func test_replay_afterTheCodeChanged_namesTheFirstDifferingStepWithADiff() async throws {
    // given
    let recording = await recordSession()
    let changed = ReplayCounter(step: 2)

    // when
    XCTAssertThrowsError(try changed.replay(recording)) { error in
      // then
      guard let divergence = error as? ReplayDivergence else { return XCTFail("\(error)") }
      XCTAssertEqual(divergence.step, 2)
      XCTAssertEqual(divergence.recorded, "mutation add(1)")
      let lines = divergence.difference.split(separator: "\n")
      XCTAssertTrue(lines.contains { $0.hasPrefix("−") && $0.hasSuffix("count: 1") }, divergence.description)
      XCTAssertTrue(lines.contains { $0.hasPrefix("+") && $0.hasSuffix("count: 2") }, divergence.description)
    }
  }

  func test_replay_actionsMutationEditedInTheRecording_divergesNamingTheActionAndBothMutations()
    async throws
  {
    // given: the first action's mutation edited from add(1) to add(5), its state left as it was
    var recording = await recordSession()
    let index = try XCTUnwrap(
      recording.steps.firstIndex {
        if case .mutation(_, fromEffect: false, _) = $0.event { return true }
        return false
      })
    guard case .mutation(_, let fromEffect, let state) = recording.steps[index].event else {
      return XCTFail("no mutation at \(index)")
    }
    recording.steps[index].event = .mutation(.add(5), fromEffect: fromEffect, state: state)

    // when
    XCTAssertThrowsError(try ReplayCounter().replay(recording)) { error in
      // then: the state alone would not show it; the mutation that `mutate` makes now does
      guard let divergence = error as? ReplayDivergence else { return XCTFail("\(error)") }
      XCTAssertEqual(divergence.step, index + 1)
      XCTAssertEqual(divergence.recorded, "mutation add(5)")
      XCTAssertEqual(
        divergence.difference,
        "the action increment made another mutation (− recorded, + replayed):\n− add(5)\n+ add(1)")
    }
  }

  func test_assertReplays_reportsTheDivergenceAsATestFailure() async throws {
    // given
    let recording = await recordSession()

    // when
    let failures = captureFailures { ReplayCounter(step: 3).assertReplays(recording) }
    let passing = captureFailures { ReplayCounter().assertReplays(recording) }

    // then
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(failures.first?.message.hasPrefix("Replay diverged at step 2") == true)
    XCTAssertEqual(passing.count, 0)
  }

  // MARK: - Bad input

  func test_decode_recordingOfAnotherReactor_throwsAClearError() async throws {
    // given
    let recorder = OtherReactor().recordSession(clock: TestClock())
    let data = try JSONEncoder().encode(recorder.recording)

    // when
    XCTAssertThrowsError(try JSONDecoder().decode(Recording.self, from: data)) { error in
      // then
      guard case .otherReactor(let recorded, _) = error as? RecordingError else {
        return XCTFail("\(error)")
      }
      XCTAssertTrue(recorded.hasPrefix(String(reflecting: OtherReactor.self)), recorded)
    }
  }

  func test_replay_recordingOfAnotherReactorType_throwsAndChangesNothing() async throws {
    // given
    var recording = await recordSession()
    recording.reactorType = "SomeModule.SomeReactor"
    let reactor = ReplayCounter()

    // when
    XCTAssertThrowsError(try reactor.replay(recording)) { error in
      // then
      XCTAssertEqual(
        error as? RecordingError,
        .otherReactor(recorded: "SomeModule.SomeReactor", expected: String(reflecting: ReplayCounter.self)))
    }
    reactor.send(.load)
    XCTAssertEqual(reactor.runtime.activeEffectCount, 1, "the reactor still runs its effects")
  }

  func test_decode_truncatedFile_throwsADecodingError() async throws {
    // given
    let data = try JSONEncoder().encode(await recordSession())

    // when / then
    XCTAssertThrowsError(try JSONDecoder().decode(Recording.self, from: data.prefix(data.count / 2))) {
      XCTAssertTrue($0 is DecodingError, "\($0)")
    }
  }

  func test_decode_futureFormatVersion_throwsUnsupportedFormat() async throws {
    // given
    let data = try JSONEncoder().encode(await recordSession())
    var object = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    object["formatVersion"] = Recording.formatVersion + 1
    let future = try JSONSerialization.data(withJSONObject: object)

    // when / then
    XCTAssertThrowsError(try JSONDecoder().decode(Recording.self, from: future)) { error in
      XCTAssertEqual(
        error as? RecordingError,
        .unsupportedFormat(version: Recording.formatVersion + 1, supported: Recording.formatVersion))
      XCTAssertTrue("\(error)".contains("format version \(Recording.formatVersion + 1)"), "\(error)")
    }
  }

  func test_replay_intoAStartedReactor_throwsAndChangesNothing() async throws {
    // given
    let recording = await recordSession()
    let reactor = ReplayCounter()
    reactor.send(.increment)

    // when / then
    XCTAssertThrowsError(try reactor.replay(recording)) {
      XCTAssertEqual($0 as? RecordingError, .reactorAlreadyStarted(String(reflecting: ReplayCounter.self)))
    }
    XCTAssertEqual(reactor.currentState.count, 1)
  }

  // MARK: - Time travel

  func test_timeTravel_publishesPastStatesToObservers() async throws {
    // given
    let travel = try TimeTravel(reactor: ReplayCounter(), recording: await recordSession())
    var seen: [Int] = []
    let token = travel.reactor.observe { seen.append($0.count) }

    // when
    travel.move(to: 0)
    travel.forward()
    travel.forward()
    travel.back()
    travel.move(to: 99)

    // then
    XCTAssertEqual(travel.states.map(\.count), [0, 1, 1, 11, 11, 12])
    XCTAssertEqual(seen, [12, 0, 1, 1, 1, 12])
    XCTAssertEqual(travel.position, 5)
    XCTAssertEqual(travel.reactor.currentState.count, 12)
    token.cancel()
  }
}
