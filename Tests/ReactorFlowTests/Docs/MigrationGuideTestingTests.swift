import ReactorFlowTesting
import XCTest

// The snippets of Sources/ReactorFlow/ReactorFlow.docc/MigratingFromReactorKit.md that use the
// testing module ("scheduler", "Stub", "Testing with RxTest"), compiled here and checked to behave
// as the guide says. The counter is the README's (ReadmeExampleTests.swift) and its view is the
// guide's (MigrationGuideTests.swift).

// MARK: - Guide: scheduler

@MainActor
final class ToastReactor: Reactor {
  enum Action: Sendable { case show(String) }
  enum Mutation: Sendable { case setMessage(String?) }
  struct State: Equatable, Sendable { var message: String? }

  let initialState = State()
  let runtime = Runtime()
  private let clock: any Clock<Duration>

  init(clock: any Clock<Duration> = ContinuousClock()) {
    self.clock = clock
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .show(let message):
      // `self.clock`: in a file that imports Foundation, a bare `clock` also names C's clock().
      return .concatenate(
        .send(.setMessage(message)),
        Effect.send(.setMessage(nil)).delay(for: .seconds(2), clock: self.clock)
      )
      .cancellable(id: "toast", cancelInFlight: true)  // a new toast restarts the delay
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setMessage(let message): state.message = message
    }
    return state
  }
}

@MainActor
final class MigrationGuideTestingTests: XCTestCase {
  // MARK: scheduler

  func test_guideScheduler_toast_hidesAfterTwoVirtualSeconds() async {
    // given
    let clock = TestClock()
    let reactor = ToastReactor(clock: clock)
    let messages = reactor.record(\.message, clock: clock)

    // when
    reactor.send(.show("Saved"))
    await clock.advance(by: .seconds(1))
    reactor.send(.show("Saved again"))
    await clock.advance(by: .seconds(2))

    // then
    XCTAssertEqual(
      messages.events, [.next(0, nil), .next(0, "Saved"), .next(1, "Saved again"), .next(3, nil)])
    XCTAssertEqual(reactor.runtime.activeEffectCount, 0)
  }

  // MARK: Stub

  func test_guideStub_viewSendsActionsAndShowsTheStubbedState() async {
    // given
    let reactor = CounterViewReactor()
    let stub = ReactorStub(reactor)  // before the view binds it
    let view = CounterView()
    view.reactor = reactor

    // when
    view.increaseButton.tap()

    // then
    XCTAssertEqual(stub.actions, [.increase])  // mutate and reduce did not run
    XCTAssertEqual(reactor.currentState.value, 0)

    // when
    stub.state.value = 42  // observers are notified

    // then
    XCTAssertEqual(view.valueLabel.text, "42")
  }

  // MARK: Testing with RxTest

  func test_guideRxTest_actionsAtVirtualTicks_recordDistinctValues() async {
    // given
    let clock = TestClock()
    let reactor = CounterViewReactor()
    let values = reactor.record(\.value, clock: clock, distinct: true)
    clock.schedule([.next(1, .increase), .next(2, .increase), .next(3, .decrease)]) {
      reactor.send($0)
    }

    // when
    await clock.run()

    // then
    XCTAssertEqual(values.events, [.next(0, 0), .next(1, 1), .next(2, 2), .next(3, 1)])
  }

  func test_guideRxTest_stepByStep_checksEveryChange() async {
    // given
    let tester = ReactorTester(CounterViewReactor())

    // when
    await tester.send(.increase) { $0.value = 1 }
    await tester.send(.decrease) { $0.value = 0 }

    // then
    await tester.finish()
  }
}
