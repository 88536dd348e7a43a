import ReactorFlow

/// Records a reactor's session into a ``ReactorRecording``, from `Reactor.recordSession(clock:)`
/// until ``stop()`` or the end of the reactor.
///
/// An `Equatable` state is kept as it is, and encoded only when the recording is; any other state
/// is outlined at each step. The reactor's loop records each step itself, in code specialized for
/// the reactor's types, so that a step costs a copy and an append. It does not keep the reactor
/// alive.
@MainActor
public final class SessionRecorder<Action: Sendable, Mutation: Sendable, State> {
  /// What was recorded so far.
  public var recording: ReactorRecording<Action, Mutation, State> {
    ReactorRecording(reactorType: reactorType, initialState: initialState, steps: steps.entries.map(step))
  }

  /// The steps, as the loop records them.
  @usableFromInline let steps: StepRecorder<Action, Mutation, State>
  private let reactorType: String
  private let initialState: ReactorRecording<Action, Mutation, State>.RecordedState

  /// Starts recording `reactor`: on `clock`, or without times (a replay's probe) when it is `nil`.
  init(_ reactor: some Reactor<Action, Mutation, State>, clock: (any Clock<Duration>)?) {
    let keepsValues = Equality.of(State.self) != nil
    reactorType = String(reflecting: type(of: reactor))
    initialState =
      keepsValues
      ? .value(reactor.currentState) : .outline(StateDiff.outline(reactor.currentState, identities: false))
    steps = StepRecorder(
      reactor.runtime, clock: clock, keepsValues: keepsValues,
      outline: { StateDiff.outline($0, identities: false) })
  }

  /// Stops recording; ``recording`` stays as it is.
  public func stop() {
    steps.stop()
  }

  /// An entry as a recording's step.
  func step(_ entry: StepRecorder<Action, Mutation, State>.Entry)
    -> ReactorRecording<Action, Mutation, State>.Step
  {
    switch entry {
    case .action(let action, let time):
      .init(time: time, event: .action(action))
    case .mutation(let mutation, let fromEffect, let state, let time):
      .init(time: time, event: .mutation(mutation, fromEffect: fromEffect, state: .value(state)))
    case .outlined(let mutation, let fromEffect, let outline, let time):
      .init(
        time: time,
        event: .mutation(mutation, fromEffect: fromEffect, state: .outline(steps.outlines[outline])))
    }
  }
}

extension Reactor {
  /// Records this reactor's session from now on: the actions sent to it and the mutations its
  /// effects send, with their times on `clock` and the states they publish.
  ///
  /// ```swift
  /// let recorder = reactor.recordSession(clock: ContinuousClock())
  /// await reactor.send(.load(100)).finish()
  /// let data = try JSONEncoder().encode(recorder.recording)
  /// ```
  /// - Parameter clock: The clock the steps are timed on.
  /// - Returns: The recorder; read its ``SessionRecorder/recording``.
  public func recordSession(clock: any Clock<Duration>) -> SessionRecorder<Action, Mutation, State> {
    SessionRecorder(self, clock: clock as (any Clock<Duration>)?)
  }
}
