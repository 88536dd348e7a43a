import Foundation
import ReactorFlow
import ReactorFlowTesting
import ReactorFlowTools
import XCTest

/// A counter of its own module scope, so that its type names (which a recording holds) are
/// stable: the format-2 fixture below names them.
@MainActor
final class FixtureCounter: Reactor {
  enum Action: Sendable, Codable, Equatable { case increment, load }
  enum Mutation: Sendable, Codable, Equatable { case add(Int), setLoading(Bool) }
  struct State: Sendable, Codable, Equatable {
    var count = 0
    var isLoading = false
  }

  let initialState = State()
  let runtime = Runtime()
  let step: Int

  init(step: Int = 1) { self.step = step }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .increment: .send(.add(step))
    case .load: .send(.setLoading(true))
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
final class RecordingFormatTests: XCTestCase {
  /// A recording written by the format-2 encoder (every state whole): increment, load, then the
  /// load's effect adding 10 and ending the loading.
  private let formatVersion2 = Data(
    """
    {"formatVersion":2,"reactorType":"ReactorFlowToolsTests.FixtureCounter",
     "types":"ReactorFlowToolsTests.FixtureCounter.Action, ReactorFlowToolsTests.FixtureCounter.Mutation, \
    ReactorFlowToolsTests.FixtureCounter.State",
     "initialState":{"count":0,"isLoading":false},
     "steps":[
      {"time":[0,0],"action":{"increment":{}}},
      {"time":[0,0],"mutation":{"add":{"_0":1}},"fromEffect":false,"state":{"count":1,"isLoading":false}},
      {"time":[0,1000000000000000000],"action":{"load":{}}},
      {"time":[0,1000000000000000000],"mutation":{"setLoading":{"_0":true}},"fromEffect":false,
       "state":{"count":1,"isLoading":true}},
      {"time":[0,3000000000000000000],"mutation":{"add":{"_0":10}},"fromEffect":true,
       "state":{"count":11,"isLoading":true}},
      {"time":[0,3000000000000000000],"mutation":{"setLoading":{"_0":false}},"fromEffect":true,
       "state":{"count":11,"isLoading":false}}
     ]}
    """.utf8)

  func test_decode_formatVersion2Recording_replaysAsItDid() async throws {
    // when
    let recording = try JSONDecoder().decode(FixtureCounter.Recording.self, from: formatVersion2)
    let reactor = FixtureCounter()
    try reactor.replay(recording)

    // then
    XCTAssertEqual(recording.steps.count, 6)
    XCTAssertEqual(recording.steps[4].time, .seconds(3))
    XCTAssertEqual(reactor.currentState, FixtureCounter.State(count: 11, isLoading: false))
    XCTAssertThrowsError(try FixtureCounter(step: 2).replay(recording)) { error in
      XCTAssertEqual((error as? ReplayDivergence)?.step, 2, "\(error)")
    }
  }

  func test_encode_formatVersion2Recording_writesFormat3ThatReplays() async throws {
    // given
    let recording = try JSONDecoder().decode(FixtureCounter.Recording.self, from: formatVersion2)

    // when
    let data = try JSONEncoder().encode(recording)
    let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])

    // then: a small state stays whole at each step
    XCTAssertEqual(object["formatVersion"] as? Int, 3)
    let steps = try XCTUnwrap(object["steps"] as? [[String: Any]])
    XCTAssertEqual((steps.last?["state"] as? [String: Any])?["count"] as? Int, 11)
    XCTAssertTrue(
      FixtureCounter().assertReplays(try JSONDecoder().decode(FixtureCounter.Recording.self, from: data)))
  }

  // MARK: - Malformed format 3

  /// The JSON object of a recording of three actions on the large state, and the first change of
  /// its first mutation step (the one of `items`) to edit.
  private func largeRecording(
    editing edit: (inout [String: Any]) -> Void
  ) throws -> Data {
    let reactor = LargeStateReactor()
    let recorder = reactor.recordSession(clock: ContinuousClock())
    for index in 0..<3 { reactor.send(.bump(index)) }
    recorder.stop()
    let data = try JSONEncoder().encode(recorder.recording)
    var object = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    var steps = try XCTUnwrap(object["steps"] as? [[String: Any]])
    var changes = try XCTUnwrap(steps[3]["changes"] as? [[String: Any]])
    XCTAssertEqual(changes.first?["field"] as? String, "items")
    edit(&changes[0])
    steps[3]["changes"] = changes
    object["steps"] = steps
    return try JSONSerialization.data(withJSONObject: object)
  }

  private func assertMalformed(
    _ data: Data, step: Int, saying reason: String, line: UInt = #line
  ) {
    XCTAssertThrowsError(try JSONDecoder().decode(LargeStateReactor.Recording.self, from: data), line: line) {
      guard case .malformedStep(let actualStep, let actualReason) = $0 as? RecordingError else {
        return XCTFail("not a malformed step: \($0)", line: line)
      }
      XCTAssertEqual(actualStep, step, line: line)
      XCTAssertTrue(actualReason.contains(reason), actualReason, line: line)
      XCTAssertTrue("\($0)".hasPrefix("the recording's step \(step) cannot be used"), "\($0)", line: line)
    }
  }

  private func setSplice(_ key: String, _ value: Any) -> (inout [String: Any]) -> Void {
    { change in
      var splices = change["splices"] as? [[String: Any]] ?? []
      splices[0][key] = value
      change["splices"] = splices
    }
  }

  func test_decode_changesOutOfRange_throwsMalformedStep() async throws {
    assertMalformed(try largeRecording(editing: setSplice("at", 100_000)), step: 4, saying: "out of range")
    assertMalformed(try largeRecording(editing: setSplice("at", Int.max)), step: 4, saying: "out of range")
  }

  func test_decode_negativeIndexOrCount_throwsMalformedStep() async throws {
    assertMalformed(try largeRecording(editing: setSplice("remove", -1)), step: 4, saying: "negative")
    assertMalformed(try largeRecording(editing: setSplice("at", -5)), step: 4, saying: "negative")
  }

  func test_decode_changesOfAnUnknownFieldOrOfAValueAsAnArray_throwsMalformedStep() async throws {
    assertMalformed(try largeRecording { $0["field"] = "nope" }, step: 4, saying: "no field \"nope\"")
    assertMalformed(try largeRecording { $0["field"] = "total" }, step: 4, saying: "not an array")
  }

  func test_decode_cutChange_throwsMalformedStep() async throws {
    assertMalformed(try largeRecording(editing: setSplice("insert", "x")), step: 4, saying: "insert")
    assertMalformed(try largeRecording { $0["splices"] = nil }, step: 4, saying: "value")
    assertMalformed(try largeRecording { $0["field"] = nil }, step: 4, saying: "field")
  }

  func test_decodeAndReplay_spliceBoundsEditedToAnyNumber_throwOrReplayButNeverTrap() async throws {
    // given: each bound of the first splice (at 1, removing 1) set to numbers at and past every
    // limit: a splice that still fits may shrink the array, so that a later step no longer fits
    let numbers = [Int.min, -1, 0, 2, 99_999, 100_001, Int.max]
    for key in ["at", "remove"] {
      for number in numbers {
        let data = try largeRecording(editing: setSplice(key, number))

        // when / then: a clear error naming the step, or a replay that diverges
        do {
          let recording = try JSONDecoder().decode(LargeStateReactor.Recording.self, from: data)
          try LargeStateReactor().replay(recording)
          XCTFail("\(key) \(number) replayed")
        } catch is ReplayDivergence {
        } catch let error as RecordingError {
          guard case .malformedStep = error else { return XCTFail("\(key) \(number): \(error)") }
        }
      }
    }
  }

  func test_decode_truncatedFile_throwsADecodingErrorBeforeAnyStep() async throws {
    // A JSON decoder parses the whole file before the recording reads it: a cut file is not JSON.
    let data = try largeRecording { _ in }
    XCTAssertThrowsError(
      try JSONDecoder().decode(LargeStateReactor.Recording.self, from: data.prefix(data.count - 40))
    ) {
      XCTAssertTrue($0 is DecodingError, "\($0)")
    }
  }
}
