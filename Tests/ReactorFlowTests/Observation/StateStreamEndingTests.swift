import ReactorFlowTestSupport
import XCTest

@testable import ReactorFlow

@MainActor
final class StateStreamEndingTests: XCTestCase {
  func test_state_consumerStopsIterating_producerStopsFeedingIt() async {
    // given
    let reactor = SyncCounterReactor()
    var stream: AsyncStream<SyncCounterReactor.State>? = reactor.state
    if let stream {
      await bounded("the current state") {
        for await _ in stream { break }
      }
    }
    XCTAssertEqual(reactor.runtime.observers.count, 1)

    // when
    stream = nil
    reactor.send(.increment)

    // then
    XCTAssertEqual(reactor.runtime.observers.count, 0, "a released stream is no longer fed")
  }

  func test_state_consumerTaskCancelledWhileWaiting_endsTheSequence() async {
    let reactor = SyncCounterReactor()
    let stream = reactor.state
    let received = Gate<Int>()
    let consumer = Task {
      var count = 0
      for await _ in stream {
        count += 1
        received.open(count)
      }
      return count
    }
    await received.opened("the consumer receives the current state", in: self)

    consumer.cancel()
    let count = await bounded("consumer ends") { await consumer.value }
    reactor.send(.increment)

    XCTAssertEqual(count, 1)
    XCTAssertEqual(reactor.runtime.observers.count, 0)
  }

  func test_state_reactorReleased_consumerDrainsBufferedStatesThenEnds() async {
    var reactor: SyncCounterReactor? = SyncCounterReactor()
    let stream = reactor?.state
    reactor?.send(.increment)
    reactor?.send(.increment)

    reactor = nil

    var counts: [Int]?
    if let stream {
      counts = await collected("the buffered states, until the stream ends", stream)?.map(\.count)
    }
    XCTAssertEqual(counts, [0, 1, 2])
  }
}
