import ReactorFlow

/// Steps a reactor's published state back and forth through a recorded session, so that a view
/// shows past states. A debugging tool: it works in debug builds only.
///
/// ```swift
/// let travel = try TimeTravel(reactor: MainReactor(), recording: recording)
/// travel.move(to: 3)   // the view shows the state after the third mutation
/// travel.back()
/// ```
/// The reactor is replayed first (`Reactor.replay(_:)`), so it must be fresh, and its effects
/// stay off. Moving changes only what the reactor publishes (`Reactor.currentState`, observers,
/// streams); do not send it actions while travelling.
///
/// It keeps the state every 32 mutations, not every state: a state between them is rebuilt by
/// reducing the recorded mutations from the one before it (`reduce` is pure, and the replay
/// checked that it reaches the recorded states), so that a long session of a large state does
/// not hold a copy of it per step.
@MainActor
public final class TimeTravel<R: Reactor> {
  /// The reactor whose published state moves.
  public let reactor: R
  /// The number of states: the initial state and one after each mutation.
  public let count: Int
  /// The index of the state published now, from 0 (the initial state) to `count - 1`.
  public private(set) var position: Int
  /// The recorded mutations, in order.
  private let mutations: [R.Mutation]
  /// The states to reduce from (before `transform(state:)`), each after that many mutations.
  private let checkpoints: [(mutations: Int, state: R.State)]

  /// Replays `recording` into `reactor` and stays at its last state.
  /// - Parameters:
  ///   - reactor: A fresh reactor of the recorded type.
  ///   - recording: The session.
  /// - Throws: What `Reactor.replay(_:)` throws.
  public init(reactor: R, recording: R.Recording) throws {
    self.reactor = reactor
    let checkpoints = ReplayCheckpoints<R.State>(interval: 32)
    try reactor.replaySteps(recording, checkpoints: checkpoints)
    self.checkpoints = checkpoints.states
    mutations = recording.steps.compactMap {
      if case .mutation(let mutation, _, _) = $0.event { return mutation }
      return nil
    }
    count = mutations.count + 1
    position = mutations.count
  }

  /// The states of the session: the initial state, then one after each mutation. Each call
  /// rebuilds them all; ``state(at:)`` rebuilds one.
  public var states: [R.State] {
    (0..<count).map(state(at:))
  }

  /// The state after `index` mutations (clamped to `0..<count`), rebuilt from the nearest state
  /// kept before it.
  /// - Parameter index: 0 for the initial state, n for the state after the n-th mutation.
  /// - Returns: The state the reactor published then.
  public func state(at index: Int) -> R.State {
    let index = min(max(index, 0), count - 1)
    guard let start = checkpoints.last(where: { $0.mutations <= index }) else {
      return reactor.currentState
    }
    var state = start.state
    for mutation in mutations[start.mutations..<index] {
      state = reactor.reduce(state: state, mutation: reactor.transform(mutation: mutation))
    }
    return reactor.transform(state: state)
  }

  /// Publishes the state at `index` (clamped to `0..<count`).
  /// - Parameter index: 0 for the initial state, n for the state after the n-th mutation.
  /// - Returns: `false` in a release build, where nothing moves.
  @discardableResult
  public func move(to index: Int) -> Bool {
    #if DEBUG
      position = min(max(index, 0), count - 1)
      reactor.runtime.publish(state(at: position))
      return true
    #else
      return false
    #endif
  }

  /// Publishes the previous state.
  /// - Returns: `false` in a release build, where nothing moves.
  @discardableResult
  public func back() -> Bool { move(to: position - 1) }

  /// Publishes the next state.
  /// - Returns: `false` in a release build, where nothing moves.
  @discardableResult
  public func forward() -> Bool { move(to: position + 1) }
}
