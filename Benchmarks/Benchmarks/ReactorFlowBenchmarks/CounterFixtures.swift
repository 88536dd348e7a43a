// Shared with Benchmarks/InstructionCounts, whose Sources/instruction-counts/CounterFixtures.swift
// is a symbolic link to this file: the instruction counts must measure the reactors the harness
// runs. Each executable compiles the file in its own module, so that the optimizer sees the
// reactors there as it does here (a module of their own would change what is inlined). Hence
// ReactorFlow's public API only and nothing of the harness's (`Benchmark`, `Sample`, `measured`):
// the tool also builds against other checkouts of ReactorFlow.
import ReactorFlow

/// ReactorKit's counter (its README's example state: a value and a loading flag), written the way
/// the README teaches: an `Equatable` state. `roundTrip` increments through an asynchronous effect.
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
