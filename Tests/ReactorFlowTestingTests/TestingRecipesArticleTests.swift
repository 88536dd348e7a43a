import ReactorFlowTestSupport
import ReactorFlowTesting
import XCTest

/// The recipes of ReactorFlowTesting's Testing article, from "Answers that take time" on,
/// verbatim (DocCSnippetTests checks that they stay so): each snippet is a test method here, run
/// on the reactors and mocks of `Support/TestingRecipes.swift`.
@MainActor
final class TestingRecipesArticleTests: XCTestCase {
  // Testing, "Answers that take time".
  func test_refresh_answerAfterASecond_showsTheSpinnerUntilThen() async {
    // given: the fetch takes a second on the test's clock
    let clock = TestClock()
    let client = FeedClientMock()
    client.fetchSpy.returns(["news"])
    client.fetchSpy.returnsAfter(.seconds(1), on: clock)
    let tester = ReactorTester(FeedReactor(client: client))

    // when
    await tester.send(.refresh) { $0.isRefreshing = true }
    await clock.advance(by: .seconds(1))

    // then
    await tester.receive(.setItems(["news"])) { $0.items = ["news"] }
    await tester.receive(.setRefreshing(false)) { $0.isRefreshing = false }
    await tester.finish()
  }

  // Testing, "An effect that never finishes".
  func test_refresh_whileTheFetchRuns_showsTheSpinner() async {
    // given: a fetch that never returns
    let client = FeedClientMock()
    client.fetchSpy.neverReturns()
    let tester = ReactorTester(FeedReactor(client: client))

    // when
    let refresh = await tester.send(.refresh) { $0.isRefreshing = true }

    // then: the state while the fetch is in flight
    XCTAssertEqual(client.fetchSpy.callCount, 1)
    refresh.cancel()  // ends the fetch, so that finish() finds nothing running
    await tester.finish()
  }

  // Testing, "An effect that never finishes", without a tester.
  func test_refresh_withoutATester_cancelsTheFetchItLeftRunning() async {
    // given
    let client = FeedClientMock()
    client.fetchSpy.neverReturns()
    let reactor = FeedReactor(client: client)

    // when, then
    await bounded("the cancelled refresh ends") {
      let refresh = reactor.send(.refresh)
      XCTAssertTrue(reactor.currentState.isRefreshing)
      refresh.cancel()
      await refresh.finish()
    }
    XCTAssertEqual(reactor.runtime.activeEffectCount, 0)
  }

  // Testing, "A service that returns the user's choice".
  func test_deleteTapped_userConfirms_removesTheTodo() async {
    // given: the user will tap "Delete"
    let alerts = AlertServiceMock()
    alerts.chooseSpy.returns(.delete)
    let tester = ReactorTester(TodoAlertReactor(todos: ["milk", "eggs"], alerts: alerts))

    // when
    await tester.send(.deleteTapped("milk"))

    // then
    await tester.receive(.remove("milk")) { $0.todos = ["eggs"] }
    await tester.finish()
    XCTAssertEqual(alerts.chooseSpy.lastArguments?.title, "Delete milk?")
  }

  func test_deleteTapped_userCancels_keepsTheTodo() async {
    // given
    let alerts = AlertServiceMock()
    alerts.chooseSpy.returns(.cancel)
    let tester = ReactorTester(TodoAlertReactor(todos: ["milk"], alerts: alerts))

    // when
    await tester.send(.deleteTapped("milk"))

    // then: no mutation
    await tester.finish()
    XCTAssertEqual(alerts.chooseSpy.lastArguments?.choices, [.delete, .cancel])
  }

  // Testing, "A generic method".
  func test_load_storedSettings_showsThem() async {
    // given
    let store = SettingsStoreMock()
    let stored: [String: any Sendable] = ["fontSize": 16, "userName": "Ada"]
    store.valueSpy.handler = { stored[$0.key] }
    let tester = ReactorTester(SettingsReactor(store: store))

    // when
    await tester.send(.load)

    // then
    await tester.receive(.setFontSize(16)) { $0.fontSize = 16 }
    await tester.receive(.setUserName("Ada")) { $0.userName = "Ada" }
    await tester.finish()
    XCTAssertEqual(store.valueSpy.allArguments.map(\.type), ["Int", "String"])
  }

  // Testing, "The order of calls across spies".
  func test_signOut_savesTheDraftBeforeClosing() async {
    // given: one log for both spies
    let session = SessionMock()
    let calls = Spy<String, Void>("calls")
    session.saveSpy.handler = { draft in calls("save \(draft)") }
    session.closeSpy.handler = { _ in calls("close") }
    let tester = ReactorTester(EditorSessionReactor(session: session))

    // when
    await tester.send(.signOut)
    await tester.finish()

    // then
    XCTAssertEqual(calls.allArguments, ["save draft", "close"])
  }

  // Testing, "A stubbed child".
  func test_pullToRefresh_reloadsTheAvatar() async {
    // given: the avatar is stubbed before the profile uses it
    let avatar = AvatarReactor()
    let avatarStub = ReactorStub(avatar)
    let tester = ReactorTester(ProfileReactor(avatar: avatar))

    // when
    await tester.send(.pullToRefresh) { $0.refreshCount = 1 }

    // then
    XCTAssertEqual(avatarStub.actions, [.reload])  // the child's mutate did not run
    avatarStub.state.imageName = "ada.png"  // a state for the profile's view to show
    XCTAssertEqual(tester.state.avatar.currentState.imageName, "ada.png")
    await tester.finish()
  }
}
