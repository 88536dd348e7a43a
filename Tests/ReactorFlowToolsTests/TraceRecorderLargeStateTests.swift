import Foundation
import ReactorFlow
import ReactorFlowTesting
import ReactorFlowTools
import XCTest

/// A reactor whose state holds 100,000 numbers and their total; each action adds to one of them.
@MainActor
private final class LargeTimelineReactor: Reactor {
  nonisolated static let count = 100_000
  enum Action: Sendable { case add(index: Int, amount: Int) }
  typealias Mutation = Action
  struct State: Sendable {
    var items = Array(0..<LargeTimelineReactor.count)
    var total = 0
  }

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Effect<Mutation> { .send(action) }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .add(let index, let amount):
      state.items[index] += amount
      state.total += amount
    }
    return state
  }

  /// The session's `step`th action (from 0): the browser check (`.ci/browser_check.py`) knows it
  /// too, to tell the values a step must show.
  static func action(_ step: Int) -> Action {
    .add(index: (42 + step * 7_919) % count, amount: step + 1)
  }
}

@MainActor
final class TraceRecorderLargeStateTests: XCTestCase {
  /// A session of `steps` actions of the large reactor, recorded with its states.
  private func record(steps: Int) -> (TraceRecorder, LargeTimelineReactor) {
    let reactor = LargeTimelineReactor()
    let recorder = TraceRecorder(clock: TestClock(), keepsStates: true)
    let token = recorder.record(reactor)
    for step in 0..<steps { reactor.send(LargeTimelineReactor.action(step)) }
    token.cancel()
    return (recorder, reactor)
  }

  func test_html_ofALargeState_keepsWhatEachStepChangedAndIsBounded() async throws {
    // given: 200 steps, each changing one of 100,000 numbers and the total
    let (recorder, reactor) = record(steps: 200)

    // when
    let html = recorder.html()
    let svg = recorder.svg()
    let json = recorder.traceEventJSON()

    // then: the first state once, and per step its two changed lines
    XCTAssertLessThan(html.utf8.count, 2_500_000, "the page")
    XCTAssertLessThan(svg.utf8.count, 200_000, "the picture")
    XCTAssertLessThan(json.utf8.count, 100_000, "the Trace Event JSON")
    XCTAssertFalse(svg.contains("99999"), "the picture shows no state")
    let page = try TimelinePage(html)
    XCTAssertEqual(page.steps.count, 401)
    XCTAssertEqual(page.states.count, 201, "the first state and one per mutation")
    XCTAssertEqual((page.states.first?["first"] as? [String])?.count, LargeTimelineReactor.count + 3)
    XCTAssertEqual(page.hunks(ofState: 1).map(\.path), ["items[42]", "total"])
    XCTAssertEqual(page.hunks(ofState: 1).map(\.removed), [["    - 42"], ["  - total: 0"]])
    XCTAssertEqual(page.hunks(ofState: 1).map(\.added), [["    - 43"], ["  - total: 1"]])
    XCTAssertEqual(page.hunks(ofState: 1).map(\.at), [44, LargeTimelineReactor.count + 2])
    for state in 1..<page.states.count {
      XCTAssertEqual(page.hunks(ofState: state).count, 2, "state \(state)")
    }
    // and the states rebuilt from them are the reactor's
    let states = page.rebuiltStates()
    XCTAssertEqual(states.last, recorder.pageLines(of: reactor.currentState))
    var state = LargeTimelineReactor.State()
    for step in 0..<150 {
      guard case .add(let index, let amount) = LargeTimelineReactor.action(step) else { continue }
      state.items[index] += amount
      state.total += amount
    }
    XCTAssertEqual(
      page.stateLines(atStep: 300, rebuilt: states), recorder.pageLines(of: state), "after 150 actions")
  }

  func test_html_rebuildsEveryStateOfEveryShape() async throws {
    // given: a state of many shapes, changed one way after another
    let reactor = ShapesReactor()
    let recorder = TraceRecorder(clock: TestClock(), keepsStates: true)
    let token = recorder.record(reactor)
    var expected = [reactor.currentState]
    for change in ShapesReactor.changes {
      var state = expected[expected.count - 1]
      change(&state)
      reactor.send(.set(state))
      expected.append(state)
    }
    token.cancel()

    // when
    let page = try TimelinePage(recorder.html())

    // then: every rebuilt state is the outline of the state it stands for
    let states = page.rebuiltStates()
    XCTAssertEqual(states.count, expected.count)
    for (index, (rebuilt, state)) in zip(states, expected).enumerated() {
      XCTAssertEqual(rebuilt, recorder.pageLines(of: state), "state \(index)")
    }
    XCTAssertEqual(page.hunks(ofState: 1).map(\.path), ["items[3]"])
    XCTAssertEqual(page.hunks(ofState: expected.count - 1).count, 0, "an equal state changes nothing")
  }

  /// Writes the page of a 1,000-step session to the path in `REACTORFLOW_LARGE_TIMELINE_PAGE`,
  /// for `.ci/browser.sh`, which opens it in a browser.
  func test_writeTheLargeSessionsPage() async throws {
    guard let path = ProcessInfo.processInfo.environment["REACTORFLOW_LARGE_TIMELINE_PAGE"] else {
      throw XCTSkip("set REACTORFLOW_LARGE_TIMELINE_PAGE to write the page")
    }
    let residentBefore = Self.residentBytes()
    let clock = ContinuousClock()
    let recordingStart = clock.now
    let (recorder, _) = record(steps: 1_000)
    let recorded = recordingStart.duration(to: clock.now)
    let residentAfter = Self.residentBytes()
    let writingStart = clock.now
    let html = recorder.html(title: "1,000 steps of 100,000 numbers")
    let written = writingStart.duration(to: clock.now)
    try html.write(toFile: path, atomically: true, encoding: .utf8)
    print(
      "large timeline page: \(html.utf8.count) bytes; recorded in \(recorded), written in \(written); "
        + "resident memory \(residentBefore / 1_048_576) MiB before recording, \(residentAfter / 1_048_576) MiB after"
    )
  }

  /// The process's resident memory, where `/proc` says it, or 0.
  private static func residentBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return 0 }
    return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
  }
}

/// A reactor whose state has a field of each shape an outline shows, set whole by each action.
@MainActor
private final class ShapesReactor: Reactor {
  enum Action: Sendable { case set(State) }
  typealias Mutation = Action

  struct Inner: Sendable {
    var name: String
    var count: Int
  }

  enum Mode: Sendable {
    case idle
    case loaded([Int])
    case failed(String)
  }

  indirect enum Chain: Sendable {
    case end(Int)
    case link(Chain)

    static func deep(_ depth: Int, end: Int) -> Chain {
      (0..<depth).reduce(.end(end)) { chain, _ in .link(chain) }
    }
  }

  final class Box: Sendable {
    let value: Int
    init(_ value: Int) { self.value = value }
  }

  struct State: Sendable {
    var items = Array(0..<20)
    var names = ["a", "b", "c"]
    var inner = [Inner(name: "x", count: 1), Inner(name: "y", count: 2)]
    var optional: Inner?
    var mode = Mode.idle
    var set: Set<Int> = [1, 2]
    var dictionary = ["k": 1]
    var pair = (1, "one")
    var box = Box(1)
    var grid = [[1, 2], [3, 4]]
    var contiguous: ContiguousArray<Int> = [1, 2, 3]
    var slice = [1, 2, 3, 4][1...]
    var chain = Chain.deep(3, end: 0)
    var deepChain = Chain.deep(45, end: 0)
    var empty: [Int] = []
    var last = 0
  }

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Effect<Mutation> { .send(action) }

  func reduce(state: State, mutation: Mutation) -> State {
    switch mutation {
    case .set(let state): state
    }
  }

  /// Each change, applied to the state the one before left.
  static let changes: [(inout State) -> Void] = [
    { $0.items[3] = 99 },
    { $0.items.append(7) },
    { $0.items.removeFirst(2) },
    { $0.items.insert(5, at: 10) },
    { $0.names[1] = "b2" },
    { $0.inner[0].name = "x2" },
    { $0.inner.append(Inner(name: "z", count: 3)) },
    { $0.inner[2].count = 30 },
    { $0.optional = Inner(name: "o", count: 0) },
    { $0.optional?.count = 5 },
    { $0.optional = nil },
    { $0.mode = .loaded([1, 2]) },
    { $0.mode = .loaded([1, 2, 3]) },
    { $0.mode = .failed("no network") },
    { $0.set.insert(5) },
    { $0.dictionary["j"] = 2 },
    { $0.pair = (2, "two") },
    { $0.box = Box(2) },
    { $0.grid[1][0] = 5 },
    { $0.grid.append([]) },
    { $0.contiguous[1] = 20 },
    { $0.slice[2] = 30 },
    { $0.chain = .link(.end(1)) },
    { $0.deepChain = Chain.deep(45, end: 1) },
    { $0.empty = [1] },
    { $0.empty = [] },
    { $0.items = [] },
    { $0.items = [1, 2] },
    { $0.last = 1 },
    { _ in },
  ]
}
