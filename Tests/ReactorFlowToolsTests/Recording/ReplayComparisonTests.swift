import Foundation
import ReactorFlow
import ReactorFlowTesting
import ReactorFlowTools
import XCTest

/// A list of a hundred entries, `Codable` and `Equatable`: each action changes one entry's score,
/// or every entry's.
@MainActor
private final class RecordedListReactor: Reactor {
  enum Action: Sendable, Codable, Equatable { case score(index: Int, by: Int), scoreAll }
  typealias Mutation = Action
  struct Entry: Codable, Equatable, Sendable {
    var name: String
    var score: Int
  }
  struct State: Codable, Equatable, Sendable {
    var entries = (0..<100).map { Entry(name: "entry \($0)", score: 0) }
  }

  let initialState = State()
  let runtime = Runtime()
  let bonus: Int

  init(bonus: Int = 0) { self.bonus = bonus }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .score(let index, let points): state.entries[index].score += points + bonus
    case .scoreAll: for index in state.entries.indices { state.entries[index].score += 1 + bonus }
    }
    return state
  }
}

/// A state that is neither `Equatable` nor `Codable`: its recording holds outlines.
@MainActor
private final class UnequatableNotesReactor: Reactor {
  typealias Action = String
  struct State: Sendable {
    var notes: [String] = []
    var tags: Set<String> = []
  }

  let initialState = State()
  let runtime = Runtime()
  let prefix: String

  init(prefix: String = "") { self.prefix = prefix }

  func reduce(state: State, mutation: String) -> State {
    var state = state
    state.notes.append(prefix + mutation)
    state.tags.insert(mutation)
    return state
  }
}

@MainActor
final class ReplayComparisonTests: XCTestCase {
  private func recordList(_ actions: [RecordedListReactor.Action]) -> RecordedListReactor.Recording {
    let reactor = RecordedListReactor()
    let recorder = reactor.recordSession(clock: ContinuousClock())
    for action in actions { reactor.send(action) }
    recorder.stop()
    return recorder.recording
  }

  func test_recording_ofALargeCodableEquatableState_writesEachStepsChangedElementsAsJSON() async throws {
    // given
    let recording = recordList([.score(index: 3, by: 5)])

    // when
    let data = try JSONEncoder().encode(recording)
    let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])

    // then: the initial state is an object with its fields, the step the one entry it changed
    XCTAssertEqual(object["formatVersion"] as? Int, 3)
    XCTAssertNil(object["initialOutline"])
    let initial = try XCTUnwrap(object["initialState"] as? [String: Any])
    XCTAssertEqual((initial["entries"] as? [Any])?.count, 100)
    let steps = try XCTUnwrap(object["steps"] as? [[String: Any]])
    XCTAssertEqual(steps.count, 2)
    guard steps.count == 2 else { return }
    XCTAssertNil(steps[1]["state"])
    XCTAssertNil(steps[1]["outline"])
    let changes = try XCTUnwrap(steps[1]["changes"] as? [[String: Any]])
    XCTAssertEqual(changes.first?["field"] as? String, "entries")
    let splice = try XCTUnwrap((changes.first?["splices"] as? [[String: Any]])?.first)
    XCTAssertEqual(splice["at"] as? Int, 3)
    XCTAssertEqual(splice["remove"] as? Int, 1)
    let inserted = try XCTUnwrap(splice["insert"] as? [[String: Any]])
    XCTAssertEqual(inserted.first?["score"] as? Int, 5)
    let decoded = try JSONDecoder().decode(RecordedListReactor.Recording.self, from: data)
    XCTAssertTrue(RecordedListReactor().assertReplays(decoded))
  }

  func test_replay_oneFieldChanged_showsThatFieldUnderTheLinesThatLeadToIt() async throws {
    // given: the recorded state of the first step edited in one field
    var recording = recordList([.score(index: 42, by: 5)])
    guard case .mutation(let mutation, let fromEffect, _) = recording.steps[1].event else {
      return XCTFail("the step is not a mutation")
    }
    var state = RecordedListReactor.State()
    state.entries[42].score = 99
    recording.steps[1].event = .mutation(mutation, fromEffect: fromEffect, state: .value(state))

    // when
    XCTAssertThrowsError(try RecordedListReactor().replay(recording)) { error in
      // then
      guard let divergence = error as? ReplayDivergence else { return XCTFail("\(error)") }
      XCTAssertEqual(divergence.step, 2)
      XCTAssertEqual(
        divergence.difference,
        """
        the state differs (− recorded, + replayed):
          ▿ ReactorFlowToolsTests.(unknown context at $\(Self.context)).RecordedListReactor.State
            ▿ entries: 100 elements
              ▿ ReactorFlowToolsTests.(unknown context at $\(Self.context)).RecordedListReactor.Entry
                - name: "entry 42"
        −       - score: 99
        +       - score: 5
        """)
    }
  }

  func test_replay_ofChangesEditedInOneElement_showsThatFieldAsAWholeStateWould() async throws {
    // given: the recording's JSON, its step's changed entry edited from score 5 to 99
    let data = try JSONEncoder().encode(recordList([.score(index: 42, by: 5)]))
    let text = try XCTUnwrap(String(data: data, encoding: .utf8))
    XCTAssertTrue(text.contains(#""score":5"#), text.suffix(300) + "")
    let edited = Data(text.replacingOccurrences(of: #""score":5"#, with: #""score":99"#).utf8)
    let recording = try JSONDecoder().decode(RecordedListReactor.Recording.self, from: edited)

    // when
    XCTAssertThrowsError(try RecordedListReactor().replay(recording)) { error in
      // then
      guard let divergence = error as? ReplayDivergence else { return XCTFail("\(error)") }
      XCTAssertEqual(divergence.step, 2)
      XCTAssertTrue(
        divergence.difference.hasSuffix("−       - score: 99\n+       - score: 5"), divergence.description)
      XCTAssertTrue(divergence.difference.contains("▿ entries: 100 elements"), divergence.description)
    }
  }

  /// The private context of this file's types, as `String(reflecting:)` writes it.
  private static var context: Substring {
    let name = String(reflecting: RecordedListReactor.self)
    let start = name.range(of: "$")?.upperBound ?? name.startIndex
    return name[start...].prefix { $0 != ")" }
  }

  func test_replay_manyFieldsChanged_showsAboutTwentyLinesAndCountsTheRest() async throws {
    // given: a recording made by a reactor that scores one point less
    let recording = recordList([.scoreAll])

    // when
    XCTAssertThrowsError(try RecordedListReactor(bonus: 1).replay(recording)) { error in
      // then
      guard let divergence = error as? ReplayDivergence else { return XCTFail("\(error)") }
      let lines = divergence.difference.split(separator: "\n")
      XCTAssertLessThanOrEqual(lines.count, 22, divergence.description)
      let shown = lines.filter { $0.hasPrefix("−") || $0.hasPrefix("+") }.count
      XCTAssertEqual(lines.last, "  … \(200 - shown) more changed lines", divergence.description)
    }
  }

  func test_replay_ofANonEquatableState_comparesStableOutlines() async throws {
    // given
    let reactor = UnequatableNotesReactor()
    let recorder = reactor.recordSession(clock: ContinuousClock())
    for note in ["b", "a", "c"] { reactor.send(note) }
    recorder.stop()
    let data = try JSONEncoder().encode(recorder.recording)
    let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let recording = try JSONDecoder().decode(UnequatableNotesReactor.Recording.self, from: data)

    // when / then: the same code replays, whatever order the set's hash seed gives it
    XCTAssertNotNil(object["initialOutline"])
    XCTAssertNoThrow(try UnequatableNotesReactor().replay(recording))
    XCTAssertThrowsError(try UnequatableNotesReactor(prefix: "note ").replay(recording)) { error in
      guard let divergence = error as? ReplayDivergence else { return XCTFail("\(error)") }
      XCTAssertEqual(divergence.step, 2)
      XCTAssertTrue(
        divergence.difference.contains("−     - \"b\"\n+     - \"note b\""), divergence.description)
    }
  }

  func test_decode_formatVersion1_throwsUnsupportedFormatSayingToRecordAgain() async throws {
    // given: a recording of the first format, whose states were outlines
    let old = Data(
      """
      {"formatVersion": 1, "reactorType": "M.R", "eventTypes": "M.A, M.M", "initialState": ["- 0"],
       "steps": []}
      """.utf8)

    // when / then
    XCTAssertThrowsError(try JSONDecoder().decode(RecordedListReactor.Recording.self, from: old)) { error in
      XCTAssertEqual(error as? RecordingError, .unsupportedFormat(version: 1, supported: 3))
      XCTAssertTrue("\(error)".contains("no longer reads"), "\(error)")
    }
  }
}
