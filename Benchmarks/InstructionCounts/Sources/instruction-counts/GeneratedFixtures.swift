import ReactorFlow
import ReactorFlowTesting

/// A synchronous reducer shaped like the sample's `DetailReactor`: rows that expand one at a
/// time, stars in a set, and a close that changes nothing.
@MainActor
final class Disclosure: Reactor {
  enum Action: Sendable, Equatable { case toggle(Int), star(Int), close }
  enum Mutation: Sendable, Equatable { case toggle(Int), star(Int), close }
  struct State: Sendable, Equatable {
    var title = "20s"
    var rows = ["Ada", "Grace", "Edsger", "Barbara"]
    var expandedIndex: Int?
    var starred: Set<Int> = []
  }

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .toggle(let index): .send(.toggle(index))
    case .star(let index): currentState.rows.indices.contains(index) ? .send(.star(index)) : .none
    case .close: .send(.close)
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .toggle(let index):
      guard state.rows.indices.contains(index) else { return state }
      state.expandedIndex = state.expandedIndex == index ? nil : index
    case .star(let index):
      if state.starred.remove(index) == nil { state.starred.insert(index) }
    case .close:
      break
    }
    return state
  }
}

/// `generated-step`: a `GeneratedTest` of `Disclosure` with three invariants (two of the state,
/// one of each step) and coverage, in runs of 50 steps, each run on a fresh reactor and clock,
/// until `count` steps have run. One iteration is one generated step: drawing the action, the
/// send, the checks and the coverage count, and a fiftieth of a run's setup.
@MainActor
func generatedSteps(_ count: Int) async -> Int {
  let steps = 50
  precondition(count % steps == 0, "N must be a multiple of \(steps)")
  var test = GeneratedTest(
    runs: count / steps, steps: steps, seed: 0x5EED,
    actions: .oneOf(
      Generator.int(in: -1...4).map(Disclosure.Action.toggle).weighted(3),
      Generator.int(in: -1...4).map(Disclosure.Action.star).weighted(2),
      .constant(.close)
    ),
    invariants: [
      .state("the expanded row is a row") { state in
        state.expandedIndex.map(state.rows.indices.contains) ?? true
      },
      .state("only rows are starred") { state in
        state.starred.allSatisfy(state.rows.indices.contains)
      },
      .step("closing changes nothing") { transition in
        transition.action != .close || transition.before == transition.after
      },
    ]
  ) { _ in Disclosure() }
  test.printsReport = false
  let report = await test.run()
  precondition(report.failure == nil && report.steps == count, "a generated step failed or was lost")
  return report.steps
}
