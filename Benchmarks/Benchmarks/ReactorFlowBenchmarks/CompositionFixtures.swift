// Shared with Benchmarks/InstructionCounts, whose
// Sources/instruction-counts/CompositionFixtures.swift is a symbolic link to this file: the
// instruction counts must measure the reactors the harness runs. Each executable compiles the file
// in its own module, so that the optimizer sees the reactors there as it does here (a module of
// their own would change what is inlined). Hence ReactorFlow's public API only and nothing of the
// harness's (`Benchmark`, `Sample`, `measured`): the tool also builds against other checkouts of
// ReactorFlow.
import ReactorFlow

/// A child of `children-1000`: a count; each increment announces the new count to its parent.
@MainActor
final class CellCounter: OutputReactor {
  enum Action: Sendable { case increment }
  struct State: Equatable, Sendable { var value = 0 }

  let initialState = State()
  let runtime = Runtime()

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    state.value += 1
    return state
  }

  func output(for mutation: Action) -> Int? { currentState.value }
}

/// The parent of `children-1000`: its cells in a keyed collection, a stack, and what the last
/// change of a cell announced.
@MainActor
final class CellList: Reactor {
  enum Action: Sendable {
    case add(id: Int)
    case cellChanged(id: Int, value: Int)
    case push
    case pop
  }

  enum Mutation: Sendable {
    case insert(Child<CellCounter>, id: Int)
    case cellChanged(id: Int, value: Int)
    case push(Child<CellCounter>)
    case pop
  }

  struct State: Equatable, Sendable {
    var cells = Children<Int, CellCounter>()
    var path = ChildStack<CellCounter>()
    var lastChangedID = -1
    var changes = 0
  }

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .add(let id):
      return .send(.insert(adopt(CellCounter()) { .cellChanged(id: id, value: $0) }, id: id))
    case .cellChanged(let id, let value):
      return .send(.cellChanged(id: id, value: value))
    case .push:
      return .send(.push(adopt(CellCounter()) { .cellChanged(id: -1, value: $0) }))
    case .pop:
      return .send(.pop)
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .insert(let cell, let id): state.cells.append(cell, id: id)
    case .cellChanged(let id, _):
      state.lastChangedID = id
      state.changes += 1
    case .push(let cell): state.path.push(cell)
    case .pop: state.path.pop()
    }
    return state
  }
}
