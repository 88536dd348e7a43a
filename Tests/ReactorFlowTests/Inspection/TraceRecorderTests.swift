import Foundation
import ReactorFlow
import ReactorFlowTestSupport
import ReactorFlowTesting
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
    XCTAssertFalse(collector.attributes.contains { $0.hasSuffix("href") }, "no external files")
    XCTAssertEqual(
      collector.titles.filter { $0.contains("effect #") }.count, 3, "three effects, three bars")
    XCTAssertEqual(collector.titles.filter { $0.contains(" action ") }.count, 3, "three actions")
    XCTAssertTrue(collector.texts.contains("TimelineReactor"), "the reactor's row is named")
    XCTAssertTrue(collector.texts.contains("1 s"), "the axis is labelled: \(collector.texts)")
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

/// Notes the elements, attribute names, `<title>` texts and `<text>` texts of a document.
private final class ElementCollector: NSObject, XMLParserDelegate {
  var elements: [String] = []
  var attributes: [String] = []
  var titles: [String] = []
  var texts: [String] = []
  private var current = ""

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName: String?, attributes attributeDict: [String: String] = [:]
  ) {
    elements.append(elementName)
    attributes += attributeDict.keys
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
