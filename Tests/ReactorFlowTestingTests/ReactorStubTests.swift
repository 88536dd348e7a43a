import ReactorFlowTesting
import XCTest

@MainActor
final class ReactorStubTests: XCTestCase {
  func test_stub_actionsSent_areRecordedAndNotProcessed() async {
    // given
    let client = FactClientMock()
    let reactor = AsyncCounterReactor(client: client)
    let stub = ReactorStub(reactor)

    // when
    reactor.send(.increment)
    reactor.send(.loadFact)

    // then
    XCTAssertEqual(stub.actions.count, 2)
    XCTAssertEqual(reactor.currentState, AsyncCounterReactor.State())
    XCTAssertEqual(reactor.runtime.activeEffectCount, 0)
    XCTAssertFalse(client.factSpy.called)
  }

  func test_stub_stateSet_isShownAndObserved() async {
    // given
    let reactor = AsyncCounterReactor()
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
    let reactor = RootReactor(userService: UserServiceMock())
    let stub = ReactorStub(reactor)
    reactor.send(.didBecomeActive)

    // when
    stub.removeAllActions()

    // then
    XCTAssertTrue(stub.actions.isEmpty)
    XCTAssertNil(stub.lastAction)
  }
}
