import ReactorFlow
import XCTest

@MainActor
final class StateStreamTests: XCTestCase {
  func test_state_newConsumer_getsCurrentStateFirstThenEveryLaterState() async {
    // given
    let reactor = CounterReactor()
    var iterator = reactor.state.makeAsyncIterator()

    // when
    reactor.send(.increment)
    reactor.send(.increment)

    // then
    var seen: [Int] = []
    for _ in 0..<3 { seen.append(await iterator.next()?.count ?? -1) }
    XCTAssertEqual(seen, [0, 1, 2])
  }

  func test_state_lateConsumer_getsOnlyTheLatestStateNotTheHistory() async {
    // given
    let reactor = CounterReactor()
    for _ in 0..<5 { reactor.send(.increment) }

    // when
    var iterator = reactor.state.makeAsyncIterator()
    reactor.send(.increment)

    // then
    let first = await iterator.next()
    let second = await iterator.next()
    XCTAssertEqual([first?.count, second?.count], [5, 6])
  }

  func test_state_manyConsumers_eachGetEveryState() async {
    let reactor = CounterReactor()
    let streams = (0..<10).map { _ in reactor.state }

    reactor.send(.increment)

    for stream in streams {
      var iterator = stream.makeAsyncIterator()
      let first = await iterator.next()
      let second = await iterator.next()
      XCTAssertEqual([first?.count, second?.count], [0, 1])
    }
  }

  func test_state_slowConsumer_doesNotBlockSend() async {
    let reactor = CounterReactor()
    let stream = reactor.state  // never read

    for _ in 0..<10_000 { reactor.send(.increment) }

    XCTAssertEqual(reactor.currentState.count, 10_000)
    withExtendedLifetime(stream) {}
  }

  func test_values_ofKeyPath_areDistinct() async {
    let reactor = CounterReactor()
    var iterator = reactor.values(of: \.count).makeAsyncIterator()

    reactor.send(.set(0))
    reactor.send(.set(3))
    reactor.send(.set(3))
    reactor.send(.set(4))

    var seen: [Int] = []
    for _ in 0..<3 { seen.append(await iterator.next() ?? -1) }
    XCTAssertEqual(seen, [0, 3, 4])
  }
}
