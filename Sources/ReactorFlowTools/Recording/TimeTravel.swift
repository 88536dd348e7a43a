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
@MainActor
public final class TimeTravel<R: Reactor> {
  /// The reactor whose published state moves.
  public let reactor: R
  /// The states of the session: the initial state, then one after each mutation.
  public let states: [R.State]
  /// The index in ``states`` of the state published now.
  public private(set) var position: Int

  /// Replays `recording` into `reactor` and stays at its last state.
  /// - Parameters:
  ///   - reactor: A fresh reactor of the recorded type.
  ///   - recording: The session.
  /// - Throws: What `Reactor.replay(_:)` throws.
  public init(reactor: R, recording: R.Recording) throws {
    self.reactor = reactor
    self.states = try reactor.replayStates(recording, keepingStates: true)
    self.position = states.count - 1
  }

  /// Publishes the state at `index` (clamped to ``states``).
  /// - Parameter index: 0 for the initial state, n for the state after the n-th mutation.
  /// - Returns: `false` in a release build, where nothing moves.
  @discardableResult
  public func move(to index: Int) -> Bool {
    #if DEBUG
      position = min(max(index, 0), states.count - 1)
      reactor.runtime.publish(states[position])
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
