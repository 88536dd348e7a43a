import ReactorFlow

/// Records a reactor's session into a ``ReactorRecording``, from `Reactor.recordSession(clock:)`
/// until ``stop()`` or the end of the reactor.
///
/// A small `Equatable` state is kept as it is, and encoded only when the recording is. A large
/// one that is also `Codable` is kept as the fields each step changed (see
/// ``ReactorRecording/StateChanges``), and any other state as its outline, or the lines of it that
/// changed: the recorder keeps the last state whole, not every one. The reactor's loop records
/// each step itself, in code specialized for the reactor's types, so that a step of a state kept
/// as it is costs a copy and an append. It does not keep the reactor alive.
@MainActor
public final class SessionRecorder<Action: Sendable, Mutation: Sendable, State> {
  /// What was recorded so far.
  public var recording: ReactorRecording<Action, Mutation, State> {
    ReactorRecording(reactorType: reactorType, initialState: initialState, steps: steps.entries.map(step))
  }

  /// The steps, as the loop records them.
  @usableFromInline let steps: StepRecorder<Action, Mutation, State>
  /// The states the loop does not keep as values.
  let log: StateLog<Action, Mutation, State>?
  private let reactorType: String
  private let initialState: ReactorRecording<Action, Mutation, State>.RecordedState

  /// Starts recording `reactor`: on `clock`, or without times (a replay's probe) when it is `nil`.
  /// A probe keeps every `Equatable` state as a value, which a replay compares with `==` at once,
  /// and every other state's outline whole.
  init(_ reactor: some Reactor<Action, Mutation, State>, clock: (any Clock<Duration>)?) {
    let isEquatable = Equality.of(State.self) != nil
    let state = reactor.currentState
    reactorType = String(reflecting: type(of: reactor))
    let log: StateLog<Action, Mutation, State>?
    if isEquatable {
      initialState = .value(state)
      // A state without fields (not `Codable`, or not a keyed container) is kept as it is, and
      // so is one that stays small: the loop then appends it without looking at its fields.
      let fields = clock == nil ? nil : StateFields(of: state)
      log = fields.flatMap { $0.staysSmall ? nil : StateLog(.fields($0)) }
    } else {
      let outline = StateDiff.outline(state, identities: false)
      initialState = .outline(outline)
      log = StateLog(clock == nil ? .outlines : .outlineChanges(outline))
    }
    self.log = log
    steps = StepRecorder(
      reactor.runtime, clock: clock, keepsValues: log == nil,
      describe: { log?.append($0) ?? -1 })
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
    case .described(let mutation, let fromEffect, let index, let time):
      .init(
        time: time,
        event: .mutation(mutation, fromEffect: fromEffect, state: state(at: index)))
    }
  }

  /// The state `describe` kept at `index`; an empty outline for one a replay forgot.
  func state(at index: Int) -> ReactorRecording<Action, Mutation, State>.RecordedState {
    guard let log, log.states.indices.contains(index) else { return .outline([]) }
    return log.states[index]
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
