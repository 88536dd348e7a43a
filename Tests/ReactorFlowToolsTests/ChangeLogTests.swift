import ReactorFlow
import ReactorFlowTestSupport
import ReactorFlowTools
import XCTest

@MainActor
final class ChangeLogTests: XCTestCase {
  func test_logChanges_writesTheActionThenTheChangedFieldsThenTheEffect() async {
    // given
    let reactor = InspectedCounter()
    var lines: [String] = []
    let token = reactor.logChanges { lines.append($0) }

    // when
    await bounded("the load finishes") { await reactor.send(.load).finish() }

    // then
    XCTAssertEqual(
      lines,
      [
        "[InspectedCounter] action load",
        "[InspectedCounter]   mutation setLoading(true)",
        "[InspectedCounter]       isLoading: false → true",
        "[InspectedCounter]   effect #0 \"load\" (InspectedReactor.swift:\(InspectedCounter.loadLine)) started",
        "[InspectedCounter]   mutation add(10) (from effect #0)",
        "[InspectedCounter]       count: 0 → 10",
        "[InspectedCounter]   effect #0 \"load\" finished",
      ])
    token.cancel()
  }

  func test_logChanges_withAnInspectorAttachedThenRemoved_writesTheSameLines() async {
    // given: a log alone, and one beside an inspector that comes and goes
    let reactor = InspectedCounter()
    let alone = InspectedCounter()
    var lines: [String] = []
    var aloneLines: [String] = []
    var events: [String] = []
    let token = reactor.logChanges { lines.append($0) }
    let aloneToken = alone.logChanges { aloneLines.append($0) }

    // when
    var inspection: ObservationToken? = reactor.inspect { events.append("\($0)") }
    await bounded("the load finishes") { await reactor.send(.load).finish() }
    await bounded("the load finishes") { await alone.send(.load).finish() }
    inspection = nil
    reactor.send(.stop)
    alone.send(.stop)
    await bounded("the load finishes") { await reactor.send(.load).finish() }
    await bounded("the load finishes") { await alone.send(.load).finish() }

    // then: the log writes what it writes alone, and the inspector saw each event of its time
    XCTAssertEqual(lines, aloneLines)
    XCTAssertEqual(lines.count, 14)
    XCTAssertEqual(events.count, 7)
    XCTAssertNil(inspection)

    // when: the log's token is cancelled, then the other one released
    token.cancel()
    reactor.send(.stop)
    XCTAssertEqual(lines.count, 14)
    withExtendedLifetime(aloneToken) {}
  }

  func test_logChanges_tokenReleased_stopsTheLog() {
    // given
    let reactor = InspectedCounter()
    var lines: [String] = []
    var token: ObservationToken? = reactor.logChanges { lines.append($0) }
    reactor.send(.stop)
    XCTAssertEqual(lines, ["[InspectedCounter] action stop"])
    XCTAssertNotNil(token)

    // when
    token = nil
    reactor.send(.stop)

    // then
    XCTAssertEqual(lines, ["[InspectedCounter] action stop"])
  }

  func test_logChanges_mutationThatChangesNothing_writesNoDiff() async {
    // given
    let reactor = InspectedCounter()
    var lines: [String] = []
    let token = reactor.logChanges { lines.append($0) }
    reactor.send(.load)

    // when
    lines.removeAll()
    reactor.send(.stop)

    // then: `.stop` cancels nothing and mutates nothing
    XCTAssertEqual(lines, ["[InspectedCounter] action stop"])
    token.cancel()
  }

  func test_changeLog_attachedToTheProcess_namesEachReactor() async {
    // given
    var lines: [String] = []
    let token = ReactorInspection.attach(ChangeLog { lines.append($0) })
    let reactor = InspectedCounter()

    // when
    reactor.send(.increment)
    token.cancel()

    // then (other tests' reactors may run at the same time: only this type's lines count)
    XCTAssertEqual(
      lines.filter { $0.hasPrefix("[InspectedCounter]") },
      [
        "[InspectedCounter] action increment",
        "[InspectedCounter]   mutation add(1)",
        "[InspectedCounter]       count: 0 → 1",
      ])
  }

  func test_longDiff_isCutAfterTheMaximum() async {
    // given
    let reactor = NumberListReactor()
    var lines: [String] = []
    let token = reactor.logChanges { lines.append($0) }

    // when
    reactor.send(100)

    // then
    // The action, the mutation, 24 diff lines, then the count of the rest.
    XCTAssertEqual(lines.count, 2 + 24 + 1)
    XCTAssertEqual(lines.last?.hasSuffix("more changed lines"), true)
    token.cancel()
  }
}

@MainActor
private final class NumberListReactor: Reactor {
  typealias Action = Int
  let initialState: [Int] = []
  let runtime = Runtime()

  func reduce(state: [Int], mutation: Int) -> [Int] {
    Array(0..<mutation)
  }
}
