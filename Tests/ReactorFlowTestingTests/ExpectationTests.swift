import ReactorFlowTesting
import XCTest

@MainActor
final class ExpectationTests: XCTestCase {
  func test_expectation_stateReachesThePredicate_isFulfilledForAwaitFulfillment() async {
    // given
    let client = FactClientMock()
    client.factSpy.returns("1 is the loneliest number")
    let reactor = AsyncCounterReactor(client: client)
    reactor.send(.increment)
    let loaded = expectation(for: reactor) { $0.fact != nil && !$0.isLoading }

    // when
    reactor.send(.loadFact)

    // then
    await fulfillment(of: [loaded], timeout: 5)
    XCTAssertEqual(reactor.currentState.fact, "1 is the loneliest number")
    XCTAssertEqual(client.factSpy.lastArguments, 1)
  }

  func test_expectation_alreadySatisfied_isFulfilledAtOnceAndOnlyOnce() async {
    // given
    let reactor = AsyncCounterReactor()
    let zero = expectation(reactor, \.count, equals: 0)
    zero.assertForOverFulfill = true

    // when
    reactor.send(.increment)
    reactor.send(.decrement)

    // then
    await fulfillment(of: [zero], timeout: 0)
  }
}

/// `wait(for:timeout:)` needs a synchronous test. On Linux, XCTest cannot run a synchronous test
/// method isolated to the main actor, and the test case cannot be captured by
/// `MainActor.assumeIsolated`, so the expectations are made with `XCTestExpectation(...)`.
final class SynchronousExpectationTests: XCTestCase {
  func test_expectation_keyPathReachesValue_isFulfilledForWait() {
    // given
    let (expectations, reactor) = MainActor.assumeIsolated {
      let client = FactClientMock()
      client.factSpy.returns("zero")
      let reactor = AsyncCounterReactor(client: client)
      let loading = XCTestExpectation(reactor, \.isLoading, equals: true)
      let fact = XCTestExpectation(reactor, \.fact, equals: "zero")

      // when
      reactor.send(.loadFact)
      return ([loading, fact], reactor)
    }

    // then
    wait(for: expectations, timeout: 5, enforceOrder: true)
    MainActor.assumeIsolated {
      XCTAssertEqual(reactor.currentState.fact, "zero")
    }
  }
}
