import Foundation
import ReactorFlow
import ReactorFlowTestSupport
import ReactorFlowTesting
import ReactorFlowTools
import XCTest

#if canImport(FoundationXML)
  import FoundationXML
#endif

@MainActor
private final class TimelineReactor: Reactor {
  enum Action: Sendable { case load, hang }
  enum Mutation: Sendable { case setLoading(Bool), loaded }
  struct State: Equatable, Sendable {
    var isLoading = false
    var loads = 0
  }

  let initialState = State()
  let runtime = Runtime()
  let time: TestClock

  init(time: TestClock) {
    self.time = time
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .load:
      return .run { [time] send in
        try await time.sleep(for: .seconds(1))
        await send(.loaded)
      }
      .prepend(.setLoading(true))
      .cancellable(id: "load", cancelInFlight: true)
    case .hang:
      return .run { [time] _ in try await time.sleep(for: .seconds(60)) }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setLoading(let isLoading): state.isLoading = isLoading
    case .loaded:
      state.isLoading = false
      state.loads += 1
    }
    return state
  }
}

@MainActor
final class TraceRecorderTests: XCTestCase {
  /// Two loads, the first cancelled by the second at 0.5 s, which finishes at 1.5 s; an effect
  /// that still runs when the trace is written.
  private func record() async -> TraceRecorder {
    let time = TestClock()
    let reactor = TimelineReactor(time: time)
    let recorder = TraceRecorder(clock: time)
    let token = recorder.record(reactor)
    reactor.send(.load)
    await time.advance(by: .milliseconds(500))
    reactor.send(.load)
    reactor.send(.hang)
    await time.advance(by: .seconds(1))
    token.cancel()
    return recorder
  }

  func test_traceEventJSON_spansNestAndEveryStartHasAnEnd() async throws {
    // given
    let recorder = await record()

    // when
    let json = recorder.traceEventJSON()

    // then
    let root = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let events = try XCTUnwrap(root["traceEvents"] as? [[String: Any]])
    var stacks: [String: [(name: String, ts: Int)]] = [:]
    var outcomes: [String] = []
    for event in events {
      let phase = try XCTUnwrap(event["ph"] as? String)
      let track = "\(event["pid"] ?? "")/\(event["tid"] ?? "")"
      switch phase {
      case "B":
        let ts = try XCTUnwrap(event["ts"] as? Int)
        if let open = stacks[track]?.last { XCTAssertGreaterThanOrEqual(ts, open.ts) }
        stacks[track, default: []].append((try XCTUnwrap(event["name"] as? String), ts))
      case "E":
        let open = try XCTUnwrap(stacks[track]?.popLast(), "an end without a start on \(track)")
        XCTAssertEqual(event["name"] as? String, open.name, "spans nest: an end closes the last start")
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(event["ts"] as? Int), open.ts)
        let args = try XCTUnwrap(event["args"] as? [String: Any])
        outcomes.append(try XCTUnwrap(args["outcome"] as? String))
      case "i":
        XCTAssertEqual(event["tid"] as? Int, 0, "actions and mutations are on the reactor's first track")
      case "M":
        continue
      default:
        XCTFail("unexpected phase \(phase)")
      }
    }
    XCTAssertTrue(stacks.values.allSatisfy(\.isEmpty), "every start has an end: \(stacks)")
    XCTAssertEqual(outcomes.sorted(), ["cancelled", "finished", "running"])
    let names = events.compactMap { $0["name"] as? String }
    XCTAssertEqual(names.filter { $0.hasPrefix("action ") }, ["action load", "action load", "action hang"])
    let processNames = events.filter { $0["name"] as? String == "process_name" }
    XCTAssertEqual(processNames.count, 1, "one reactor, one track group")
  }

  func test_traceEventJSON_timesComeFromTheClock() async throws {
    // given
    let recorder = await record()

    // when
    let json = recorder.traceEventJSON()

    // then: the second load starts at 0.5 s and ends at 1.5 s on the test clock
    let root = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let events = try XCTUnwrap(root["traceEvents"] as? [[String: Any]])
    let finished = try XCTUnwrap(
      events.first { ($0["args"] as? [String: Any])?["outcome"] as? String == "finished" })
    XCTAssertEqual(finished["ts"] as? Int, 1_500_000)
    let starts = events.filter { $0["ph"] as? String == "B" }.compactMap { $0["ts"] as? Int }
    XCTAssertEqual(starts, [0, 500_000, 500_000])
  }

  func test_svg_parsesAsSelfContainedXML() async throws {
    // given
    let recorder = await record()

    // when
    let svg = recorder.svg()

    // then
    let collector = ElementCollector()
    let parser = XMLParser(data: Data(svg.utf8))
    parser.delegate = collector
    XCTAssertTrue(parser.parse(), "the SVG must parse: \(String(describing: parser.parserError))")
    XCTAssertEqual(collector.elements.first, "svg")
    XCTAssertFalse(collector.elements.contains("script"), "no scripts")
    XCTAssertFalse(
      collector.attributes.values.joined().contains { $0.keys.contains { $0.hasSuffix("href") } },
      "no external files")
    XCTAssertEqual(
      collector.titles.filter { $0.contains("effect #") }.count, 3, "three effects, three bars")
    XCTAssertEqual(
      collector.titles.map { $0.components(separatedBy: " action ").count - 1 }.reduce(0, +), 3,
      "three actions, each in a hover text")
    XCTAssertTrue(collector.texts.contains("TimelineReactor #1"), "the reactor's row is named")
    XCTAssertTrue(collector.texts.contains("1 s"), "the axis is labelled: \(collector.texts)")
  }

  func test_svg_labelsActionsAndBarsAndGroupsCloseMarksWithACount() async throws {
    // given
    let recorder = await record()

    // when
    let collector = try parse(recorder.svg())

    // then: the first load is a labelled mark; the load and hang sent together are one mark of 2
    XCTAssertTrue(collector.texts.contains("load"), "the action is labelled: \(collector.texts)")
    XCTAssertTrue(collector.texts.contains("setLoading(true)"), "\(collector.texts)")
    let marks = collector.attributes(of: "g")
    XCTAssertEqual(
      marks.filter { $0["class"] == "mark action" }.compactMap { $0["data-count"] }, ["1", "2"])
    XCTAssertTrue(collector.texts.contains("2"), "the grouped mark shows its count")
    XCTAssertTrue(
      collector.titles.contains("2 actions:\n500 ms action load\n500 ms action hang"),
      "the group's hover text lists each action: \(collector.titles)")
    XCTAssertTrue(collector.texts.contains("load · 1 s"), "a bar shows its name and duration")
  }

  func test_svg_givesEveryStartedReactorARowInStartOrder() async throws {
    // given: two reactors of one type, the second of which never receives an action
    let time = TestClock()
    let recorder = TraceRecorder(clock: time)
    let token = ReactorInspection.attach(recorder)
    let first = TimelineReactor(time: time)
    first.send(.load)
    let quiet = TimelineReactor(time: time)
    _ = quiet.currentState
    token.cancel()

    // when
    let collector = try parse(recorder.svg())

    // then
    XCTAssertEqual(recorder.reactors.count, 2)
    XCTAssertTrue(collector.texts.contains("TimelineReactor #1"), "\(collector.texts)")
    XCTAssertTrue(collector.texts.contains("TimelineReactor #2"), "\(collector.texts)")
    XCTAssertTrue(collector.titles.contains("TimelineReactor #2 started at 0"), "\(collector.titles)")
  }

  func test_names_dropModulePrefixesAndAreCut() async throws {
    // given
    let recorder = TraceRecorder(clock: TestClock())
    let reactor = TimelineNoteReactor()
    let token = recorder.record(reactor)
    reactor.send(.set(String(repeating: "x", count: 300)))
    token.cancel()

    // when
    let json = recorder.traceEventJSON()

    // then: `ReactorFlowTests.TimelineNote(…` is `TimelineNote(…`, and the long text is cut
    let root = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let names = try XCTUnwrap(root["traceEvents"] as? [[String: Any]]).compactMap { $0["name"] as? String }
    let mutation = try XCTUnwrap(names.first { $0.hasPrefix("mutation ") })
    XCTAssertTrue(mutation.hasPrefix("mutation set(TimelineNote(text: \"xxx"), mutation)
    XCTAssertTrue(mutation.hasSuffix("…"), mutation)
    XCTAssertLessThanOrEqual(mutation.count, 140)
    XCTAssertEqual(TraceRecorder.cut("PersonSection(decade: 20)", to: 10), "PersonSec…")
  }

  func test_html_isWellFormedSelfContainedAndEscapesWhatAStateHolds() async throws {
    // given: a state and an action holding every character that could break out of the page
    let hostile =
      "quote \" apostrophe ' <b>&amp; </script><script>alert(1)</script> ]]> \u{1}\u{7}\u{2028}end"
    let recorder = TraceRecorder(clock: TestClock(), keepsStates: true)
    let reactor = TimelineNoteReactor()
    let token = recorder.record(reactor)
    reactor.send(.set(hostile))
    token.cancel()

    // when
    let html = recorder.html(title: "a <title> & \"quotes\"")

    // then: it parses as XML, has no external reference, and only its own two scripts
    let collector = try parse(html)
    XCTAssertEqual(collector.elements.first, "html")
    XCTAssertFalse(
      collector.attributes.values.joined().contains {
        $0.keys.contains { $0 == "src" || $0.hasSuffix("href") }
      },
      "no external files")
    XCTAssertEqual(collector.elements.filter { $0 == "script" }.count, 2)
    XCTAssertEqual(html.components(separatedBy: "</script>").count - 1, 2, "no early end of a script")
    XCTAssertFalse(html.contains("<script><"), "no script element from the state")
    XCTAssertFalse(html.contains("\u{1}"), "no control character")
    XCTAssertTrue(collector.titles.contains("a <title> & \"quotes\""))

    // and the data carries the state's text exactly
    let page = try TimelinePage(html)
    let states = page.rebuiltStates()
    XCTAssertTrue(states.last?.contains { $0.contains(String(reflecting: hostile)) } == true, "\(states)")
    let steps = page.steps
    XCTAssertEqual(steps.map { $0["kind"] as? String }, ["started", "action", "mutation"])
    guard steps.count == 3 else { return }
    XCTAssertTrue((steps[1]["text"] as? String)?.contains("</script>") == true)
  }

  func test_html_stepsShowEachStateAndWhatChanged() async throws {
    // given
    let time = TestClock()
    let reactor = TimelineReactor(time: time)
    let recorder = TraceRecorder(clock: time, keepsStates: true)
    let token = recorder.record(reactor)
    reactor.send(.load)
    await time.advance(by: .seconds(1))
    token.cancel()

    // when
    let page = try TimelinePage(recorder.html())

    // then: started, action, setLoading(true), effect started, loaded, effect finished
    let steps = page.steps
    XCTAssertEqual(
      steps.map { $0["text"] as? String },
      ["started", "load", "setLoading(true)", "effect #0 load started", "loaded", "effect #0 load finished"])
    // A wrong count fails the assertion above; indexing past it would end the whole run.
    guard steps.count == 6 else { return }
    let states = page.rebuiltStates()
    func state(_ step: Int) -> [String] { page.stateLines(atStep: step, rebuilt: states) }
    XCTAssertEqual(state(0).first, "▿ TimelineReactor.State", "without its module")
    XCTAssertEqual(page.states.first?["first"] as? [String], state(0), "the first state is written whole")
    XCTAssertEqual(page.changes(atStep: 1), [], "an action alone changes nothing")
    XCTAssertEqual(page.changes(atStep: 2), ["−   - isLoading: false", "+   - isLoading: true"])
    XCTAssertEqual(page.hunks(ofState: 1).map(\.path), ["isLoading"])
    XCTAssertEqual(state(3), state(2), "an effect's start keeps the state")
    XCTAssertEqual(
      page.changes(atStep: 4),
      ["−   - isLoading: true", "+   - isLoading: false", "−   - loads: 0", "+   - loads: 1"])
    XCTAssertEqual(page.hunks(ofState: 2).map(\.path), ["isLoading", "loads"])
    XCTAssertTrue(state(5).contains("  - loads: 1"), "\(state(5))")
    XCTAssertEqual(state(5), recorder.pageLines(of: reactor.currentState))
  }

  func test_html_withoutStates_stillStepsThroughTheEvents() async throws {
    // given
    let recorder = await record()

    // when
    let html = recorder.html()

    // then
    _ = try parse(html)
    let steps = try TimelinePage(html).steps
    XCTAssertTrue(steps.allSatisfy { $0["state"] as? Int == -1 })
    XCTAssertTrue(html.contains("keepsStates: true"))
  }

  private func parse(_ document: String) throws -> ElementCollector {
    let collector = ElementCollector()
    let parser = XMLParser(data: Data(document.utf8))
    parser.delegate = collector
    XCTAssertTrue(parser.parse(), "must parse: \(String(describing: parser.parserError))")
    return collector
  }

  func test_continuousClock_timesGoForwardFromZeroToNow() async throws {
    // given
    let reactor = TimelineNoteReactor()
    let recorder = TraceRecorder(clock: ContinuousClock())
    let token = recorder.record(reactor)

    // when
    reactor.send(.set("first"))
    reactor.send(.set("second"))
    let now = recorder.now
    token.cancel()

    // then: a start, then an action and its mutation twice, in the order of their times
    let times = recorder.entries.map(\.time)
    XCTAssertEqual(times.count, 5)
    XCTAssertGreaterThanOrEqual(try XCTUnwrap(times.first), .zero)
    XCTAssertEqual(times, times.sorted())
    XCTAssertLessThanOrEqual(try XCTUnwrap(times.last), now)
  }

  func test_record_recorderReleasedBeforeItsToken_isFreedAndTheReactorGoesOn() async {
    // given
    let reactor = TimelineNoteReactor()
    var recorder: TraceRecorder? = TraceRecorder(clock: ContinuousClock())
    weak let released = recorder
    let token = recorder?.record(reactor)

    // when
    recorder = nil
    reactor.send(.set("after"))

    // then
    XCTAssertNil(released)
    XCTAssertEqual(reactor.currentState.note, TimelineNote(text: "after"))
    withExtendedLifetime(token) {}
  }

  func test_emptyRecorder_writesAValidEmptyTimeline() async throws {
    // given
    let recorder = TraceRecorder(clock: TestClock())

    // when
    let json = recorder.traceEventJSON()
    let svg = recorder.svg()

    // then
    let root = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    XCTAssertEqual((root["traceEvents"] as? [Any])?.count, 0)
    XCTAssertTrue(XMLParser(data: Data(svg.utf8)).parse())
  }
}

/// Internal, so that its description carries the module's name.
struct TimelineNote: Equatable, Sendable { var text: String }

@MainActor
private final class TimelineNoteReactor: Reactor {
  typealias Note = TimelineNote
  enum Action: Sendable { case set(String) }
  enum Mutation: Sendable { case set(Note) }
  struct State: Equatable, Sendable { var note = Note(text: "") }

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .set(let text): .send(.set(Note(text: text)))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .set(let note): state.note = note
    }
    return state
  }
}

/// Notes the elements, attributes, `<title>` texts and `<text>` texts of a document.
private final class ElementCollector: NSObject, XMLParserDelegate {
  var elements: [String] = []
  var attributes: [String: [[String: String]]] = [:]

  func attributes(of element: String) -> [[String: String]] { attributes[element] ?? [] }
  var titles: [String] = []
  var texts: [String] = []
  private var current = ""

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName: String?, attributes attributeDict: [String: String] = [:]
  ) {
    elements.append(elementName)
    attributes[elementName, default: []].append(attributeDict)
    current = ""
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    current += string
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
    qualifiedName: String?
  ) {
    if elementName == "title" { titles.append(current) }
    if elementName == "text" { texts.append(current) }
    current = ""
  }
}
