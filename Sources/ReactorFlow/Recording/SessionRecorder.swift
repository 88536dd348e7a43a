/// Records a reactor's session into a ``ReactorRecording``, from ``Reactor/recordSession(clock:)``
/// until ``stop()``.
///
/// An `Equatable` state is kept as it is, and encoded only when the recording is; any other state
/// is outlined at each step. It does not keep the reactor alive.
@MainActor
public final class SessionRecorder<Action: Sendable, Mutation: Sendable, State> {
  /// What was recorded so far.
  public private(set) var recording: ReactorRecording<Action, Mutation, State>

  private var token: ObservationToken?
  private var pending: (mutation: Mutation, fromEffect: Bool)?
  private let elapsed: @Sendable () -> Duration
  private let keepsValues: Bool

  init(_ reactor: some Reactor<Action, Mutation, State>, clock: any Clock<Duration>) {
    elapsed = Self.elapsed(on: clock)
    keepsValues = Equality.of(State.self) != nil
    recording = ReactorRecording(
      reactorType: String(reflecting: type(of: reactor)), initialState: .outline([]))
    recording.initialState = record(reactor.currentState)
    token = reactor.inspect { [weak self] event in self?.receive(event) }
  }

  /// Stops recording; ``recording`` stays as it is.
  public func stop() {
    token?.cancel()
    token = nil
  }

  private func receive(_ event: ReactorEvent<Action, Mutation, State>) {
    switch event {
    case .action(let action, let source):
      // Actions that `transform(action:)` made come again from the action they came from.
      guard source != .transform else { return }
      append(.action(action))
    case .mutation(let mutation, let effect):
      pending = (mutation, effect != nil)
    case .state(_, let new):
      guard let (mutation, fromEffect) = pending else { return }
      pending = nil
      append(.mutation(mutation, fromEffect: fromEffect, state: record(new)))
    case .effectStarted, .effectEnded:
      return
    }
  }

  private func record(_ state: State) -> ReactorRecording<Action, Mutation, State>.RecordedState {
    keepsValues ? .value(state) : .outline(StateDiff.outline(state, identities: false))
  }

  private func append(_ event: ReactorRecording<Action, Mutation, State>.Event) {
    recording.steps.append(.init(time: elapsed(), event: event))
  }

  private nonisolated static func elapsed<C: Clock<Duration>>(
    on clock: C
  ) -> @Sendable () -> Duration {
    let start = clock.now
    return { start.duration(to: clock.now) }
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
    SessionRecorder(self, clock: clock)
  }
}
