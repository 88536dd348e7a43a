import ReactorFlow
import ReactorFlowTestSupport
import ReactorFlowTools
import XCTest

/// The snippets of ReactorFlow's "Inspecting a reactor" article (Inspection.md), verbatim, and the
/// change log it shows. Its record-and-replay snippets are in RandomUserTests' RecordingArticleTests.
@MainActor
final class InspectionArticleTests: XCTestCase {
  func test_changeLog_isWhatTheCounterWrites() async {
    // given
    let reactor = CounterViewReactor()
    var lines: [String] = []
    let token = reactor.logChanges { lines.append($0) }

    // when
    reactor.send(.decrease)

    // then
    XCTAssertEqual(
      lines,
      [
        "[CounterViewReactor] action decrease",
        "[CounterViewReactor]   mutation setLoading(true)",
        "[CounterViewReactor]       isLoading: false → true",
        "[CounterViewReactor]   mutation decreaseValue",
        "[CounterViewReactor]       value: 0 → -1",
        "[CounterViewReactor]   mutation setLoading(false)",
        "[CounterViewReactor]       isLoading: true → false",
      ])
    token.cancel()
  }

  func test_snippets_compileAndRun() async {
    let reactor = CounterViewReactor()
    do {
      let logging = reactor.logChanges()
      logging.cancel()
    }
    do {
      struct StandardOutput: TextOutputStream {
        func write(_ string: String) { print(string, terminator: "") }
      }

      let logging = reactor.logChanges(to: StandardOutput())
      logging.cancel()
    }

    let inspection = reactor.inspect { event in
      if case .effectEnded(let effect, .failed(let error)) = event {
        print("\(effect) failed: \(error)")
      }
    }
    reactor.send(.increase)
    XCTAssertEqual(reactor.currentState.value, 1)
    inspection.cancel()

    let recorder = TraceRecorder(clock: ContinuousClock())
    let tracing = ReactorInspection.attach(recorder)
    // ... use the app ...
    let picture = recorder.svg()  // or recorder.traceEventJSON()
    tracing.cancel()
    XCTAssertTrue(picture.hasPrefix("<?xml"))
  }
}
