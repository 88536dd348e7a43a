import Foundation
import RandomUserCore
import ReactorFlow
import ReactorFlowTesting
import ReactorFlowTools
import XCTest

/// A recording kept in the repository (`Fixtures/load-8-people.json`: `randomuser --count 8
/// --record`, its session) replays on every platform and toolchain that runs the tests.
@MainActor
final class RecordingFixtureTests: XCTestCase {
  private let fixture = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().appendingPathComponent("Fixtures/load-8-people.json")

  func test_checkedInRecording_replaysOnTheSampleReactor() async throws {
    // given
    let data = try Data(contentsOf: fixture)

    // when
    let recording = try JSONDecoder().decode(MainReactor.Recording.self, from: data)
    let reactor = MainReactor()
    let replayed = reactor.assertReplays(recording)

    // then
    XCTAssertTrue(replayed)
    XCTAssertEqual(recording.steps.count, 3, "load, startLoading, setSections")
    XCTAssertEqual(reactor.currentState.peopleCount, 8)
    XCTAssertFalse(reactor.currentState.sections.isLoading)
  }

  func test_checkedInRecording_namesNoPlatformType() async throws {
    // given
    let text = try String(contentsOf: fixture, encoding: .utf8)

    // then: states are JSON values, not outlines of how this platform's Foundation stores them
    XCTAssertFalse(text.contains("Foundation"))
    XCTAssertFalse(text.contains("outline"))
    XCTAssertTrue(
      text.contains("\"pictureURL\": \"https://randomuser.me/api/portraits/"), text.prefix(400) + "…")
  }

  func test_checkedInRecording_withOneAgeEdited_divergesShowingThatAge() async throws {
    // given: the first person's age in the effect's mutation changed from what the state holds
    let text = try String(contentsOf: fixture, encoding: .utf8)
    let setSections = try XCTUnwrap(text.range(of: "\"setSections\""))
    let age = try XCTUnwrap(
      text.range(
        of: #""age": \d+"#, options: .regularExpression, range: setSections.upperBound..<text.endIndex))
    let recorded = text[age].split(separator: " ").last.map(String.init) ?? ""
    let edited = text.replacingCharacters(in: age, with: "\"age\": 99")
    let recording = try JSONDecoder().decode(MainReactor.Recording.self, from: Data(edited.utf8))

    // when
    XCTAssertThrowsError(try MainReactor().replay(recording)) { error in
      // then
      guard let divergence = error as? ReplayDivergence else { return XCTFail("\(error)") }
      XCTAssertEqual(divergence.step, 3)
      let lines = divergence.difference.split(separator: "\n")
      XCTAssertLessThanOrEqual(lines.count, 12, divergence.description)
      XCTAssertTrue(
        lines.contains { $0.hasPrefix("−") && $0.hasSuffix("- age: \(recorded)") }, divergence.description)
      XCTAssertTrue(lines.contains { $0.hasPrefix("+") && $0.hasSuffix("- age: 99") }, divergence.description)
      // The step is named as the code reads, without module prefixes.
      XCTAssertTrue(
        divergence.recorded.hasPrefix("mutation setSections([PersonSection(decade: "), divergence.recorded)
      XCTAssertFalse(divergence.recorded.contains("RandomUserCore."), divergence.recorded)
    }
  }
}
