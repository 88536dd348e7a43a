import ReactorFlowTestSupport
import ReactorFlowTesting
import XCTest

@MainActor
final class DebouncedSearchTests: XCTestCase {
  func test_search_typingWithin300ms_runsOneSearchForTheLastQuery() async {
    // given
    let clock = TestClock()
    let client = SearchClientMock()
    client.searchSpy.handler = { ["\($0)ift", "\($0)ftui"] }
    let reactor = SearchReactor(client: client, clock: clock)

    // when
    reactor.send(.query("s"))
    await clock.advance(by: .milliseconds(100))
    reactor.send(.query("sw"))
    await clock.advance(by: .milliseconds(100))
    reactor.send(.query("swi"))
    await clock.advance(by: .milliseconds(299))

    // then
    XCTAssertEqual(client.searchSpy.callCount, 0)
    XCTAssertEqual(reactor.currentState.query, "swi")

    // when
    await clock.advance(by: .milliseconds(1))

    // then
    XCTAssertEqual(client.searchSpy.allArguments, ["swi"])
    XCTAssertEqual(reactor.currentState.results, ["swiift", "swiftui"])
  }

  func test_search_tenMinutesOfVirtualTime_searchOnceAndEndAtTenMinutes() async {
    // given
    let clock = TestClock()
    let client = SearchClientMock()
    client.searchSpy.returns(["swift"])
    let reactor = SearchReactor(client: client, clock: clock)

    // when
    reactor.send(.query("swift"))
    await clock.advance(by: .seconds(600))

    // then
    XCTAssertEqual(clock.now, .init(offset: .seconds(600)))
    XCTAssertEqual(client.searchSpy.callCount, 1)
    XCTAssertEqual(reactor.currentState.results, ["swift"])
  }

  func test_search_pausesLongerThanTheDebounce_searchEachQuery() async {
    // given
    let clock = TestClock()
    let client = SearchClientMock()
    client.searchSpy.handler = { [$0] }
    let reactor = SearchReactor(client: client, clock: clock)
    let results = reactor.record(\.results, clock: clock, distinct: true)

    // when
    clock.schedule(at: 1) { reactor.send(.query("re")) }
    clock.schedule(at: 3) { reactor.send(.query("reactor")) }
    await clock.run()

    // then
    XCTAssertEqual(client.searchSpy.allArguments, ["re", "reactor"])
    XCTAssertEqual(results.values, [[], ["re"], ["reactor"]])
    XCTAssertEqual(results.events.map(\.time), [0, 1, 3])
  }

  func test_search_withATester_receivesOnlyTheLastResults() async {
    // given
    let clock = TestClock()
    let client = SearchClientMock()
    client.searchSpy.handler = { ["\($0)!"] }
    let tester = ReactorTester(SearchReactor(client: client, clock: clock))

    // when
    await tester.send(.query("s")) { $0.query = "s" }
    await tester.send(.query("sw")) { $0.query = "sw" }
    await tester.send(.query("swi")) { $0.query = "swi" }
    await clock.advance(by: .milliseconds(300))

    // then
    await tester.receive(.setResults(["swi!"])) { $0.results = ["swi!"] }
    await tester.finish()
  }

  func test_search_onAnImmediateClock_searchesWithoutWaiting() async {
    // given
    let client = SearchClientMock()
    client.searchSpy.returns(["swift"])
    let reactor = SearchReactor(client: client, clock: ImmediateClock())

    // when
    await bounded("reactor.send(.query(\"swift\")) finishes") {
      await reactor.send(.query("swift")).finish()
    }

    // then
    XCTAssertEqual(client.searchSpy.allArguments, ["swift"])
    XCTAssertEqual(reactor.currentState.results, ["swift"])
  }
}
