// Shared with Benchmarks/InstructionCounts, whose
// Sources/instruction-counts/ObservationFixtures.swift is a symbolic link to this file: the
// instruction counts must measure the reactors the harness runs. Each executable compiles the file
// in its own module, so that the optimizer sees the reactors there as it does here (a module of
// their own would change what is inlined). Hence ReactorFlow's public API only and nothing of the
// harness's (`Benchmark`, `Sample`, `measured`): the tool also builds against other checkouts of
// ReactorFlow.
import ReactorFlow

/// A reactor whose state has ten `Int` properties; `increment` changes only the first.
@MainActor
final class TenValues: Reactor {
  enum Action: Sendable { case increment }
  struct State: Equatable, Sendable {
    var value = 0
    var value1 = 1, value2 = 2, value3 = 3, value4 = 4, value5 = 5
    var value6 = 6, value7 = 7, value8 = 8, value9 = 9
  }

  let initialState = State()
  let runtime = Runtime()

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    state.value += 1
    return state
  }
}
