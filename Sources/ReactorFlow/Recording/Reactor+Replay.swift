extension Reactor {
  /// Replays a recording into this reactor, which must be fresh (just created, or observed but
  /// not yet sent anything): the recorded
  /// actions are sent, effects start no task, and the mutations that effects sent are fed in
  /// where they were recorded. After every mutation, the published state must be the recorded
  /// one, and each mutation an action makes (`mutate` as it is now) must be the recorded one.
  ///
  /// ```swift
  /// let recording = try JSONDecoder().decode(
  ///   ReactorRecording<MainReactor.Action, MainReactor.Mutation>.self, from: data)
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
  public func replay(_ recording: ReactorRecording<Action, Mutation>) throws {
    _ = try replayStates(recording)
  }

  /// Replays `recording` (see ``replay(_:)``) and returns the states it published: the initial
  /// state, then one after each recorded mutation.
  func replayStates(_ recording: ReactorRecording<Action, Mutation>) throws -> [State] {
    let type = String(reflecting: Swift.type(of: self))
    guard recording.reactorType == type else {
      throw RecordingError.otherReactor(recorded: recording.reactorType, expected: type)
    }
    // A reactor that views already observe has started; it is still fresh if nothing changed
    // its state and no effect of an action runs.
    let hasStarted = runtime.publishedState != nil
    let initial = StateDiff.outline(
      hasStarted ? currentState : transform(state: initialState), identities: false)
    guard !hasStarted || (initial == recording.initialState && runtime.activeEffectCount == 0) else {
      throw RecordingError.reactorAlreadyStarted(type)
    }
    guard initial == recording.initialState else {
      throw RecordingError.differentInitialState(
        diff: StateDiff.lines(expected: recording.initialState, actual: initial))
    }

    runtime.installedAttachments.isReplaying = true
    var published: [State] = []
    var reduced: [Mutation] = []
    let token = inspect { event in
      switch event {
      case .mutation(let mutation, _): reduced.append(mutation)
      case .state(_, let new): published.append(new)
      default: break
      }
    }
    defer { token.cancel() }
    var states = [currentState]
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
      let name = "mutation \(Self.short(mutation))\(fromEffect ? " from an effect" : "")"
      guard states.count <= published.count else {
        throw ReplayDivergence(
          step: index + 1, recorded: name,
          difference: "the recording has this mutation, but the replay did not produce it")
      }
      var differences: [String] = []
      // An effect's mutation is the recorded one itself; an action's comes from `mutate` as it
      // is now, so a changed `mutate` shows here even when the state does not record the change.
      let replayedMutation = reduced[states.count - 1]
      if !fromEffect && !Self.isSame(replayedMutation, mutation) {
        let action = lastAction.map { Self.short($0) } ?? "?"
        differences.append(
          "the action \(action) made another mutation (− recorded, + replayed):\n"
            + "− \(Self.short(mutation))\n+ \(Self.short(replayedMutation))")
      }
      let state = published[states.count - 1]
      states.append(state)
      let replayed = StateDiff.outline(state, identities: false)
      if replayed != recorded {
        differences.append(
          "the state differs (− recorded, + replayed):\n"
            + Self.excerpt(StateDiff.lines(expected: recorded, actual: replayed)))
      }
      guard differences.isEmpty else {
        throw ReplayDivergence(
          step: index + 1, recorded: name, difference: differences.joined(separator: "\n"))
      }
    }
    guard published.count == states.count - 1 else {
      throw ReplayDivergence(
        step: recording.steps.count + 1, recorded: "the end of the recording",
        difference: "the replay produced \(published.count - states.count + 1) more mutation(s)")
    }
    return states
  }

  /// Whether two mutations are the same: `==` when the type is `Equatable`, otherwise the same
  /// description.
  private static func isSame(_ lhs: Mutation, _ rhs: Mutation) -> Bool {
    if let lhs = lhs as? any Equatable { return isEqual(lhs, rhs) }
    return String(reflecting: lhs) == String(reflecting: rhs)
  }

  private static func isEqual<Value: Equatable>(_ lhs: Value, _ rhs: Any) -> Bool {
    lhs == rhs as? Value
  }

  /// A value's description, cut after 120 characters.
  private static func short(_ value: Any) -> String {
    let text = String(describing: value)
    return text.count > 120 ? text.prefix(120) + "…" : text
  }

  /// The part of a diff around its first changes: a few lines before the first, then at most 40.
  private static func excerpt(_ diff: String) -> String {
    let lines = diff.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.count > 48,
      let first = lines.firstIndex(where: { $0.hasPrefix("−") || $0.hasPrefix("+") })
    else { return diff }
    let start = max(first - 6, 0)
    let end = min(start + 40, lines.count)
    var shown = lines[start..<end].joined(separator: "\n")
    if start > 0 { shown = "  …\n" + shown }
    if end < lines.count { shown += "\n  … \(lines.count - end) more lines" }
    return shown
  }
}
