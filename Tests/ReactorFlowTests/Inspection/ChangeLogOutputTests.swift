import ReactorFlowTestSupport
import XCTest

@testable import ReactorFlow

/// The change log writes the same lines whichever way it writes them: to a closure, one string
/// per line; to a `TextOutputStream`, in pieces; or as bytes, as it writes standard error.
@MainActor
final class ChangeLogOutputTests: XCTestCase {
  func test_streamAndBytes_writeTheClosuresLines_forEffectsAndTheirMutations() async {
    // given
    let reactor = InspectedCounter()
    let outputs = LoggedOutputs(reactor)

    // when: a mutation before an effect, one an effect sends, one that recovers from a failure,
    // an effect cancelled, and a transform that makes two actions
    await bounded("the load finishes") { await reactor.send(.load).finish() }
    await bounded("the failure is recovered") { await reactor.send(.fail).finish() }
    let waiting = reactor.send(.wait)
    await reactor.gate.nextArrival("the effect waits on the gate", in: self)
    reactor.send(.stop)
    await bounded("the cancelled effect ends") { await waiting.finish() }
    reactor.send(.pair)
    outputs.cancel()

    // then
    XCTAssertTrue(outputs.lines.contains("[InspectedCounter]   mutation add(10) (from effect #0)"))
    XCTAssertTrue(outputs.lines.contains { $0.hasSuffix("cancelled") }, "\(outputs.lines)")
    outputs.assertTheSameLines()
  }

  func test_streamAndBytes_writeTheClosuresLines_forAStateOutlinedWholeAndCut() async {
    // given
    let reactor = OutputListReactor()
    let outputs = LoggedOutputs(reactor)

    // when: an array state, outlined whole; 100 changed lines are cut after 24
    reactor.send(100)
    reactor.send(3)
    outputs.cancel()

    // then
    XCTAssertEqual(outputs.lines.filter { $0.hasSuffix("more changed lines") }.count, 2)
    outputs.assertTheSameLines()
  }

  func test_bytes_takeOneWritePerEvent() async {
    // given
    let reactor = InspectedCounter()
    var writes: [String] = []
    let token = reactor.attachChangeLog(
      ChangeLog(bytes: { writes.append(String(decoding: $0, as: UTF8.self)) }))

    // when
    reactor.send(.increment)
    token.cancel()

    // then: the action, the mutation, then the state's two lines together
    XCTAssertEqual(
      writes,
      [
        "[InspectedCounter] action increment\n",
        "[InspectedCounter]   mutation add(1)\n",
        "[InspectedCounter]     − count: 0\n[InspectedCounter]     + count: 1\n",
      ])
  }
}

/// One reactor logged three ways at once.
@MainActor
private final class LoggedOutputs {
  var lines: [String] = []
  let stream = OutputText()
  var bytes: [UInt8] = []
  private var tokens: [ObservationToken] = []

  init(_ reactor: some Reactor) {
    tokens = [
      reactor.logChanges { [unowned self] in lines.append($0) },
      reactor.logChanges(output: stream),
      reactor.attachChangeLog(ChangeLog(bytes: { [unowned self] in bytes.append(contentsOf: $0) })),
    ]
  }

  func cancel() {
    tokens.forEach { $0.cancel() }
  }

  func assertTheSameLines(file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertFalse(lines.isEmpty, file: file, line: line)
    let expected = lines.map { $0 + "\n" }.joined()
    XCTAssertEqual(stream.text, expected, file: file, line: line)
    XCTAssertEqual(String(decoding: bytes, as: UTF8.self), expected, file: file, line: line)
  }
}

/// Gathers what a change log writes.
private final class OutputText: TextOutputStream {
  var text = ""

  func write(_ string: String) {
    text += string
  }
}

/// A state that is not a struct: the change log outlines it whole.
@MainActor
private final class OutputListReactor: Reactor {
  typealias Action = Int
  let initialState: [Int] = []
  let runtime = Runtime()

  func reduce(state: [Int], mutation: Int) -> [Int] {
    Array(0..<mutation)
  }
}
