extension Reactor {
  /// Replays a recording into this reactor, which must be fresh (just created, or observed but
  /// not yet sent anything): the recorded
  /// actions are sent, effects start no task, and the mutations that effects sent are fed in
  /// where they were recorded. After every mutation, the published state must be the recorded
  /// one (`==` when `State` is `Equatable`, the same outline otherwise), and each mutation an
  /// action makes (`mutate` as it is now) must be the recorded one.
  ///
  /// ```swift
  /// let recording = try JSONDecoder().decode(MainReactor.Recording.self, from: data)
  /// let reactor = MainReactor()
  /// try reactor.replay(recording)
  /// reactor.currentState  // the state the session ended with
  /// ```
  /// The reactor keeps its effects off afterwards: it shows the session, it does not go on with it.
  /// Actions that an asynchronous `transform(action:)` produced are not replayed.
  /// - Parameter recording: The session to replay.
  /// - Throws: ``RecordingError`` when the recording cannot be used (another reactor, a reactor
  ///   that already started, another initial state), before anything changed;
  ///   ``ReplayDivergence`` at the first step whose state or action's mutation differs from the
  ///   recorded one.
  public func replay(_ recording: ReactorRecording<Action, Mutation, State>) throws {
    _ = try replayStates(recording)
  }

  /// Replays `recording` (see ``replay(_:)``) and returns the states it published: the initial
  /// state, then one after each recorded mutation.
  func replayStates(_ recording: ReactorRecording<Action, Mutation, State>) throws -> [State] {
    let type = String(reflecting: Swift.type(of: self))
    guard recording.reactorType == type else {
      throw RecordingError.otherReactor(recorded: recording.reactorType, expected: type)
    }
    let isEqual = Equality.of(State.self)
    let isSameMutation = Equality.of(Mutation.self) ?? { String(reflecting: $0) == String(reflecting: $1) }
    // A reactor that views already observe has started; it is still fresh if nothing changed
    // its state and no effect of an action runs.
    let hasStarted = runtime.publishedState != nil
    let initial = hasStarted ? currentState : transform(state: initialState)
    let initialDifference = Self.difference(recording.initialState, initial, isEqual)
    guard !hasStarted || (initialDifference == nil && runtime.activeEffectCount == 0) else {
      throw RecordingError.reactorAlreadyStarted(type)
    }
    if let initialDifference {
      throw RecordingError.differentInitialState(diff: initialDifference)
    }

    runtime.installedAttachments.isReplaying = true
    var published: [State] = []
    var reduced: [Mutation] = []
    published.reserveCapacity(recording.steps.count)
    reduced.reserveCapacity(recording.steps.count)
    let token = inspect { event in
      switch event {
      case .mutation(let mutation, _): reduced.append(mutation)
      case .state(_, let new): published.append(new)
      default: break
      }
    }
    defer { token.cancel() }
    var states = [currentState]
    states.reserveCapacity(recording.steps.count + 1)
    var lastAction: Action?
    for (index, step) in recording.steps.enumerated() {
      guard case .mutation(let mutation, let fromEffect, let recorded) = step.event else {
        if case .action(let action) = step.event {
          lastAction = action
          send(action)
        }
        continue
      }
      // An action's own mutations were reduced when it was sent; an effect's are fed in now.
      if fromEffect { runtime.receive(mutation, self) }
      guard states.count <= published.count else {
        throw ReplayDivergence(
          step: index + 1, recorded: Self.name(mutation, fromEffect: fromEffect),
          difference: "the recording has this mutation, but the replay did not produce it")
      }
      var differences: [String] = []
      // An effect's mutation is the recorded one itself; an action's comes from `mutate` as it
      // is now, so a changed `mutate` shows here even when the state does not record the change.
      let replayedMutation = reduced[states.count - 1]
      if !fromEffect && !isSameMutation(replayedMutation, mutation) {
        let action = lastAction.map { Self.short($0) } ?? "?"
        differences.append(
          "the action \(action) made another mutation (− recorded, + replayed):\n"
            + "− \(Self.short(mutation))\n+ \(Self.short(replayedMutation))")
      }
      let state = published[states.count - 1]
      states.append(state)
      if let difference = Self.difference(recorded, state, isEqual) {
        differences.append("the state differs (− recorded, + replayed):\n\(difference)")
      }
      guard differences.isEmpty else {
        throw ReplayDivergence(
          step: index + 1, recorded: Self.name(mutation, fromEffect: fromEffect),
          difference: differences.joined(separator: "\n"))
      }
    }
    guard published.count == states.count - 1 else {
      throw ReplayDivergence(
        step: recording.steps.count + 1, recorded: "the end of the recording",
        difference: "the replay produced \(published.count - states.count + 1) more mutation(s)")
    }
    return states
  }

  /// How a replayed state differs from the recorded one: the changed fields of their outlines,
  /// or `nil` when they are the same (`==` for a value, the same outline otherwise).
  private static func difference(
    _ recorded: ReactorRecording<Action, Mutation, State>.RecordedState, _ replayed: State,
    _ isEqual: ((State, State) -> Bool)?
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

  private static func name(_ mutation: Mutation, fromEffect: Bool) -> String {
    "mutation \(short(mutation))\(fromEffect ? " from an effect" : "")"
  }

  /// A value's description, cut after 120 characters.
  private static func short(_ value: Any) -> String {
    let text = String(describing: value)
    return text.count > 120 ? text.prefix(120) + "…" : text
  }
}
