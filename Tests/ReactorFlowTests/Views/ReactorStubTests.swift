import ReactorFlowTestSupport
import ReactorFlowTesting
import XCTest

@MainActor
final class ReactorStubTests: XCTestCase {
  func test_stub_actionsSent_areRecordedAndNotProcessed() async {
    // given
    let reactor = InspectedCounter()
    let stub = ReactorStub(reactor)

    // when
    reactor.send(.increment)
    reactor.send(.load)

    // then
    XCTAssertEqual(stub.actions, [.increment, .load])
    XCTAssertEqual(reactor.currentState, InspectedCounter.State())
    XCTAssertEqual(reactor.runtime.activeEffectCount, 0, "the load's effect never started")
  }

  func test_stub_stateSet_isShownAndObserved() async {
    // given
    let reactor = InspectedCounter()
    let stub = ReactorStub(reactor)
    let counts = reactor.record(\.count)

    // when
    stub.state.count = 42
    stub.state.isLoading = true

    // then
    XCTAssertEqual(reactor.currentState.count, 42)
    XCTAssertEqual(counts.values, [0, 42, 42])
  }

  func test_stub_removeAllActions_forgetsThem() async {
    // given
    let reactor = InspectedCounter()
    let stub = ReactorStub(reactor)
    reactor.send(.increment)

    // when
    stub.removeAllActions()

    // then
    XCTAssertTrue(stub.actions.isEmpty)
    XCTAssertNil(stub.lastAction)
  }
}
