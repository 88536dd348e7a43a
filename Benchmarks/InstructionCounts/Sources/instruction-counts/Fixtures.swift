import ReactorFlow

// The reactors of the benchmark package's cases (Benchmarks/Benchmarks/ReactorFlowBenchmarks),
// copied so that this package depends on ReactorFlow alone. Only public API: a change inside
// ReactorFlow must not need a change here.

// MARK: - counter-sync, counter-fanout, effect-roundtrip (Fixtures.swift)

/// ReactorKit's counter, written the way its README teaches: an `Equatable` state. `roundTrip`
/// increments through an asynchronous effect.
@MainActor
final class Counter: Reactor {
  enum Action: Sendable { case increment, roundTrip }
  enum Mutation: Sendable { case increaseValue }
  struct State: Equatable, Sendable {
    var value = 0
    var isLoading = false
  }

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .increment: .send(.increaseValue)
    case .roundTrip: .run { send in await send(.increaseValue) }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .increaseValue: state.value += 1
    }
    return state
  }
}

/// Where observers write, so that the optimizer cannot drop their work.
@MainActor
final class Tally {
  var sum = 0
}

// MARK: - keypath-observer, observation-bridge (ObservationBenchmarks.swift)

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

// MARK: - children-1000 (CompositionBenchmarks.swift)

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
