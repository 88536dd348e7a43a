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

  func test_observe_releasingItsTokenInsideItsCallback_stopsAndLetsTheOthersRun() async {
    // given
    let reactor = SyncCounterReactor()
    var first: [Int] = []
    var second: [Int] = []
    var firstToken: ObservationToken?
    firstToken = reactor.observe(\.count) { count in
      first.append(count)
      if count == 1 { firstToken = nil }
    }
    let secondToken = reactor.observe(\.count) { second.append($0) }

    // when
    reactor.send(.increment)
    reactor.send(.increment)

    // then
    XCTAssertNil(firstToken)
    XCTAssertEqual(first, [0, 1])
    XCTAssertEqual(second, [0, 1, 2])
    secondToken.cancel()
  }

  func test_observe_releasingTheToken_releasesTheClosure() async {
    // given
    let reactor = SyncCounterReactor()
    var captured: Captured? = Captured()
    weak let weakCaptured = captured
    var token: ObservationToken? = reactor.observe(\.count) { [captured] _ in _ = captured }
    captured = nil
    XCTAssertNotNil(weakCaptured, "the observer holds what its closure captured")

    // when
    token = nil

    // then
    XCTAssertNil(token)
    XCTAssertNil(weakCaptured, "a released token's observer is released at once")
  }

  func test_observe_tokenOutlivingItsReactor_keepsNothingAndCancelsQuietly() async {
    // given
    var reactor: SyncCounterReactor? = SyncCounterReactor()
    weak let weakRuntime = reactor?.runtime
    var captured: Captured? = Captured()
    weak let weakCaptured = captured
    let token = reactor?.observe(\.count) { [captured] _ in _ = captured }
    captured = nil

    // when
    reactor = nil

    // then
    XCTAssertNil(weakRuntime, "a token does not keep the runtime alive")
    XCTAssertNil(weakCaptured, "the observer goes with the runtime, even while its token lives")
    XCTAssertEqual(token?.isCancelled, false)
    token?.cancel()
    token?.cancel()
    XCTAssertEqual(token?.isCancelled, true)
  }

  func test_observe_closureHoldingAnotherObserversToken_stopsBothWhenCancelled() async {
    // given
    let reactor = SyncCounterReactor()
    var second: [Int] = []
    var holder: TokenHolder? = TokenHolder()
    holder?.token = reactor.observe(\.count) { second.append($0) }
    let first = reactor.observe(\.count) { [holder] _ in _ = holder }
    holder = nil

    // when
    first.cancel()
    reactor.send(.increment)

    // then
    XCTAssertEqual(second, [0], "the second observer stops with the token the first one held")
  }

  func test_observe_closureHoldingAnotherObserversToken_releasesBothWithTheReactor() async {
    // given
    var reactor: SyncCounterReactor? = SyncCounterReactor()
    weak let weakRuntime = reactor?.runtime
    var holder: TokenHolder? = TokenHolder()
    weak let weakHolder = holder
    let first = reactor?.observe(\.count) { [holder] _ in _ = holder }
    holder?.token = reactor?.observe(\.count) { _ in }
    holder = nil

    // when
    reactor = nil

    // then
    XCTAssertNil(weakRuntime)
    XCTAssertNil(weakHolder)
    first?.cancel()
  }
}

private final class Captured {}

private final class TokenHolder {
  var token: ObservationToken?
}
