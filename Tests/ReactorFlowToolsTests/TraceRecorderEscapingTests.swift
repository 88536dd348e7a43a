import Foundation
import ReactorFlow
import ReactorFlowTools
import XCTest

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Its actions are described by their text alone, so that a timeline receives any text raw.
@MainActor
private final class RawTextReactor: Reactor {
  struct Action: Sendable, CustomStringConvertible {
    let text: String
    var description: String { text }
  }
  typealias Mutation = Action
  struct State: Sendable {}

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Effect<Mutation> { .send(action) }
  func reduce(state: State, mutation: Mutation) -> State { state }
}

/// Texts that XML forbids (found by the `trace` fuzz target) still make a well-formed picture.
@MainActor
final class TraceRecorderEscapingTests: XCTestCase {
  func test_svg_charactersXMLForbids_areReplacedAndThePictureParses() async throws {
    // given: U+FFFE and U+FFFF (alone and under a combining accent), a C0 control, markup
    let texts = ["\u{FFFE}", "\u{FFFF}\u{301}", "a\u{01}b", "<&\"'>", "tab\tline\nbreak\r"]
    let reactor = RawTextReactor()
    let recorder = TraceRecorder(clock: ContinuousClock())
    let token = recorder.record(reactor)

    // when
    for text in texts { reactor.send(RawTextReactor.Action(text: text)) }
    token.cancel()
    let svg = recorder.svg()

    // then
    let parser = XMLParser(data: Data(svg.utf8))
    XCTAssertTrue(parser.parse(), "the SVG must parse: \(String(describing: parser.parserError))")
    XCTAssertFalse(svg.unicodeScalars.contains { $0.value == 0xFFFE || $0.value == 0xFFFF || $0 == "\u{01}" })
    XCTAssertTrue(svg.contains("action &lt;&amp;&quot;'&gt;"), "markup is escaped")
  }
}
