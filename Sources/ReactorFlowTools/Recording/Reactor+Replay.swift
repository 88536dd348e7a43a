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
    try replaySteps(recording, checkpoints: nil)
  }

  /// Replays `recording` (see ``replay(_:)``), and keeps in `checkpoints` a state to reduce from
  /// every so many mutations.
  ///
  /// Inlinable, so that the loop runs specialized for the reactor's types: the replay records
  /// itself with a probe (a ``SessionRecorder`` without a clock) that the reactor's loop calls, and
  /// compares the probe's entries with the recorded steps as they come. Everything else (checks,
  /// changes, messages) is out of line in ``ReplayCheck``.
  @inlinable
  func replaySteps(
    _ recording: ReactorRecording<Action, Mutation, State>, checkpoints: ReplayCheckpoints<State>?
  ) throws {
    let check = try ReplayCheck(recording, into: self)
    defer { check.probe.stop() }
    let recordedSteps = recording.steps
    for index in recordedSteps.indices {
      if let checkpoints { check.keep(checkpoints, before: index) }
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
          // changes, and says how they differ.
          try check.verify(at: index)
          continue
        }
      }
    }
    try check.verifyEnd()
    if let checkpoints { check.keep(checkpoints, before: recordedSteps.count) }
  }
}

/// The states a replay keeps for ``TimeTravel``: the state to reduce from (before
/// `transform(state:)`) after every so many mutations, which the mutations after it rebuild
/// any later state from.
@MainActor
@usableFromInline
final class ReplayCheckpoints<State> {
  /// How many mutations apart the states are kept.
  let interval: Int
  /// Each kept state, after the number of mutations it follows.
  private(set) var states: [(mutations: Int, state: State)] = []

  init(interval: Int) {
    self.interval = interval
  }

  /// Keeps `state`, which follows `mutations` mutations, if it is `interval` mutations after the
  /// last one kept, or `always`.
  func keep(_ state: State, after mutations: Int, always: Bool = false) {
    guard always || states.last.map({ mutations - $0.mutations >= interval }) ?? true,
      states.last?.mutations != mutations
    else { return }
    states.append((mutations, state))
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
  private let runtime: ReactorRuntime<Action, Mutation, State>
  /// The replayed state before the first mutation: what the first step's changes apply to.
  private let initial: State
  /// The recorded outline of the last step compared, when it was one: what the next step's
  /// changes of lines apply to.
  private var recordedOutline: [String]?
  /// How many mutations the recording has before the step `keep(_:before:)` was given last.
  private var mutationsBefore = 0

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
    if case .changes = recording.initialState {
      throw RecordingError.malformedStep(step: 0, reason: "the initial state is changes, not a whole state")
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
    self.runtime = runtime
    self.initial = initial
    if case .outline(let lines) = recording.initialState { recordedOutline = lines }
    self.isEqual = isEqual
    self.isSameMutation =
      Equality.of(Mutation.self) ?? { String(reflecting: $0) == String(reflecting: $1) }
    runtime.isReplaying = true
    probe = SessionRecorder(reactor, clock: nil)
    steps = probe.steps
    steps.entries.reserveCapacity(recording.steps.count)
  }

  /// Checks the mutation step at `index` in full, after the quick check failed, or throws the
  /// divergence. Then lets go of the replayed states before it: the probe keeps the last one,
  /// which the next step's changes apply to.
  @usableFromInline
  func verify(at index: Int) throws {
    guard case .mutation(let mutation, let fromEffect, let recordedState) = recording.steps[index].event
    else { return }
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
    if let difference = try stateDifference(at: index, recordedState, replayedState) {
      differences.append("the state differs (− recorded, + replayed):\n\(difference)")
    }
    guard differences.isEmpty else {
      throw ReplayDivergence(step: index + 1, recorded: name, difference: differences.joined(separator: "\n"))
    }
    let description: Int? =
      if case .described(_, _, let description, _) = replayed[index] { description } else { nil }
    forget(before: index, outline: description)
  }

  /// Lets go of the replayed states before `index` and of the outline `outline`, compared.
  private func forget(before index: Int, outline: Int?) {
    steps.forgetStates(before: index)
    if let outline { probe.log?.forget(outline) }
  }

  /// How the state the replay published at `index` differs from the recorded one, or `nil`.
  private func stateDifference(
    at index: Int, _ recorded: Recording.RecordedState, _ replayed: Recording.RecordedState
  ) throws -> String? {
    let replayedLines: () -> [String] = {
      switch replayed {
      case .value(let state): StateDiff.outline(state, identities: false)
      case .outline(let lines): lines
      case .changes: []
      }
    }
    switch recorded {
    case .value, .outline:
      recordedOutline = recorded.outlineLines
      if case .value(let state) = replayed { return Self.difference(recorded, state, isEqual) }
      let lines = replayedLines()
      guard recorded.outlineLines != lines else { return nil }
      return StateDiff.changedFields(expected: recorded.outlineLines ?? [], actual: lines)
    case .changes(let changes):
      switch changes.storage {
      case .fields(let fields):
        recordedOutline = nil
        guard case .value(let state) = replayed else {
          throw RecordingError.malformedStep(
            step: index + 1, reason: "changes of fields, but \(State.self) is not kept as a value")
        }
        return try difference(
          fields, previous: replayedState(before: index), replayed: state, step: index + 1)
      case .lines(let splices):
        guard let base = recordedOutline else {
          throw RecordingError.malformedStep(
            step: index + 1, reason: "changes of outline lines, but the state before them is not an outline")
        }
        let outline: [String]
        do {
          outline = try Splicing.apply(splices, to: base)
        } catch {
          throw RecordingError.malformedStep(step: index + 1, reason: error.reason)
        }
        recordedOutline = outline
        let lines = replayedLines()
        guard outline != lines else { return nil }
        return StateDiff.changedFields(expected: outline, actual: lines)
      }
    }
  }

  /// How `replayed` differs from the recorded state: `previous` (the replayed state before it,
  /// which was the recorded one) with the recorded `changes`. Compared field by field, and only
  /// when a field differs rebuilt whole, to be compared as a value (`==`) and shown.
  private func difference(
    _ changes: [FieldChange], previous: State, replayed: State, step: Int
  ) throws -> String? {
    guard let old = StateFields(of: previous), let new = StateFields(of: replayed) else {
      throw RecordingError.malformedStep(
        step: step, reason: "changes of fields, but \(State.self) has no fields to apply them to")
    }
    let recorded: StateFields
    do {
      recorded = try old.applying(changes)
    } catch {
      throw RecordingError.malformedStep(step: step, reason: error.reason)
    }
    if recorded.keys == new.keys && zip(recorded.values, new.values).allSatisfy(StateFields.isSame) {
      return nil
    }
    if let state = recorded.state(as: State.self) {
      return Self.difference(.value(state), replayed, isEqual)
    }
    // A state that does not decode from its fields: the fields that differ, each outlined.
    var expected: [String] = []
    var actual: [String] = []
    for (index, key) in recorded.keys.enumerated() {
      let value = new.value(of: key)
      guard value.map({ !StateFields.isSame(recorded.values[index], $0) }) ?? true else { continue }
      expected += StateDiff.outline(recorded.values[index], label: key, depth: 0)
      actual += value.map { StateDiff.outline($0, label: key, depth: 0) } ?? []
    }
    return StateDiff.changedFields(expected: expected, actual: actual)
  }

  /// The state the replay published at the last mutation before `index`, or the initial state.
  private func replayedState(before index: Int) -> State {
    let entries = steps.entries
    for entry in entries[..<min(index, entries.count)].reversed() {
      switch entry {
      case .action: continue
      case .mutation(_, _, let state, _): return state
      case .described: return initial
      }
    }
    return initial
  }

  /// Keeps in `checkpoints` the state to reduce from before the step at `index`, when the
  /// runtime holds it then: before an action is sent or an effect's mutation fed in, every
  /// recorded mutation before it has been reduced, and none after it.
  @usableFromInline
  func keep(_ checkpoints: ReplayCheckpoints<State>, before index: Int) {
    let isMutation: Bool
    let isReducedLater: Bool
    if index < recording.steps.count, case .mutation(_, let fromEffect, _) = recording.steps[index].event {
      isMutation = true
      isReducedLater = fromEffect
    } else {
      isMutation = false
      isReducedLater = true
    }
    if isReducedLater, let state = runtime.stateToReduce {
      checkpoints.keep(state, after: mutationsBefore, always: index == recording.steps.count)
    }
    if isMutation { mutationsBefore += 1 }
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
    case .changes:
      return "the recorded state is changes, with no state before them"
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
