import ReactorFlowTestSupport
import ReactorFlowTesting
import XCTest

// The snippets of ReactorFlowTesting's doc comments, verbatim (DocCSnippetTests checks that they
// stay so), on this target's fixtures: compiled and run here. Those on the sample's `MainReactor`
// are in RandomUserTests' MainReactorSymbolSnippetTests.

/// A count of ticks, for the snippet of `TestClock.executor`.
private actor TickCount {
  private(set) var ticks = 0
  func tick() { ticks += 1 }
}

@MainActor
final class SpySnippetTests: XCTestCase {
  // Spy
  func test_spy_answersTheReactorAndCountsTheCall() async {
    let mock = UserServiceMock()
    let reactor = RootReactor(userService: mock)

    mock.userIsLoggedInSpy.returns(true)  // given
    reactor.send(.didBecomeActive)  // when
    XCTAssertEqual(mock.userIsLoggedInSpy.callCount, 1)  // then

    XCTAssertEqual(reactor.currentState.route, .loggedIn)
  }

  // Spy.init(_:placeholder:)
  func test_placeholder_isReturnedAfterAFailure() async {
    struct User: Equatable {
      var id: Int
      var name: String
    }

    let fetchUserSpy = Spy<Int, User>(placeholder: User(id: 0, name: ""))

    var user: User?
    let failures = captureFailures { user = fetchUserSpy(7) }
    XCTAssertEqual(user, User(id: 0, name: ""))
    XCTAssertEqual(failures.count, 1, "a call with nothing stubbed fails")
  }

  // Spy.handler
  func test_handler_computesEachAnswer() async {
    let searchSpy = Spy<String, [String]>()

    searchSpy.handler = { query in ["\(query) 1", "\(query) 2"] }

    XCTAssertEqual(searchSpy("swift"), ["swift 1", "swift 2"])
    XCTAssertEqual(searchSpy.callCount, 1)
  }
}

@MainActor
final class CaptureFailuresSnippetTests: XCTestCase {
  // captureFailures(isolation:_:)
  func test_captureFailures_returnsTheTestersDiff() async {
    let tester = ReactorTester(AsyncCounterReactor())

    let failures = await captureFailures {
      await tester.send(.increment) { $0.count = 2 }
    }
    XCTAssertEqual(failures.count, 1)
    guard let failure = failures.first else { return }
    XCTAssertTrue(failure.message.contains("+   - count: 1"))
  }

  // captureFailures(_:)
  func test_synchronousCaptureFailures_returnsTheSpysFailure() async {
    let mock = UserServiceMock()

    let failures = captureFailures { _ = mock.userIsLoggedIn() }

    XCTAssertEqual(failures.count, 1, "nothing was stubbed")
    guard let failure = failures.first else { return }
    XCTAssertTrue(failure.message.contains("userIsLoggedIn"), failure.message)
  }
}

@MainActor
final class ReactorTesterSnippetTests: XCTestCase {
  // ReactorTester
  func test_tester_checksEveryChangeOfACounterThatLoadsAFact() async {
    let client = FactClientMock()
    client.factSpy.returns("1 is the loneliest")

    let tester = ReactorTester(AsyncCounterReactor(client: client))
    await tester.send(.increment) { $0.count = 1 }  // the synchronous change
    await tester.send(.loadFact) { $0.isLoading = true }
    await tester.receive(.setFact("1 is the loneliest")) {  // a mutation from an effect
      $0.fact = "1 is the loneliest"
    }
    await tester.receive(.setLoading(false)) { $0.isLoading = false }
    await tester.finish()  // no effect left behind

    XCTAssertEqual(client.factSpy.allArguments, [1])
  }

  // ReactorTester.send(_:to:assert:) for an optional child
  func test_sendToTheEditor_closesItThroughItsOutput() async {
    let tester = ReactorTester(NotesReactor(makeEditor: { EditorReactor(clock: TestClock()) }))

    await tester.send(.edit) { $0.editor = tester.state.editor }
    await tester.send(.cancel, to: \.editor)  // the editor's state does not change
    await tester.receiveOutput(EditorReactor.Output.didCancel)
    await tester.receive(.setEditor(nil)) { $0.editor = nil }

    await tester.finish()
    XCTAssertEqual(tester.state, NotesReactor.State())
  }
}

@MainActor
final class ClockSnippetTests: XCTestCase {
  // ImmediateClock
  func test_immediateClock_endsTheDebounceAtOnce() async {
    let client = SearchClientMock()
    client.searchSpy.handler = { query in ["\(query)-ui"] }

    let reactor = SearchReactor(client: client, clock: ImmediateClock())
    await reactor.send(.query("swift")).finish()  // the 300 ms debounce takes no time

    XCTAssertEqual(reactor.currentState.results, ["swift-ui"])
  }

  // TestClock.executor
  func test_executor_letsTheClockWaitForATaskOfTheTest() async throws {
    let clock = TestClock()
    let log = TickCount()

    let timer = Task(executorPreference: TestClock.executor) {
      for _ in 1...3 { try await clock.sleep(for: .seconds(1)); await log.tick() }
    }
    await clock.run()  // returns after the third tick, not before

    let ticks = await log.ticks
    XCTAssertEqual(ticks, 3)
    try await timer.value
  }

  // TestClock.schedule(at:_:)
  func test_scheduleAt_sendsOnItsTick() async {
    let clock = TestClock()
    let reactor = SignUpReactor()

    clock.schedule(at: 3) { reactor.send(.password1("qwer")) }
    await clock.run()

    XCTAssertEqual(reactor.currentState.password1, "qwer")
    XCTAssertEqual(clock.now.offset, .seconds(3))
  }

  // TestClock.schedule(at:_:), with an instant
  func test_scheduleAtAnInstant_stopsTheStopwatchBetweenTicks() async {
    let clock = TestClock()
    let reactor = StopwatchReactor(clock: clock)
    reactor.send(.start)

    clock.schedule(at: clock.now.advanced(by: .milliseconds(1500))) { reactor.send(.stop) }
    await clock.advance(to: clock.now.advanced(by: .seconds(2)))

    XCTAssertEqual(reactor.currentState.seconds, 1)
    XCTAssertFalse(reactor.currentState.isRunning)
  }

  // TestClock.schedule(_:_:)
  func test_scheduleEvents_sendsEachOnItsTick() async {
    let clock = TestClock()
    let reactor = SignUpReactor()
    let emails = reactor.record(\.email, clock: clock)

    clock.schedule([.next(0, ""), .next(1, "email@email"), .next(2, "email@email.com")]) {
      reactor.send(.email($0))
    }
    await clock.run()

    XCTAssertEqual(emails.events.last, .next(2, "email@email.com"))
  }

  // TestClock
  func test_testClock_movesTheStopwatchThreeSeconds() async {
    let clock = TestClock()
    let reactor = StopwatchReactor(clock: clock)
    reactor.send(.start)
    await clock.advance(by: .seconds(3))
    XCTAssertEqual(reactor.currentState.seconds, 3)

    reactor.send(.stop)
    await clock.run()
  }
}

@MainActor
final class RecordingSnippetTests: XCTestCase {
  // Reactor.record(_:clock:)
  func test_record_stampsEachValueWithItsTick() async {
    let clock = TestClock()
    let reactor = StopwatchReactor(clock: clock)

    let seconds = reactor.record(\.seconds, clock: clock)
    let states = reactor.record(\.self, clock: clock)  // the whole state

    reactor.send(.start)
    await clock.advance(by: .seconds(2))
    reactor.send(.stop)
    await clock.run()
    XCTAssertEqual(seconds.events, [.next(0, 0), .next(0, 0), .next(1, 1), .next(2, 2), .next(2, 2)])
    XCTAssertEqual(states.values.last, StopwatchReactor.State(isRunning: false, seconds: 2))
  }

  /// Schedules the inputs of the sign-up form of `SignUpFormTests`: valid at tick 7, not at 8.
  private func scheduleSignUp(_ reactor: SignUpReactor, on clock: TestClock) {
    clock.schedule([.next(0, ""), .next(1, "email@email"), .next(2, "email@email.com")]) {
      reactor.send(.email($0))
    }
    clock.schedule(
      [.next(0, ""), .next(3, "qwer"), .next(4, "qwertY"), .next(5, "qwertY1!"), .next(8, "qwe1!")]
    ) {
      reactor.send(.password1($0))
    }
    clock.schedule([.next(0, ""), .next(6, "qwertY1"), .next(7, "qwertY1!")]) {
      reactor.send(.password2($0))
    }
  }

  // Reactor.record(_:clock:distinct:)
  func test_recordDistinct_recordsEachChangeOfValidity() async {
    let clock = TestClock()
    let reactor = SignUpReactor()
    scheduleSignUp(reactor, on: clock)

    let isValid = reactor.record(\.isValid, clock: clock, distinct: true)
    await clock.run()  // the inputs scheduled before
    XCTAssertEqual(isValid.events, [.next(0, false), .next(7, true), .next(8, false)])
  }

  // Recorded
  func test_recorded_readsAsRxTestsEvents() async {
    let clock = TestClock()
    let reactor = SignUpReactor()
    scheduleSignUp(reactor, on: clock)
    let recorder = reactor.record(\.isValid, clock: clock, distinct: true)
    await clock.run()

    XCTAssertEqual(recorder.events, [.next(0, false), .next(7, true), .next(8, false)])
  }

  // StateRecorder
  func test_stateRecorder_recordsTheFormBecomingValid() async {
    let reactor = SignUpReactor()
    reactor.send(.password1("qwertY1!"))
    reactor.send(.password2("qwertY1!"))

    let clock = TestClock()
    let isValid = reactor.record(\.isValid, clock: clock, distinct: true)
    clock.schedule([.next(0, ""), .next(1, "a@b.c")]) { reactor.send(.email($0)) }
    await clock.run()
    XCTAssertEqual(isValid.events, [.next(0, false), .next(1, true)])  // the passwords were set
  }
}
