/// The loop's side of a session recording: the steps of one reactor as the loop records them,
/// from a recorder's start until its `stop()`.
///
/// ReactorFlowTools' `SessionRecorder` makes one and turns its entries into a recording; a replay
/// makes one as its probe. It lives in the engine so that the loop calls it directly, in code
/// specialized for the reactor's types: a recorded step then costs a copy and an append (the
/// `recording` and `replay-step` instruction counts guard it).
@MainActor
@usableFromInline
package final class StepRecorder<Action: Sendable, Mutation: Sendable, State> {
  /// A step as the recorder keeps it: the state's value, or the index of what `describe` made of
  /// it (ReactorFlowTools keeps that: the state's changes, or its outline). Without an array in
  /// it, an entry of plain values is a plain value itself, which an array appends and frees
  /// without calling its type's value witnesses.
  @usableFromInline
  package enum Entry {
    case action(Action, time: Duration)
    case mutation(Mutation, fromEffect: Bool, state: State, time: Duration)
    case described(Mutation, fromEffect: Bool, description: Int, time: Duration)
  }

  // Main-actor only, and never accessed re-entrantly: no dynamic exclusivity checks
  // (CONTRIBUTING.md, Performance idioms).
  @exclusivity(unchecked) @usableFromInline package var entries: [Entry] = []
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
  /// Whether states are kept as values; otherwise `describe` keeps what it needs of each, and
  /// returns its index.
  @usableFromInline let keepsValues: Bool
  let describe: (State) -> Int
  /// The recorder that recorded the reactor before this one started, and still does.
  @exclusivity(unchecked) @usableFromInline var previous: StepRecorder?
  private weak var runtime: ReactorRuntime<Action, Mutation, State>?
  /// How many entries `forgetStates(before:)` went through.
  private var forgotten = 0

  /// Starts recording the reactor whose runtime is `runtime`: on `clock`, or without times (a
  /// replay's probe) when it is `nil`. States are kept as values when `keepsValues`, else
  /// `describe` is given each.
  package init(
    _ runtime: ReactorRuntime<Action, Mutation, State>, clock: (any Clock<Duration>)?, keepsValues: Bool,
    describe: @escaping (State) -> Int
  ) {
    isContinuous = clock is ContinuousClock
    continuousStart = ContinuousClock.now
    if let clock {
      elapsed = Self.elapsed(on: clock)
    } else {
      elapsed = { .zero }
    }
    self.keepsValues = keepsValues
    self.describe = describe
    self.runtime = runtime
    let attachments = runtime.installedAttachments
    previous = attachments.recorder
    attachments.recorder = self
  }

  /// Stops recording; the entries stay as they are.
  package func stop() {
    guard let attachments = runtime?.attachments else { return }
    runtime = nil
    // Out of the chain of recorders that the loop calls, which starts at the latest.
    if attachments.recorder === self {
      attachments.recorder = previous
    } else {
      var later = attachments.recorder
      while let recorder = later, recorder.previous !== self { later = recorder.previous }
      later?.previous = previous
    }
    previous = nil
  }

  /// Notes that the next mutation is one an effect's task delivered.
  func noteEffectDelivery() {
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
  func record(_ action: Action) {
    lastActionTime = now()
    entries.append(.action(action, time: lastActionTime))
    if let previous { previous.record(action) }
  }

  /// Records a reduced mutation and the state it published.
  @inlinable
  func record(_ mutation: Mutation, _ state: State) {
    let fromEffect = deliversEffectMutation
    deliversEffectMutation = false
    // An action's own mutations happen while it is sent: they take its time, read once.
    let time = fromEffect ? now() : lastActionTime
    if keepsValues {
      entries.append(.mutation(mutation, fromEffect: fromEffect, state: state, time: time))
    } else {
      recordDescribed(state, mutation, fromEffect: fromEffect, time: time)
    }
    if let previous { previous.record(mutation, state) }
  }

  @usableFromInline
  func recordDescribed(_ state: State, _ mutation: Mutation, fromEffect: Bool, time: Duration) {
    let description = describe(state)
    entries.append(.described(mutation, fromEffect: fromEffect, description: description, time: time))
  }

  /// Lets go of the states of the entries before `end`, which a replay has compared, so that a
  /// long replay of a large state keeps no more than the last one. Their mutations stay.
  package func forgetStates(before end: Int) {
    let end = min(end, entries.count)
    guard forgotten < end else { return }
    for index in forgotten..<end {
      guard case .mutation(let mutation, let fromEffect, _, let time) = entries[index] else { continue }
      entries[index] = .described(mutation, fromEffect: fromEffect, description: -1, time: time)
    }
    forgotten = end
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

extension ReactorRuntime {
  /// Whether a replay turned effects off: an effect then starts no task, so that only the
  /// synchronous mutations of each action and the recorded ones of effects are reduced.
  @usableFromInline package var isReplaying: Bool {
    get { attachments?.isReplaying ?? false }
    set { installedAttachments.isReplaying = newValue }
  }

  /// Whether the runtime has started: its state was read, an action sent or it was observed.
  package var hasStarted: Bool { reducedState != nil }

  /// The state before `transform(state:)`, which the next mutation is reduced from: where a
  /// time-travelling view reduces recorded mutations from to rebuild a past state.
  package var stateToReduce: State? { reducedState }

  /// Publishes `state` as it is (no `reduce`, no `transform(state:)`) and notifies the
  /// observers: a time-travelling view's step.
  package func publish(_ state: State) {
    publishedState = state
    attachments?.inspectors?.lastState = state
    if !observers.isEmpty { notify(state) }
  }
}
