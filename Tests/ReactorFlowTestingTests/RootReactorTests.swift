import ReactorFlowTesting
import XCTest

/// Seed 003: the RIBs root decision, tested with a hand-written spy instead of a Sourcery mock.
@MainActor
final class RootReactorTests: XCTestCase {
  func test_didBecomeActive_always_asksTheUserServiceOnce() async {
    // given
    let userService = UserServiceMock()
    userService.userIsLoggedInSpy.returns(true)
    let reactor = RootReactor(userService: userService)

    // when
    reactor.send(.didBecomeActive)

    // then
    XCTAssertTrue(userService.userIsLoggedInSpy.called)
    XCTAssertEqual(userService.userIsLoggedInSpy.callCount, 1)
  }

  func test_didBecomeActive_whenLoggedIn_routesToLoggedIn() async {
    // given
    let userService = UserServiceMock()
    userService.userIsLoggedInSpy.returns(true)
    let reactor = RootReactor(userService: userService)

    // when
    reactor.send(.didBecomeActive)

    // then
    XCTAssertEqual(reactor.currentState.route, .loggedIn)
    XCTAssertEqual(userService.userIsLoggedInSpy.callCount, 1)
  }

  func test_didBecomeActive_whenLoggedOut_routesToLoggedOut() async {
    // given
    let userService = UserServiceMock()
    userService.userIsLoggedInSpy.returns(false)
    let reactor = RootReactor(userService: userService)

    // when
    reactor.send(.didBecomeActive)

    // then
    XCTAssertEqual(reactor.currentState.route, .loggedOut)
  }

  func test_didBecomeActive_withATester_routesAndAsksOnce() async {
    // given
    let userService = UserServiceMock()
    userService.userIsLoggedInSpy.returns(true)
    let tester = ReactorTester(RootReactor(userService: userService))

    // when
    await tester.send(.didBecomeActive) { $0.route = .loggedIn }

    // then
    await tester.finish()
    XCTAssertEqual(userService.userIsLoggedInSpy.callCount, 1)
  }

  func test_didBecomeActive_withAnUnstubbedService_failsNamingTheSpyAndTheFunction() async {
    // given
    let userService = UserServiceMock()
    let reactor = RootReactor(userService: userService)

    // when
    let failures = captureFailures {
      reactor.send(.didBecomeActive)
    }

    // then
    XCTAssertEqual(
      failures.map(\.message),
      [
        """
        Spy "UserServiceMock" was called by userIsLoggedIn() but has nothing to return: neither \
        returns(_:) nor handler was set, so it returned its placeholder false. Fix: in the \
        test's "given" part, call returns(...) or set handler on the spy that userIsLoggedIn() \
        calls.
        """
      ])
    XCTAssertEqual(failures.first?.fileID, "ReactorFlowTestingTests/UserServiceMock.swift")
    XCTAssertEqual(reactor.currentState.route, .loggedOut)
  }
}
