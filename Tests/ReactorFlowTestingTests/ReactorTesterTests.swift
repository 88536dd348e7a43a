import ReactorFlowTestSupport
import ReactorFlowTesting
import XCTest

@MainActor
final class ReactorTesterTests: XCTestCase {
  func test_tester_synchronousActions_assertEachChange() async {
    // given
    let tester = ReactorTester(AsyncCounterReactor())

    // when / then
    await tester.send(.increment) { $0.count = 1 }
    await tester.send(.increment) { $0.count = 2 }
    await tester.send(.decrement) { $0.count = 1 }
    await tester.finish()
  }

  func test_tester_effectMutations_areReceivedInOrder() async {
    // given
    let client = FactClientMock()
    client.factSpy.handler = { "\($0) is a number" }
    let tester = ReactorTester(AsyncCounterReactor(client: client))

    // when
    await tester.send(.loadFact) { $0.isLoading = true }

    // then
    await tester.receive(.setFact("0 is a number")) { $0.fact = "0 is a number" }
    await tester.receive(.setLoading(false)) { $0.isLoading = false }
    await tester.finish()
    XCTAssertEqual(client.factSpy.allArguments, [0])
  }

  func test_tester_timerOnATestClock_receivesOneMutationPerTick() async {
    // given
    let clock = TestClock()
    let tester = ReactorTester(AsyncCounterReactor(clock: clock))
    await tester.send(.startTimer)

    // when
    await clock.advance(by: .seconds(2))

    // then
    await tester.receive(.add(1)) { $0.count = 1 }
    await tester.receive(.add(1)) { $0.count = 2 }
    await tester.send(.stopTimer)
    await tester.finish()
  }

  func test_tester_receiveWhere_matchesMutationsByPredicate() async {
    // given
    let client = FactClientMock()
    client.factSpy.returns("fact")
    let tester = ReactorTester(AsyncCounterReactor(client: client))
    await tester.send(.loadFact) { $0.isLoading = true }

    // when / then
    await tester.receive(where: { if case .setFact = $0 { true } else { false } }) {
      $0.fact = "fact"
    }
    await tester.receive(.setLoading(false)) { $0.isLoading = false }
    await tester.finish()
  }

  func test_tester_nonExhaustive_checksOnlyWhatIsAsserted() async {
    // given
    let client = FactClientMock()
    client.factSpy.returns("fact")
    let tester = ReactorTester(AsyncCounterReactor(client: client), exhaustivity: .off)

    // when
    await tester.send(.increment)
    await tester.send(.loadFact)

    // then: the fact is checked, isLoading and the setLoading mutations are not.
    await tester.receive(.setLoading(false)) { $0.fact = "fact" }
    let failures = await captureFailures { await tester.finish() }
    XCTAssertEqual(failures, [])
    XCTAssertEqual(tester.state.count, 1)
  }

  func test_tester_skipReceivedMutations_forgetsThem() async {
    // given
    let client = FactClientMock()
    client.factSpy.returns("fact")
    let tester = ReactorTester(AsyncCounterReactor(client: client))
    await tester.send(.loadFact) { $0.isLoading = true }.finish()
    XCTAssertEqual(tester.pendingMutations, [.setFact("fact"), .setLoading(false)])

    // when
    tester.skipReceivedMutations()

    // then
    XCTAssertEqual(tester.pendingMutations, [])
    await tester.send(.increment) { $0.count = 1 }
    await tester.finish()
  }

  func test_tester_earlierEffectEndsWhileWaitingForALaterOne_keepsWaiting() async {
    // given: a wait for the fact that ended when the fact arrived, while its effect still ran
    let clock = TestClock()
    let client = FactClientMock()
    client.factSpy.returns("fact")
    let tester = ReactorTester(AsyncCounterReactor(client: client, clock: clock))
    await tester.send(.loadFact) { $0.isLoading = true }
    await tester.receive(.setFact("fact")) { $0.fact = "fact" }
    await tester.receive(.setLoading(false)) { $0.isLoading = false }

    // when: the fact's effect ends while the test waits for a tick that comes later
    await tester.send(.startTimer)
    // On the clock's executor: the tester sees the task start and the clock advance, so it waits.
    let ticker = Task(executorPreference: TestClock.executor) {
      await clock.advance(by: .seconds(1))
    }

    // then
    await tester.receive(.add(1)) { $0.count = 1 }
    await bounded("the clock's advance by one second") { await ticker.value }
    await tester.send(.stopTimer)
    await tester.finish()
  }
}
