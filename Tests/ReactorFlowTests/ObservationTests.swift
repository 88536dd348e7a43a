import ReactorFlow
import XCTest

@MainActor
final class ObservationTests: XCTestCase {
  func test_observeKeyPath_givesCurrentValueAtOnceThenEachDistinctChange() async {
    // given
    let reactor = SyncCounterReactor()
    reactor.send(.set(5))
    var values: [Int] = []

    // when
    let token = reactor.observe(\.count) { values.append($0) }
    reactor.send(.set(5))
    reactor.send(.set(6))
    reactor.send(.set(6))
    reactor.send(.set(7))

    // then
    XCTAssertEqual(values, [5, 6, 7])
    token.cancel()
  }

  func test_observeState_equatableState_skipsEqualStates() async {
    let reactor = SyncCounterReactor()
    var states: [SyncCounterReactor.State] = []

    let token = reactor.observe { states.append($0) }
    reactor.send(.set(0))
    reactor.send(.increment)

    XCTAssertEqual(states.map(\.count), [0, 1])
    token.cancel()
  }

  func test_observe_afterTokenCancelled_isNotCalledAgain() async {
    let reactor = SyncCounterReactor()
    var values: [Int] = []
    let token = reactor.observe(\.count) { values.append($0) }

    token.cancel()
    reactor.send(.increment)

    XCTAssertEqual(values, [0])
    XCTAssertTrue(token.isCancelled)
  }

  func test_observe_afterTokenReleased_isNotCalledAgain() async {
    let reactor = SyncCounterReactor()
    var values: [Int] = []
    var token: ObservationToken? = reactor.observe(\.count) { values.append($0) }
    XCTAssertNotNil(token)

    token = nil
    reactor.send(.increment)

    XCTAssertEqual(values, [0])
  }

  func test_observe_cancellingAnotherObserverDuringNotification_stopsItAtOnce() async {
    let reactor = SyncCounterReactor()
    var second: [Int] = []
    var secondToken: ObservationToken?
    let firstToken = reactor.observe(\.count) { count in
      if count == 1 { secondToken?.cancel() }
    }
    secondToken = reactor.observe(\.count) { second.append($0) }

    reactor.send(.increment)
    reactor.send(.increment)

    XCTAssertEqual(second, [0])
    firstToken.cancel()
  }

  func test_observe_nonEquatableKeyPath_reportsEveryState() async {
    let reactor = SyncCounterReactor()
    var calls = 0

    let token = reactor.observe(\.self) { (_: SyncCounterReactor.State) in calls += 1 }
    reactor.send(.set(0))

    XCTAssertEqual(calls, 1, "State is Equatable, so the distinct overload applies")
    token.cancel()
  }
}
