import ReactorFlow

/// Records a reactor's session into a ``ReactorRecording``, from ``Reactor/recordSession(clock:)``
/// until ``stop()`` or the end of the reactor.
///
/// An `Equatable` state is kept as it is, and encoded only when the recording is; any other state
/// is outlined at each step. The reactor's loop calls the recorder itself, in code specialized for
/// the reactor's types, so that a step costs a copy and an append. It does not keep the reactor
/// alive.
@MainActor
public final class SessionRecorder<Action: Sendable, Mutation: Sendable, State>: LoopRecorder {
  /// What was recorded so far.
  public var recording: ReactorRecording<Action, Mutation, State> {
    ReactorRecording(reactorType: reactorType, initialState: initialState, steps: entries.map(step))
  }

  /// A step as the recorder keeps it: the state's value, or the index of its outline in
  /// `outlines`. Without an array in it, an entry of plain values is a plain value itself, which
  /// an array appends and frees without calling its type's value witnesses.
  @usableFromInline
  enum Entry {
    case action(Action, time: Duration)
    case mutation(Mutation, fromEffect: Bool, state: State, time: Duration)
    case outlined(Mutation, fromEffect: Bool, outline: Int, time: Duration)
  }

  private let reactorType: String
  private let initialState: ReactorRecording<Action, Mutation, State>.RecordedState
  // Main-actor only, and never accessed re-entrantly: no dynamic exclusivity checks
  // (CONTRIBUTING.md, Performance idioms).
  @exclusivity(unchecked) @usableFromInline var entries: [Entry] = []
  private var outlines: [[String]] = []
  /// Whether the next mutation is one an effect's task delivered; set by the loop.
  @exclusivity(unchecked) @usableFromInline var deliversEffectMutation = false
  /// When the last action was sent: the time of the mutations it makes at once.
  @exclusivity(unchecked) @usableFromInline var lastActionTime = Duration.zero
  /// When the recording started, on a `ContinuousClock` (the clock apps record on), read
  /// without a closure call when `isContinuous`. Not an optional: `Instant` comes from a
  /// library-evolution module, and an optional of it is copied and tested through its value
  /// witnesses at every step.
  @usableFromInline let continuousStart: ContinuousClock.Instant
  @usableFromInline let isContinuous: Bool
  /// The time since the recording started, on any other clock.
  @usableFromInline let elapsed: @Sendable () -> Duration
  @usableFromInline let keepsValues: Bool
  /// The recorder that recorded the reactor before this one started, and still does.
  @exclusivity(unchecked) @usableFromInline var previous: SessionRecorder?
  private weak var runtime: ReactorRuntime<Action, Mutation, State>?

  /// Starts recording `reactor`: on `clock`, or without times (a replay's probe) when it is `nil`.
  init(_ reactor: some Reactor<Action, Mutation, State>, clock: (any Clock<Duration>)?) {
    isContinuous = clock is ContinuousClock
    continuousStart = ContinuousClock.now
    if let clock {
      elapsed = Self.elapsed(on: clock)
    } else {
      elapsed = { .zero }
    }
    keepsValues = Equality.of(State.self) != nil
    reactorType = String(reflecting: type(of: reactor))
    initialState =
      keepsValues
      ? .value(reactor.currentState) : .outline(StateDiff.outline(reactor.currentState, identities: false))
    runtime = reactor.runtime
    previous = reactor.runtime.recorder as? SessionRecorder
    reactor.runtime.recorder = self
  }

  /// Stops recording; ``recording`` stays as it is.
  public func stop() {
    guard let runtime else { return }
    self.runtime = nil
    // Out of the chain of recorders that the loop calls, which starts at the latest.
    if runtime.recorder === self {
      runtime.recorder = previous
    } else {
      var later = runtime.recorder as? SessionRecorder
      while let recorder = later, recorder.previous !== self { later = recorder.previous }
      later?.previous = previous
    }
    previous = nil
  }

  /// Notes that the next mutation is one an effect's task delivered.
  package func noteEffectDelivery() {
    deliversEffectMutation = true
    previous?.noteEffectDelivery()
  }

  /// The time since the recording started.
  @inlinable
  func now() -> Duration {
    if isContinuous { return continuousStart.duration(to: ContinuousClock.now) }
    return elapsed()
  }

  /// Records an action sent to the reactor (by `send` or by its external actions).
  @inlinable
  package func record(_ action: Action) {
    lastActionTime = now()
    entries.append(.action(action, time: lastActionTime))
    if let previous { previous.record(action) }
  }

  /// Records a reduced mutation and the state it published.
  @inlinable
  package func record(_ mutation: Mutation, _ state: State) {
    let fromEffect = deliversEffectMutation
    deliversEffectMutation = false
    // An action's own mutations happen while it is sent: they take its time, read once.
    let time = fromEffect ? now() : lastActionTime
    if keepsValues {
      entries.append(.mutation(mutation, fromEffect: fromEffect, state: state, time: time))
    } else {
      recordOutline(of: state, mutation, fromEffect: fromEffect, time: time)
    }
    if let previous { previous.record(mutation, state) }
  }

  @usableFromInline
  func recordOutline(of state: State, _ mutation: Mutation, fromEffect: Bool, time: Duration) {
    outlines.append(StateDiff.outline(state, identities: false))
    entries.append(.outlined(mutation, fromEffect: fromEffect, outline: outlines.count - 1, time: time))
  }

  /// An entry as a recording's step.
  func step(_ entry: Entry) -> ReactorRecording<Action, Mutation, State>.Step {
    switch entry {
    case .action(let action, let time):
      .init(time: time, event: .action(action))
    case .mutation(let mutation, let fromEffect, let state, let time):
      .init(time: time, event: .mutation(mutation, fromEffect: fromEffect, state: .value(state)))
    case .outlined(let mutation, let fromEffect, let outline, let time):
      .init(
        time: time, event: .mutation(mutation, fromEffect: fromEffect, state: .outline(outlines[outline])))
    }
  }

  private nonisolated static func elapsed<C: Clock<Duration>>(
    on clock: C
  ) -> @Sendable () -> Duration {
    // The clock apps record on, read without going through `Clock`'s generic requirements.
    if let continuous = clock as? ContinuousClock {
      let start = continuous.now
      return { start.duration(to: ContinuousClock.now) }
    }
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
    SessionRecorder(self, clock: clock as (any Clock<Duration>)?)
  }
}
