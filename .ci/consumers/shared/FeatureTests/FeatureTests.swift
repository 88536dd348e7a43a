import Foundation
import ReactorFlowTesting
import ReactorFlowTools
import XCTest

@testable import Feature

final class SearchClientMock: SearchClient {
  let searchSpy = Spy<String, [String]>()
  func search(_ query: String) async throws -> [String] { searchSpy(query) }
}

@MainActor
final class FeatureTests: XCTestCase {
  func test_logChanges_toAClosureAndToAStream_writesTheSameLines() async {
    let reactor = CounterViewReactor()
    var lines: [String] = []
    let stream = LogText()
    let logs = [reactor.logChanges { lines.append($0) }, reactor.logChanges(to: stream)]
    reactor.send(.increase)
    logs.forEach { $0.cancel() }
    XCTAssertEqual(
      Array(lines.prefix(3)),
      [
        "[CounterViewReactor] action increase",
        "[CounterViewReactor]   mutation increaseValue",
        "[CounterViewReactor]       value: 0 → 1",
      ])
    XCTAssertEqual(stream.text, lines.map { $0 + "\n" }.joined())
  }

  func test_basket_aChangeByOneScreen_reachesTheOther_andIsWrittenOnce() async throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("basket-\(UUID().uuidString).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let clock = TestClock()
    let store = makeBasketStore(path: path, clock: clock) { XCTFail("\($0)") }
    let tester = ReactorTester(BasketReactor(basket: store.shared))
    let other = BasketReactor(basket: store.shared)
    other.send(.add("tea"))
    await tester.receive(.setItems(["tea"])) { $0.items = ["tea"] }
    await tester.send(.add("milk")) { $0.items = ["tea", "milk"] }
    await clock.advance(by: .seconds(1))
    XCTAssertEqual(store.writeCount, 1)
    XCTAssertEqual(FileStorage<[String]>(path: path).load(default: []).value, ["tea", "milk"])
    await tester.finish()
  }

  func test_feed_reduceInPlace_likesOnePost_andTheTesterNamesTheChange() async {
    let tester = ReactorTester(FeedReactor())
    await tester.send(.like(42)) {
      $0.posts[42].isLiked = true
      $0.likes = 1
    }
    let reactor = FeedReactor()
    XCTAssertEqual(reactor.reduce(state: reactor.currentState, mutation: .setLiked(7, true)).likes, 1)
    await tester.finish()
  }

  func test_placement_everyFormInProduction_runsWhereTheDocsSay() async {
    for form in PlacementReactor.probedForms {
      let reactor = PlacementReactor()
      await reactor.send(.probe(form)).finish()
      XCTAssertEqual(
        reactor.currentState.onMain[form], PlacementReactor.expectedOnMain[form],
        "\(form): onMain \(String(describing: reactor.currentState.onMain[form]))")
    }
  }

  func test_placement_everyFormUnderTheTester_runsWhereTheDocsSay() async {
    for form in PlacementReactor.probedForms {
      let tester = ReactorTester(PlacementReactor())
      await tester.send(.probe(form))
      let onMain = PlacementReactor.expectedOnMain[form] ?? false
      await tester.receive(.ran(form, onMain: onMain)) { $0.onMain[form] = onMain }
      await tester.finish()
    }
  }

  func test_counter_increase_isReducedBeforeSendReturns() {
    let reactor = CounterViewReactor()
    var values: [Int] = []
    let token = reactor.observe(\.value) { values.append($0) }
    reactor.send(.increase)
    XCTAssertEqual(values, [0, 1])
    token.cancel()
  }

  func test_counter_decreaseLater_onATestClock() async {
    let clock = TestClock()
    let tester = ReactorTester(CounterViewReactor(clock: clock))
    await tester.send(.decreaseLater)
    await clock.advance(by: .seconds(1))
    await tester.receive(.decreaseValue) {
      $0.value = -1
      $0.message = "down"
    }
    await tester.finish()
  }

  func test_counter_record_stampsEachValueWithItsTick() async {
    let clock = TestClock()
    let reactor = CounterViewReactor(clock: clock)
    let values = reactor.record(\.value, clock: clock)
    clock.schedule(at: 1) { reactor.send(.increase) }
    clock.schedule(at: 2) { reactor.send(.decreaseLater) }
    await clock.run()
    XCTAssertEqual(values.events, [.next(0, 0), .next(1, 1), .next(3, 0)])
  }

  func test_search_typingWithin300ms_receivesOnlyTheLastResults() async {
    let clock = TestClock()
    let client = SearchClientMock()
    client.searchSpy.handler = { ["\($0)!"] }
    let tester = ReactorTester(SearchReactor(client: client, clock: clock))
    await tester.send(.query("s")) { $0.query = "s" }
    await tester.send(.query("sw")) { $0.query = "sw" }
    await clock.advance(by: .milliseconds(300))
    await tester.receive(.setResults(["sw!"])) { $0.results = ["sw!"] }
    await tester.finish()
    XCTAssertEqual(client.searchSpy.allArguments, ["sw"])
  }

  func test_search_live_fulfilsAnExpectationOnTheStateChange() async {
    let reactor = SearchReactor(client: LiveSearchClient(), clock: ImmediateClock())
    let found = expectation(for: reactor) { $0.results == ["SWIFT"] }
    reactor.send(.query("swift"))
    await fulfillment(of: [found], timeout: 5)
  }

  func test_todoCell_stateDeclaredOutside_toggles() {
    let reactor = TodoCellReactor(item: TodoItem(title: "Milk"))
    reactor.send(.toggleDone)
    XCTAssertEqual(reactor.currentState, TodoItem(title: "Milk", isDone: true))
  }

  func test_todoCell_userTypeInAnExpectationAndADistinctRecord() async {
    let reactor = TodoCellReactor(item: TodoItem(title: "Milk"))
    let items = reactor.record(\.self, distinct: true)
    let done = expectation(reactor, \.self, equals: TodoItem(title: "Milk", isDone: true))
    reactor.send(.toggleDone)
    await fulfillment(of: [done], timeout: 5)
    XCTAssertEqual(items.values, [TodoItem(title: "Milk"), TodoItem(title: "Milk", isDone: true)])
  }

  func test_todoList_forAwaitOverABus_readsTheStateForEachEvent() async {
    let bus = EventBus<String>()
    let tester = ReactorTester(TodoListReactor(bus: bus))
    await tester.send(.listen)
    bus.post("Milk")
    await tester.receive(.append("1. Milk")) { $0.titles = ["1. Milk"] }
    bus.post("Eggs")
    await tester.receive(.append("2. Eggs")) { $0.titles = ["1. Milk", "2. Eggs"] }
    bus.finish()
    await tester.finish()
  }

  func test_counterLine_withAStub_recordsActionsAndShowsSetState() {
    let reactor = CounterViewReactor()
    let stub = ReactorStub(reactor)
    let line = CounterLine()
    line.reactor = reactor
    reactor.send(.increase)
    XCTAssertEqual(stub.actions, [.increase])
    XCTAssertEqual(line.text, "value: 0")
    stub.state.value = 7
    XCTAssertEqual(line.text, "value: 7")
    XCTAssertGreaterThan(line.changes, 0)
  }

  func test_counterScreen_rendersTheModel() {
    guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
    let reactor = CounterViewReactor()
    let screen = CounterScreen(reactor: reactor)
    XCTAssertEqual(screen.render(), "0")
    reactor.send(.increase)
    XCTAssertEqual(screen.render(), "1")
  }

  func test_notes_aRowsOutputRemovesItFromItsParent_andTheRowIsReleased() async {
    let notes = NotesReactor()
    notes.send(.add(id: 1, text: "Milk"))
    notes.send(.add(id: 2, text: "Eggs"))
    weak let row = notes.currentState.rows[id: 1]?.reactor
    XCTAssertNotNil(row)
    row?.send(.delete)
    XCTAssertNil(notes.currentState.rows[id: 1])
    XCTAssertNotNil(notes.currentState.rows[id: 2])
    XCTAssertNil(row)
  }

  func test_tally_inspect_seesTheActionTheEffectAndItsMutationInOrder() async {
    let reactor = TallyReactor()
    var events: [String] = []
    let token = reactor.inspect { event in
      switch event {
      case .action(let action, let source): events.append("action \(action) from \(source)")
      case .mutation(let mutation, let effect):
        events.append("mutation \(mutation)\(effect == nil ? "" : " from an effect")")
      case .state: events.append("state")
      case .effectStarted: events.append("effect started")
      case .effectEnded(_, let outcome): events.append("effect \(outcome)")
      }
    }
    reactor.send(.add(2))
    await reactor.send(.save).finish()
    token.cancel()
    XCTAssertEqual(
      events,
      [
        "action add(2) from send", "mutation add(2)", "state", "action save from send",
        "effect started", "mutation setSaved(2) from an effect", "state", "effect finished",
      ])
  }

  func test_tally_recordingSurvivesJSON_andReplaysIntoAFreshReactor() async throws {
    let clock = TestClock()
    let reactor = TallyReactor()
    let recorder = reactor.recordSession(clock: clock)
    reactor.send(.add(3))
    await reactor.send(.save).finish()
    recorder.stop()
    let data = try JSONEncoder().encode(recorder.recording)
    let recording = try JSONDecoder().decode(TallyReactor.Recording.self, from: data)
    TallyReactor().assertReplays(recording)
    let fresh = TallyReactor()
    try fresh.replay(recording)
    XCTAssertEqual(fresh.currentState, TallyReactor.State(total: 3, saved: 3))
  }

  func test_tally_traceRecorder_writesASpanForTheEffect() async {
    let clock = TestClock()
    let recorder = TraceRecorder(clock: clock)
    let reactor = TallyReactor()
    let tracing = ReactorInspection.attach(recorder)
    await reactor.send(.save).finish()
    tracing.cancel()
    let json = recorder.traceEventJSON()
    XCTAssertTrue(json.contains(#""ph":"B""#), json)
    XCTAssertTrue(json.contains(#""ph":"E""#), json)
    XCTAssertTrue(recorder.svg().hasPrefix("<?xml"))
  }
}

/// Gathers what a change log writes to a stream.
final class LogText: TextOutputStream {
  var text = ""
  func write(_ string: String) { text += string }
}
