import ReactorFlow

/// Its effect makes numbers, an `Effect<Int>`, that `map(_:)` turns into its mutations.
@MainActor
public final class MappedRunReactor: Reactor {
  /// The one action: run the effect.
  public enum Action: Sendable { case load }
  /// Appends an entry to the log.
  public enum Mutation: Sendable, Equatable { case log(String) }
  /// The entries, in the order they were reduced.
  public struct State: Equatable, Sendable {
    /// The entries.
    public var log: [String] = []
  }

  /// An empty log.
  public let initialState = State()
  /// The reactor's storage.
  public let runtime = Runtime()

  /// Makes the reactor.
  public init() {}

  /// Two numbers from a task, mapped to log entries.
  public func mutate(action: Action) -> Effect<Mutation> {
    Effect<Int>.run { send in
      await send(1)
      await send(2)
    }
    .map { Mutation.log("mapped \($0)") }
  }

  /// Appends the entry.
  public func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    if case .log(let entry) = mutation { state.log.append(entry) }
    return state
  }
}
