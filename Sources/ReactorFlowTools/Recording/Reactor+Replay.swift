import ReactorFlow

extension Reactor {
  /// Replays a recording into this reactor, which must be fresh (just created, or observed but
  /// not yet sent anything): the recorded actions are sent, effects start no task, and the
  /// mutations that effects sent are fed in where they were recorded. After every mutation, the
  /// published state must be the recorded one (`==` when `State` is `Equatable`, the same outline
  /// otherwise), and each mutation an action makes (`mutate` as it is now) must be the recorded
  /// one.
  ///
  /// ```swift
  /// let recording = try JSONDecoder().decode(MainReactor.Recording.self, from: data)
  /// let reactor = MainReactor()
  /// try reactor.replay(recording)
  /// let state = reactor.currentState  // the state the session ended with
  /// ```
  /// The reactor keeps its effects off afterwards: it shows the session, it does not go on with it.
  /// Actions that an asynchronous `transform(action:)` produced are not replayed.
  /// - Parameter recording: The session to replay.
  /// - Throws: ``RecordingError`` when the recording cannot be used (another reactor, a reactor
  ///   that already started, another initial state), before anything changed;
  ///   ``ReplayDivergence`` at the first step whose state or action's mutation differs from the
  ///   recorded one.
  @inlinable
  public func replay(_ recording: ReactorRecording<Action, Mutation, State>) throws {
    _ = try replayStates(recording, keepingStates: false)
  }

  /// Replays `recording` (see ``replay(_:)``) and returns the states it published: the initial
  /// state, then one after each recorded mutation (none unless `keepingStates`).
  ///
  /// Inlinable, so that the loop runs specialized for the reactor's types: the replay records
  /// itself with a probe (a ``SessionRecorder`` without a clock) that the reactor's loop calls, and
  /// compares the probe's entries with the recorded steps as they come. Everything else (checks,
  /// messages) is out of line in ``ReplayCheck``.
  @inlinable
  func replayStates(
    _ recording: ReactorRecording<Action, Mutation, State>, keepingStates: Bool
  ) throws -> [State] {
    let check = try ReplayCheck(recording, into: self)
    defer { check.probe.stop() }
    let recordedSteps = recording.steps
    var states: [State] = []
    if keepingStates {
      states.reserveCapacity(recordedSteps.count + 1)
      states.append(currentState)
    }
    for index in recordedSteps.indices {
      switch recordedSteps[index].event {
      case .action(let action):
        send(action)
      case .mutation(let mutation, let fromEffect, let recordedState):
        // An action's own mutations were reduced when it was sent; an effect's are fed in now.
        if fromEffect { runtime.receive(mutation, self) }
        let replayed = check.steps.entries
        guard index < replayed.count,
          case .mutation(let replayedMutation, _, let state, _) = replayed[index],
          fromEffect || check.isSameMutation(replayedMutation, mutation),
          case .value(let recordedValue) = recordedState,
          let isEqual = check.isEqual, isEqual(recordedValue, state)
        else {
          // Not equal as values: compared again out of line, which also compares outlines and
          // says how they differ.
          if let state = try check.verify(at: index) {
            if keepingStates { states.append(state) }
          }
          continue
        }
        if keepingStates { states.append(state) }
      }
    }
    try check.verifyEnd()
    return states
  }
}

/// A replay's checks and messages, out of line so that the inlinable loop stays small: whether
/// the recording fits the reactor, and how a step differs when it does not match at once.
@MainActor
@usableFromInline
final class ReplayCheck<Action: Sendable, Mutation: Sendable, State> {
  typealias Recording = ReactorRecording<Action, Mutation, State>

  /// The recorder of the replay itself: the loop appends each action and mutation to its entries.
  @usableFromInline let probe: SessionRecorder<Action, Mutation, State>
  /// The probe's steps, which the loop reads at every step.
  @usableFromInline let steps: StepRecorder<Action, Mutation, State>
  /// `==` of `State`, when it is `Equatable`.
  @usableFromInline let isEqual: ((State, State) -> Bool)?
  /// `==` of `Mutation`, or the same description.
  @usableFromInline let isSameMutation: (Mutation, Mutation) -> Bool
  private let recording: Recording

  /// Checks that `recording` can be replayed into `reactor`, then starts the replay: effects off,
  /// the probe attached.
  @usableFromInline
  init(
    _ recording: ReactorRecording<Action, Mutation, State>,
    into reactor: some Reactor<Action, Mutation, State>
  ) throws {
    let type = String(reflecting: Swift.type(of: reactor))
    guard recording.reactorType == type else {
      throw RecordingError.otherReactor(recorded: recording.reactorType, expected: type)
    }
    let isEqual = Equality.of(State.self)
    // A reactor that views already observe has started; it is still fresh if nothing changed
    // its state and no effect of an action runs.
    let runtime = reactor.runtime
    let hasStarted = runtime.hasStarted
    let initial = hasStarted ? reactor.currentState : reactor.transform(state: reactor.initialState)
    let initialDifference = Self.difference(recording.initialState, initial, isEqual)
    guard !hasStarted || (initialDifference == nil && runtime.activeEffectCount == 0) else {
      throw RecordingError.reactorAlreadyStarted(type)
    }
    if let initialDifference {
      throw RecordingError.differentInitialState(diff: initialDifference)
    }
    self.recording = recording
    self.isEqual = isEqual
    self.isSameMutation =
      Equality.of(Mutation.self) ?? { String(reflecting: $0) == String(reflecting: $1) }
    runtime.isReplaying = true
    probe = SessionRecorder(reactor, clock: nil)
    steps = probe.steps
    steps.entries.reserveCapacity(recording.steps.count)
  }

  /// Checks the mutation step at `index` in full, after the quick check failed: returns the
  /// replayed state, or throws the divergence.
  @usableFromInline
  func verify(at index: Int) throws -> State? {
    guard case .mutation(let mutation, let fromEffect, let recordedState) = recording.steps[index].event
    else { return nil }
    let name = "mutation \(named(mutation))\(fromEffect ? " from an effect" : "")"
    let replayed = probe.steps.entries
    guard index < replayed.count,
      case .mutation(let replayedMutation, _, let replayedState) = probe.step(replayed[index]).event
    else {
      throw ReplayDivergence(
        step: index + 1, recorded: name,
        difference: "the recording has this mutation, but the replay did not produce it")
    }
    var differences: [String] = []
    // An effect's mutation is the recorded one itself; an action's comes from `mutate` as it
    // is now, so a changed `mutate` shows here even when the state does not record the change.
    if !fromEffect && !isSameMutation(replayedMutation, mutation) {
      let action = lastAction(before: index).map(named) ?? "?"
      differences.append(
        "the action \(action) made another mutation (− recorded, + replayed):\n"
          + "− \(named(mutation))\n+ \(named(replayedMutation))"
      )
    }
    var state: State?
    if case .value(let value) = replayedState {
      state = value
      if let difference = Self.difference(recordedState, value, isEqual) {
        differences.append("the state differs (− recorded, + replayed):\n\(difference)")
      }
    } else if case .outline(let lines) = replayedState, recordedState.outlineLines != lines {
      let difference = StateDiff.changedFields(expected: recordedState.outlineLines ?? [], actual: lines)
      differences.append("the state differs (− recorded, + replayed):\n\(difference)")
    }
    guard differences.isEmpty else {
      throw ReplayDivergence(step: index + 1, recorded: name, difference: differences.joined(separator: "\n"))
    }
    return state
  }

  /// A mutation or an action as a divergence names it: its description without the prefixes of
  /// the reactor's modules, cut after 120 characters.
  private func named(_ value: Any) -> String {
    let modules = modulesNaming(Action.self, Mutation.self, State.self)
    return shortDescription(
      of: withoutModulePrefixes(String(describing: value), modules: modules), limit: 120)
  }

  /// Checks that the replay produced nothing more than the recording holds.
  @usableFromInline
  func verifyEnd() throws {
    guard probe.steps.entries.count > recording.steps.count else { return }
    let mutations = probe.steps.entries[recording.steps.count...].filter {
      if case .action = $0 { return false }
      return true
    }
    guard !mutations.isEmpty else { return }
    throw ReplayDivergence(
      step: recording.steps.count + 1, recorded: "the end of the recording",
      difference: "the replay produced \(mutations.count) more mutation(s)")
  }

  private func lastAction(before index: Int) -> Action? {
    for step in recording.steps[..<index].reversed() {
      if case .action(let action) = step.event { return action }
    }
    return nil
  }

  /// How a replayed state differs from the recorded one: the changed fields of their outlines,
  /// or `nil` when they are the same (`==` for a value, the same outline otherwise).
  static func difference(
    _ recorded: Recording.RecordedState, _ replayed: State, _ isEqual: ((State, State) -> Bool)?
  ) -> String? {
    let old: [String]
    switch recorded {
    case .value(let value):
      if let isEqual, isEqual(value, replayed) { return nil }
      old = StateDiff.outline(value, identities: false)
    case .outline(let lines):
      old = lines
    }
    let new = StateDiff.outline(replayed, identities: false)
    if old == new {
      guard isEqual != nil, case .value = recorded else { return nil }
      return "the states are not == but their outlines are the same: `==` compares something "
        + "the outline does not show (an identity, or a custom ==)"
    }
    return StateDiff.changedFields(expected: old, actual: new)
  }
}

extension ReactorRecording.RecordedState {
  /// The outline, when the state is kept as one.
  fileprivate var outlineLines: [String]? {
    if case .outline(let lines) = self { return lines }
    return nil
  }
}
