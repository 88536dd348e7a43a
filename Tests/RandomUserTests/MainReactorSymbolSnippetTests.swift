import Foundation
import RandomUserCore
import ReactorFlow
import ReactorFlowTestSupport
import ReactorFlowTesting
import ReactorFlowTools
import XCTest

// The snippets of ReactorFlow's and ReactorFlowTesting's doc comments that use the sample's
// `MainReactor`, verbatim (DocCSnippetTests checks that they stay so), compiled and run here.

/// Why `UnreachablePeopleClient` fails: its text is what the main screen shows.
private struct OfflineError: Error, CustomStringConvertible {
  var description: String { "offline" }
}

/// A client whose every fetch fails, as without a network.
private struct UnreachablePeopleClient: PeopleClient {
  func fetchPeople(count: Int, seed: String?) async throws -> [Person] { throw OfflineError() }
}

@MainActor
final class MainReactorTesterSnippetTests: XCTestCase {
  // ReactorTester.receive(where:timeout:assert:)
  func test_receiveWhere_matchesTheFailedLoadsError() async {
    // given
    let tester = ReactorTester(MainReactor(client: UnreachablePeopleClient()))
    await tester.send(.load(10)) {
      $0.sections = .loading(previous: nil)
      $0.lastRequestedCount = 10
    }

    // when / then
    await tester.receive(where: { if case .setError = $0 { true } else { false } }) {
      $0.sections = .failed(DescribedError(description: "offline"), previous: nil)
    }
    await tester.finish()
    XCTAssertEqual(tester.state.sections.error?.description, "offline")
  }
}

@MainActor
final class MainReactorExpectationSnippetTests: XCTestCase {
  // XCTestCase.expectation(for:description:where:)
  func test_expectationFor_isFulfilledByTheLoad() async {
    let reactor = MainReactor(client: OfflinePeopleClient())

    let loaded = expectation(for: reactor) { $0.peopleCount == 100 }
    reactor.send(.load(100))
    await fulfillment(of: [loaded], timeout: 1)

    XCTAssertEqual(reactor.currentState.peopleCount, 100)
  }

  // XCTestCase.expectation(_:_:equals:)
  func test_expectationEquals_isFulfilledWhenTheLoadEnds() async {
    let reactor = MainReactor(client: OfflinePeopleClient())
    reactor.send(.load(10))
    XCTAssertTrue(reactor.currentState.sections.isLoading)

    let finished = expectation(reactor, \.sections.isLoading, equals: false)
    await fulfillment(of: [finished], timeout: 5)

    XCTAssertEqual(reactor.currentState.peopleCount, 10)
  }
}

/// Not isolated to the main actor: `wait(for:timeout:)` blocks the calling thread.
final class MainReactorSynchronousExpectationSnippetTests: XCTestCase {
  // XCTestExpectation.init(for:description:where:)
  func test_load() {  // synchronous, for wait(for:timeout:)
    let (loaded, reactor) = MainActor.assumeIsolated {
      let reactor = MainReactor(client: OfflinePeopleClient())
      let loaded = XCTestExpectation(for: reactor) { $0.peopleCount == 100 }
      reactor.send(.load(100))
      return (loaded, reactor)
    }
    wait(for: [loaded], timeout: 1)
    XCTAssertEqual(MainActor.assumeIsolated { reactor.currentState.peopleCount }, 100)
  }
}

@MainActor
final class MainReactorRecordingSnippetTests: XCTestCase {
  /// A folder holding `load.json`, a recorded load of 100 people.
  private var fixtures = URL(fileURLWithPath: NSTemporaryDirectory())

  override func setUp() async throws {
    fixtures = FileManager.default.temporaryDirectory
      .appendingPathComponent("MainReactorRecordingSnippetTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
    let reactor = MainReactor(client: OfflinePeopleClient())
    let recorder = reactor.recordSession(clock: ContinuousClock())
    await bounded("reactor.send(.load(100)) finishes") { await reactor.send(.load(100)).finish() }
    try JSONEncoder().encode(recorder.recording).write(to: fixtures.appendingPathComponent("load.json"))
  }

  override func tearDown() async throws {
    try? FileManager.default.removeItem(at: fixtures)
  }

  // Reactor.assertReplays(_:)
  func test_recordedSession_stillReachesTheSameStates() async throws {
    let data = try Data(contentsOf: fixtures.appendingPathComponent("load.json"))
    let recording = try JSONDecoder().decode(MainReactor.Recording.self, from: data)
    MainReactor().assertReplays(recording)
  }

  // Reactor.replay(_:)
  func test_replay_endsInTheRecordedState() async throws {
    let data = try Data(contentsOf: fixtures.appendingPathComponent("load.json"))

    let recording = try JSONDecoder().decode(MainReactor.Recording.self, from: data)
    let reactor = MainReactor()
    try reactor.replay(recording)
    let state = reactor.currentState  // the state the session ended with

    XCTAssertEqual(state.peopleCount, 100)
    XCTAssertFalse(state.sections.isLoading)
  }

  // TimeTravel
  func test_timeTravel_movesToAMutationAndBack() async throws {
    let data = try Data(contentsOf: fixtures.appendingPathComponent("load.json"))
    let recording = try JSONDecoder().decode(MainReactor.Recording.self, from: data)

    let travel = try TimeTravel(reactor: MainReactor(), recording: recording)
    travel.move(to: 3)  // the view shows the state after the third mutation
    travel.back()

    // Two mutations (startLoading, setSections): `move(to: 3)` clamps to the last state.
    XCTAssertTrue(travel.reactor.currentState.sections.isLoading, "back at the state after startLoading")
  }
}
