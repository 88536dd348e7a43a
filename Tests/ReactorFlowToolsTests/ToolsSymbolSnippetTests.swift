import ReactorFlow
import ReactorFlowTestSupport
import ReactorFlowTesting
import ReactorFlowTools
import XCTest

// The snippets of ReactorFlowTools' doc comments, verbatim (DocCSnippetTests checks that they
// stay so), compiled and run here.

@MainActor
final class ToolsSymbolSnippetTests: XCTestCase {
  // ReactorInspection and ChangeLog
  func test_attachedChangeLog_isDetachedByItsToken() async {
    let token = ReactorInspection.attach(ChangeLog())
    token.cancel()
    let reactor = InspectedCounter()
    reactor.send(.increment)
    XCTAssertEqual(reactor.currentState.count, 1)
  }

  // Reactor.logChanges(to:) and ChangeLog.init(to:)
  func test_changeLogToAStream_writesItsLines() async {
    let reactor = InspectedCounter()
    struct StandardOutput: TextOutputStream {
      func write(_ string: String) { print(string, terminator: "") }
    }

    let logging = reactor.logChanges(to: StandardOutput())
    reactor.send(.increment)
    logging.cancel()

    let token = ReactorInspection.attach(ChangeLog(to: StandardOutput()))
    token.cancel()
    XCTAssertEqual(reactor.currentState.count, 1)
  }

  // TraceRecorder
  func test_traceRecorder_recordsOneReactor() async {
    let reactor = InspectedCounter()

    let recorder = TraceRecorder(clock: ContinuousClock())
    let token = ReactorInspection.attach(recorder)  // every reactor that starts from now on
    let one = recorder.record(reactor)  // or one reactor

    reactor.send(.increment)
    token.cancel()
    one.cancel()
    XCTAssertFalse(recorder.entries.isEmpty, "the action and its mutation")
  }
}
