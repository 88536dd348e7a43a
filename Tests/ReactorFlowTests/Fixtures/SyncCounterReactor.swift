import ReactorFlow

/// The smallest useful reactor, without effects: each action applies directly, synchronously
/// (`Mutation == Action`), and it counts how often its initial state is read.
@MainActor
final class SyncCounterReactor: Reactor {
  enum Action: Sendable, Equatable {
    case increment
    case decrement
    case set(Int)
  }

  struct State: Equatable, Sendable {
    var count = 0
  }

  let runtime = Runtime()
  private(set) var initialStateReads = 0

  var initialState: State {
    initialStateReads += 1
    return State()
  }

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    switch mutation {
    case .increment: state.count += 1
    case .decrement: state.count -= 1
    case .set(let value): state.count = value
    }
    return state
  }
}
