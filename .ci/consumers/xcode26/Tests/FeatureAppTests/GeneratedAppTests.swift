import ReactorFlow
import ReactorFlowTesting
import Testing

// A generated test as an Xcode 26 app target writes it: the reactor, its types and the test are
// main-actor isolated by default, and their conformances (`CaseIterable`, `Equatable`) too.

final class StepperReactor: Reactor {
  enum Action: CaseIterable { case increment, decrement, reset }
  enum Mutation: Equatable { case add(Int), reset }
  struct State: Equatable { var count = 0 }

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .increment: .send(.add(1))
    case .decrement: currentState.count > 0 ? .send(.add(-1)) : .none
    case .reset: .send(.reset)
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .add(let value): state.count += value
    case .reset: state.count = 0
    }
    return state
  }
}

@Suite struct GeneratedAppTests {
  @Test func stepper_neverCountsBelowZero_andReachesEveryCase() async {
    var test = GeneratedTest(
      actions: .allCases,
      invariants: [
        .state("the count is never negative") { $0.count >= 0 },
        .step("a reset ends at zero") { $0.action != .reset || $0.after.count == 0 },
      ]
    ) { _ in StepperReactor() }
    test.mutationCases = ["add", "reset"]
    test.requiresFullCoverage = true

    let report = await test.run()

    #expect(report.failure == nil)
    #expect(report.actionCoverage.isComplete)
  }
}
