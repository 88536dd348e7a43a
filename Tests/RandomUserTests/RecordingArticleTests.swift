import Foundation
import RandomUserCore
import ReactorFlow
import ReactorFlowTesting
import ReactorFlowTools
import XCTest

/// The record-and-replay snippets of ReactorFlow's "Inspecting a reactor" article (Inspection.md),
/// verbatim, on the sample's main reactor.
@MainActor
final class RecordingArticleTests: XCTestCase {
  func test_recordAndReplay_passesOnTheSampleReactor() async throws {
    let reactor = MainReactor(client: OfflinePeopleClient())
    let encoded = await bounded("the session is recorded and encoded") { () -> Data? in
      do {
        let recorder = reactor.recordSession(clock: ContinuousClock())
        await reactor.send(.load(100)).finish()
        let data = try JSONEncoder().encode(recorder.recording)
        return data
      } catch {
        XCTFail("the recording did not encode: \(error)")
        return nil
      }
    }
    let data = try XCTUnwrap(encoded ?? nil)

    let recording = try JSONDecoder().decode(MainReactor.Recording.self, from: data)
    MainReactor().assertReplays(recording)

    XCTAssertEqual(recording.steps.count, 3, "load, startLoading, setSections")
  }

  func test_timeTravel_showsTheStatesOfALoad() async throws {
    // given
    let reactor = MainReactor(client: OfflinePeopleClient())
    let recorder = reactor.recordSession(clock: ContinuousClock())
    await bounded("reactor.send(.load(50)) finishes") { await reactor.send(.load(50)).finish() }
    let travel = try TimeTravel(reactor: MainReactor(), recording: recorder.recording)

    // when / then
    XCTAssertEqual(travel.reactor.currentState.peopleCount, 50)
    travel.back()
    XCTAssertTrue(travel.reactor.currentState.sections.isLoading)
    travel.back()
    XCTAssertEqual(travel.reactor.currentState, MainReactor.State())
  }
}
