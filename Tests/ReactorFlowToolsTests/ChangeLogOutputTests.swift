import ReactorFlow
import ReactorFlowTestSupport
import XCTest

@testable import ReactorFlowTools

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

  func test_streamAndBytes_writeTheClosuresLines_forTwoReactorsOfOneStateLoggedInTurn() async {
    // given: two reactor types of one state type, the second sent an action while the first
    // notifies its observers, after its change's lines
    let first = OutputPairFirst()
    let second = OutputPairSecond()
    let firstOutputs = LoggedOutputs(first)
    let secondOutputs = LoggedOutputs(second)
    let observation = first.observe(\.count) { second.send($0) }

    // when: more actions than the log keeps lines for, then the first ones again
    for value in 1...70 { first.send(value) }
    for value in 1...3 { first.send(value) }
    observation.cancel()
    firstOutputs.cancel()
    secondOutputs.cancel()

    // then
    firstOutputs.assertTheSameLines()
    secondOutputs.assertTheSameLines()
    XCTAssertTrue(secondOutputs.lines.allSatisfy { $0.hasPrefix("[OutputPairSecond]") })
    XCTAssertEqual(firstOutputs.lines.filter { $0.hasSuffix("action 2") }.count, 2)
    XCTAssertTrue(secondOutputs.lines.contains("[OutputPairSecond]       count: 69 → 70"))
  }

  func test_streamAndBytes_writeTheClosuresLines_forChangedFieldsCutAfterTheMaximum() async {
    // given
    let reactor = OutputWideReactor()
    let outputs = LoggedOutputs(reactor)

    // when: 14 lines for the array (its two counts, then its twelve elements), then one for each
    // of eleven integers: 25 lines, 24 written
    reactor.send(1)
    outputs.cancel()

    // then
    XCTAssertEqual(outputs.lines.last, "[OutputWideReactor]     … 1 more changed lines")
    XCTAssertEqual(outputs.lines.count, 2 + 24 + 1)
    outputs.assertTheSameLines()
  }

  func test_streamAndBytes_writeTheClosuresLines_forMoreChangesThanTheLineBufferHolds() async {
    // given
    let reactor = OutputPairFirst()
    let outputs = LoggedOutputs(reactor)

    // when: 300 actions, each changing two fields: some 30,000 bytes of lines
    for value in 1...300 { reactor.send(value) }
    outputs.cancel()

    // then: every line whole and in its place
    XCTAssertEqual(outputs.lines.count, 300 * 4)
    XCTAssertEqual(
      outputs.lines.suffix(4),
      [
        "[OutputPairFirst] action 300",
        "[OutputPairFirst]   mutation 300",
        "[OutputPairFirst]       count: 299 → 300",
        "[OutputPairFirst]       total: 44850 → 45150",
      ])
    outputs.assertTheSameLines()
  }

  func test_bytes_areWritten_whenSendReturnsAndBeforeObserversSeeAChange() async {
    // given: what the log has written when each change reaches an observer
    let reactor = InspectedCounter()
    let written = WrittenText()
    let token = reactor.attachChangeLog(
      ChangeLog(writes: { [written] in written.text += String(decoding: $0, as: UTF8.self) }))
    let observation = reactor.observe(\.count) { [written] _ in written.seen.append(written.text) }

    // when: an action without a mutation, a synchronous change, then an effect's change
    reactor.send(.stop)
    let afterStop = written.text
    reactor.send(.increment)
    let afterIncrement = written.text
    await bounded("the load finishes") { await reactor.send(.load).finish() }
    observation.cancel()
    token.cancel()

    // then
    XCTAssertEqual(afterStop, "[InspectedCounter] action stop\n")
    XCTAssertTrue(afterIncrement.hasSuffix("[InspectedCounter]       count: 0 → 1\n"), afterIncrement)
    XCTAssertEqual(written.seen.count, 3, "\(written.seen)")
    XCTAssertEqual(written.seen.dropFirst().first, afterIncrement)
    let seenAfterEffect = written.seen.last ?? ""
    XCTAssertTrue(
      seenAfterEffect.hasSuffix(
        "[InspectedCounter]   mutation add(10) (from effect #0)\n"
          + "[InspectedCounter]       count: 1 → 11\n"),
      seenAfterEffect)
  }

  func test_standardError_takesOneWriteForTheActionAndOneForTheMutationAndItsChanges() async {
    // given
    let reactor = InspectedCounter()
    var writes: [String] = []
    let token = reactor.attachChangeLog(
      ChangeLog(writes: { writes.append(String(decoding: $0, as: UTF8.self)) }))

    // when
    reactor.send(.increment)
    token.cancel()

    // then
    XCTAssertEqual(
      writes,
      [
        "[InspectedCounter] action increment\n",
        "[InspectedCounter]   mutation add(1)\n[InspectedCounter]       count: 0 → 1\n",
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
      reactor.logChanges(to: stream),
      reactor.attachChangeLog(ChangeLog(writes: { [unowned self] in bytes.append(contentsOf: $0) })),
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

/// What a change log wrote, and what it had written each time an observer saw a change.
@MainActor
private final class WrittenText {
  var text = ""
  var seen: [String] = []
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

/// A state of two reactor types.
private struct OutputPair: Sendable {
  var count = 0
  var total = 0
}

/// Sets `count` to each action and adds it to `total`.
@MainActor
private class OutputPairFirst: Reactor {
  typealias Action = Int
  let initialState = OutputPair()
  let runtime = Runtime()

  func reduce(state: OutputPair, mutation: Int) -> OutputPair {
    OutputPair(count: mutation, total: state.total + mutation)
  }
}

/// Another reactor type of the same state, with `OutputPairFirst`'s reduction.
private final class OutputPairSecond: OutputPairFirst {}

/// An array, then eleven integers, all changed by any action.
private struct OutputWide: Sendable {
  var items: [Int] = []
  var a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0, i = 0, j = 0, k = 0
}

@MainActor
private final class OutputWideReactor: Reactor {
  typealias Action = Int
  let initialState = OutputWide()
  let runtime = Runtime()

  func reduce(state: OutputWide, mutation: Int) -> OutputWide {
    OutputWide(
      items: Array(repeating: mutation, count: 12), a: mutation, b: mutation, c: mutation,
      d: mutation, e: mutation, f: mutation, g: mutation, h: mutation, i: mutation, j: mutation,
      k: mutation)
  }
}
