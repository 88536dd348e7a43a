import ReactorFlow
import ReactorFlowTestSupport
import XCTest

@MainActor
final class StateStreamTests: XCTestCase {
  func test_state_newConsumer_getsCurrentStateFirstThenEveryLaterState() async {
    // given
    let reactor = SyncCounterReactor()
    let stream = reactor.state

    // when
    reactor.send(.increment)
    reactor.send(.increment)

    // then
    let seen = await bounded("three states from the stream (the current one replayed first)") {
      var iterator = stream.makeAsyncIterator()
      var seen: [Int] = []
      for _ in 0..<3 { seen.append(await iterator.next()?.count ?? -1) }
      return seen
    }
    XCTAssertEqual(seen, [0, 1, 2])
  }

  func test_state_lateConsumer_getsOnlyTheLatestStateNotTheHistory() async {
    // given
    let reactor = SyncCounterReactor()
    for _ in 0..<5 { reactor.send(.increment) }

    // when
    let stream = reactor.state
    reactor.send(.increment)

    // then
    let seen = await bounded("the latest state replayed, then the next one") {
      var iterator = stream.makeAsyncIterator()
      return [await iterator.next()?.count, await iterator.next()?.count]
    }
    XCTAssertEqual(seen, [5, 6])
  }

  func test_state_manyConsumers_eachGetEveryState() async {
    let reactor = SyncCounterReactor()
    let streams = (0..<10).map { _ in reactor.state }

    reactor.send(.increment)

    for (index, stream) in streams.enumerated() {
      let seen = await bounded("two states from consumer \(index)") {
        var iterator = stream.makeAsyncIterator()
        return [await iterator.next()?.count, await iterator.next()?.count]
      }
      XCTAssertEqual(seen, [0, 1])
    }
  }

  func test_state_slowConsumer_doesNotBlockSend() async {
    let reactor = SyncCounterReactor()
    let stream = reactor.state  // never read

    for _ in 0..<10_000 { reactor.send(.increment) }

    XCTAssertEqual(reactor.currentState.count, 10_000)
    withExtendedLifetime(stream) {}
  }

  func test_values_ofKeyPath_areDistinct() async {
    let reactor = SyncCounterReactor()
    let values = reactor.values(of: \.count)

    reactor.send(.set(0))
    reactor.send(.set(3))
    reactor.send(.set(3))
    reactor.send(.set(4))

    let seen = await bounded("three distinct counts") {
      var iterator = values.makeAsyncIterator()
      var seen: [Int] = []
      for _ in 0..<3 { seen.append(await iterator.next() ?? -1) }
      return seen
    }
    XCTAssertEqual(seen, [0, 3, 4])
  }
}
