import ReactorFlowTesting
import ReactorFlowTools
import Testing

@testable import Feature

// Swift Testing, as Xcode 26's test template writes it, with the app target's defaults: every
// declaration here is on the main actor without saying so.
final class RecordingSearchClient: SearchClient {
  let searchSpy = Spy<String, [String]>()
  func search(_ query: String) async throws -> [String] { searchSpy(query) }
}

@Suite struct FeatureAppTests {
  @Test func changeLogWritesEachLineToAClosure() {
    let reactor = CounterViewReactor()
    var lines: [String] = []
    let log = reactor.logChanges { lines.append($0) }
    reactor.send(.increase)
    log.cancel()
    #expect(lines.contains("[CounterViewReactor]       value: 0 → 1"), "\(lines)")
    #expect(lines.first == "[CounterViewReactor] action increase")
  }

  @Test func basketChangesReachEveryScreenThatSharesIt() async {
    let basket = SharedValue<[String]>([])
    let tester = ReactorTester(BasketReactor(basket: basket))
    basket.update { $0.append("tea") }
    await tester.receive(.setItems(["tea"])) { $0.items = ["tea"] }
    await tester.send(.empty) { $0.items = [] }
    await tester.finish()
    #expect(basket.value.isEmpty)
  }

  @Test func counterDecreasesAfterASecondOfVirtualTime() async {
    let clock = TestClock()
    let tester = ReactorTester(CounterViewReactor(clock: clock))
    await tester.send(.increase) {
      $0.value = 1
      $0.message = "up"
    }
    await tester.send(.decreaseLater)
    await clock.advance(by: .seconds(1))
    await tester.receive(.decreaseValue) {
      $0.value = 0
      $0.message = "down"
    }
    await tester.finish()
  }

  @Test func recordStampsTheCounterWithVirtualTicks() async {
    let clock = TestClock()
    let reactor = CounterViewReactor(clock: clock)
    let values = reactor.record(\.value, clock: clock)
    clock.schedule(at: 2) { reactor.send(.increase) }
    await clock.run()
    #expect(values.events == [.next(0, 0), .next(2, 1)])
  }

  @Test func searchDebouncesAndAsksTheClientOnce() async {
    let clock = TestClock()
    let client = RecordingSearchClient()
    client.searchSpy.returns(["ok"])
    let tester = ReactorTester(SearchReactor(client: client, clock: clock), exhaustivity: .off)
    await tester.send(.query("a"))
    await tester.send(.query("ab"))
    await clock.advance(by: .milliseconds(300))
    await tester.receive(.setResults(["ok"])) { $0.results = ["ok"] }
    await tester.finish()
    #expect(client.searchSpy.allArguments == ["ab"])
  }

  @Test func aStubRecordsActionsAndDrivesTheView() {
    let reactor = CounterViewReactor()
    let stub = ReactorStub(reactor)
    let line = CounterLine()
    line.reactor = reactor
    reactor.send(.decrease)
    stub.state.value = 3
    #expect(stub.actions == [.decrease])
    #expect(line.text == "value: 3")
  }

  @Test func aCellWithAnOutsideStateToggles() {
    let reactor = TodoCellReactor(item: TodoItem(title: "Milk"))
    reactor.send(.toggleDone)
    #expect(reactor.currentState.isDone)
  }
}
