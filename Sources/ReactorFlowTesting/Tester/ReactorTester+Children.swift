@_spi(Testing) import ReactorFlow
import ReactorFlowTools

/// An output that a child delivered to the tester's reactor (or that the reactor under test
/// announced), waiting for ``ReactorTester/receiveOutput(_:timeout:fileID:filePath:line:column:)``.
struct ReceivedOutput {
  let output: any Sendable
  /// The type of the reactor that announced it.
  let source: Any.Type
}

/// A child that the test sent to, held weakly: it must not be left with effects running even
/// after the state dropped it.
@MainActor
struct SentChild {
  let id: ObjectIdentifier
  let type: Any.Type
  /// The child's running effects, or `nil` once it was released.
  let activeEffectCount: @MainActor () -> Int?
}

extension ReactorTester {
  // MARK: - Children

  /// Sends an action to a child reactor that the reactor's state holds, and checks the child's
  /// state right after it.
  ///
  /// The child is found through the reactor: `to` is a key path of the reactor's state
  /// (`\.detail`, `\.rows[id: 3]`, `\.path.top`). What the child announces reaches the reactor as
  /// the actions its `adopt(_:output:)` maps the outputs to: receive each output with
  /// ``receiveOutput(_:timeout:fileID:filePath:line:column:)`` and each mutation of the reactor
  /// that follows with ``receive(_:timeout:assert:fileID:filePath:line:column:)``, in exhaustive
  /// mode as for any effect. ``finish(timeout:fileID:filePath:line:column:)`` fails while a child
  /// (held by the state, or sent to and still alive) has effects running.
  ///
  /// ```swift
  /// await tester.send(.edit) { $0.editor = tester.state.editor }
  /// await tester.send(.cancel, to: \.editor)  // the editor's state does not change
  /// await tester.receiveOutput(EditorReactor.Output.didCancel)
  /// await tester.receive(.setEditor(nil)) { $0.editor = nil }
  /// ```
  /// - Parameters:
  ///   - action: The child's action.
  ///   - child: Where the reactor's state holds the child.
  ///   - updateStateToExpectedResult: Turns the child's state before the action into its
  ///     expected state after it; without it, the action must not change the child's state.
  ///   - fileID: The test's file, for failures.
  ///   - filePath: The test's file path, for failures.
  ///   - line: The test's line, for failures.
  ///   - column: The test's column, for failures.
  /// - Returns: The handle of the child's effects for the action, or `nil` when the state holds
  ///   no child there (a failure).
  @discardableResult
  public func send<C: Reactor>(
    _ action: C.Action,
    to child: KeyPath<R.State, Child<C>?>,
    assert updateStateToExpectedResult: ((inout C.State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> ReactorTask? {
    await send(
      action, to: reactor.currentState[keyPath: child], at: child, updateStateToExpectedResult,
      SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Sends an action to a child reactor that the reactor's state always holds, and checks the
  /// child's state right after it, like the overload for an optional child.
  /// - Parameters:
  ///   - action: The child's action.
  ///   - child: Where the reactor's state holds the child.
  ///   - updateStateToExpectedResult: Turns the child's state before the action into its
  ///     expected state after it; without it, the action must not change the child's state.
  ///   - fileID: The test's file, for failures.
  ///   - filePath: The test's file path, for failures.
  ///   - line: The test's line, for failures.
  ///   - column: The test's column, for failures.
  /// - Returns: The handle of the child's effects for the action.
  @discardableResult
  public func send<C: Reactor>(
    _ action: C.Action,
    to child: KeyPath<R.State, Child<C>>,
    assert updateStateToExpectedResult: ((inout C.State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> ReactorTask? {
    await send(
      action, to: reactor.currentState[keyPath: child], at: child, updateStateToExpectedResult,
      SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Waits for the next output that a child delivered to the reactor (or that the reactor under
  /// test announced, when it is an `OutputReactor` that no parent adopted), and checks that it is
  /// `expected`.
  ///
  /// Outputs are received in the order they were announced, apart from the reactor's mutations:
  /// an output comes right after the child's state change, and before the mutations of the
  /// action the parent maps it to. It waits like ``receive(_:timeout:assert:fileID:filePath:line:column:)``.
  /// - Parameters:
  ///   - expected: The output, for example `DetailReactor.Output.didClose`; its type must be
  ///     `Equatable`.
  ///   - timeout: The wait bound for this call; ``timeout`` by default.
  ///   - fileID: The test's file, for failures.
  ///   - filePath: The test's file path, for failures.
  ///   - line: The test's line, for failures.
  ///   - column: The test's column, for failures.
  public func receiveOutput<Output: Sendable>(
    _ expected: Output,
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    lastLocation = location
    guard let equal = DynamicEquality.comparator(for: Output.self) else {
      reportFailure(
        """
        receiveOutput(_:) compares outputs with ==, and \(Output.self) is not Equatable. Fix: \
        declare it `Equatable` (`enum Output: Equatable, Sendable`).
        """,
        at: location)
      return
    }
    let matches = { (entry: ReceivedOutput) in (entry.output as? Output).map { equal($0, expected) } ?? false
    }
    let timeout = timeout ?? self.timeout
    let outcome = await waitForEffects(timeout: timeout) {
      self.exhaustivity == .on
        ? !self.receivedOutputs.isEmpty : self.receivedOutputs.contains(where: matches)
    }
    guard
      let index = exhaustivity == .on
        ? receivedOutputs.indices.first : receivedOutputs.firstIndex(where: matches)
    else {
      let reason =
        switch outcome {
        case .done, .idle:
          "nothing that the test started can announce it any more"
        case .stuck: "it did not arrive within \(timeout)"
        case .busy: "effect work kept running without suspending for \(timeout)"
        }
      reportFailure(
        """
        Expected to receive the output \(expected), but no such output arrived: \(reason).\
        \(describeWaits(after: timeout))
        Likely cause: the child did not reduce the mutation whose output(for:) announces it, or \
        it is not adopted by \(R.self) (adopt(_:output:)). Fix: send the child the action that \
        announces it, or adopt the child.
        """,
        at: location)
      return
    }
    let entry = receivedOutputs[index]
    receivedOutputs.removeFirst(index + 1)
    guard matches(entry) else {
      reportFailure(
        """
        Received an output other than the one expected:
          − \(expected)
          + \(entry.output) (from \(entry.source))
        Likely cause: children announce outputs in another order. Fix: receive the outputs in \
        the order they are announced.
        """,
        at: location)
      return
    }
  }

  // MARK: - Checking children

  private func send<C: Reactor>(
    _ action: C.Action,
    to child: Child<C>?,
    at keyPath: AnyKeyPath,
    _ updateStateToExpectedResult: ((inout C.State) throws -> Void)?,
    _ location: SourceLocation
  ) async -> ReactorTask? {
    lastLocation = location
    checkNothingIsPending(before: "send(\(action), to: \(keyPath))", location)
    guard let child else {
      reportFailure(
        """
        send(\(action), to: \(keyPath)): the state of \(R.self) holds no \(C.self) there.
        Likely cause: the child was never added, or a reduction removed it. Fix: send the action \
        that adds it first.
        """,
        at: location)
      return nil
    }
    let reactor = child.reactor
    let id = ObjectIdentifier(reactor)
    if !sentChildren.contains(where: { $0.id == id }) {
      sentChildren.append(
        SentChild(id: id, type: C.self) { [weak reactor] in reactor?.runtime.activeEffectCount })
    }
    let before = reactor.currentState
    let label = EffectLabel(action: ".\(action)", reactor: "\(C.self), a child of \(R.self)")
    // Not `isSending`: the parent's mutations that the child's outputs cause are received.
    let task = sendTracked(label) { reactor.send(action) }
    let after = reactor.currentState
    checkChild(
      "send(\(action), to: \(keyPath))", before: before, after: after, updateStateToExpectedResult,
      location)
    if task.hasEffects {
      _ = await WatchedEffects.quiesce(until: .now + timeout)
    }
    return task
  }

  private func checkChild<S>(
    _ step: @autoclosure () -> String,
    before: S,
    after: S,
    _ updateStateToExpectedResult: ((inout S) throws -> Void)?,
    _ location: SourceLocation
  ) {
    var expected = exhaustivity == .on ? before : after
    if let updateStateToExpectedResult {
      do {
        try updateStateToExpectedResult(&expected)
      } catch {
        reportFailure(
          "The closure that describes the expected child state after \(step()) threw \(error).",
          at: location)
        return
      }
    }
    let equal =
      DynamicEquality.comparator(for: S.self) ?? { String(reflecting: $0) == String(reflecting: $1) }
    guard !equal(expected, after) else { return }
    reportFailure(
      """
      The child's state after \(step()) is not the expected state (− expected, + actual):
      \(StateDiff.lines(expected: expected, actual: after))
      Fix: in the closure of this step, set every field of the child's state that changed to its \
      new value, or fix the child's reducer if the actual value is wrong.
      """,
      at: location)
  }

  /// Fails, in exhaustive mode, when outputs arrived that the test has not received before
  /// `step`; forgets them either way.
  func checkNoOutputIsPending(before step: @autoclosure () -> String, _ location: SourceLocation) {
    guard !receivedOutputs.isEmpty else { return }
    if exhaustivity == .on {
      reportFailure(
        """
        \(step()) came before the test received \(receivedOutputs.count) output(s) that children \
        announced:
        \(receivedOutputs.map { "  • \($0.output) (from \($0.source))" }.joined(separator: "\n"))
        Fix: assert each with `await tester.receiveOutput(...)`, call skipReceivedMutations(), or \
        set exhaustivity = .off.
        """,
        at: location)
    }
    receivedOutputs.removeAll()
  }

  /// Fails when a child that the state holds, or that the test sent to and is still alive, has
  /// effects running.
  func checkNoChildEffectIsRunning(_ location: SourceLocation, timeout: Duration) {
    var busy: [(type: Any.Type, count: Int)] = []
    var seen: Set<ObjectIdentifier> = []
    for child in ComposedChild.all(in: reactor.currentState) {
      seen.insert(ObjectIdentifier(child.reactor))
      if child.activeEffectCount > 0 { busy.append((child.type, child.activeEffectCount)) }
    }
    for child in sentChildren where !seen.contains(child.id) {
      if let count = child.activeEffectCount(), count > 0 { busy.append((child.type, count)) }
    }
    sentChildren.removeAll { $0.activeEffectCount() == nil }
    guard !busy.isEmpty else { return }
    reportFailure(
      """
      The test ended while children of \(R.self) still had effects running:
      \(busy.map { "  • \($0.count) effect(s) of \($0.type)" }.joined(separator: "\n"))\
      \(describeWaits(after: timeout))
      Likely cause: a child's long-lived effect was never stopped, or something other than the \
      state keeps a dropped child alive. Fix: send the child the action that stops it \
      (send(_:to:)), remove the child from the state (its effects are then cancelled), or \
      advance the test clock until its effect ends.
      """,
      at: location)
  }

  /// Records an output that a child delivered to the reactor, or that the reactor announced.
  func didReceiveOutput(_ output: any Sendable, from source: Any.Type) {
    receivedOutputs.append(ReceivedOutput(output: output, source: source))
    WatchedEffects.noteActivity()
  }

  /// Records the outputs of the reactor under test, when it announces outputs and no parent
  /// adopted it (an adopted child's outputs go to its parent, as in production).
  func recordOwnOutputs<O: OutputReactor>(of reactor: O) {
    let composition = reactor.runtime.installedComposition
    guard composition.route == nil else { return }
    composition.route = { [weak self] object, mutation in
      guard let reactor = object as? O, let output = reactor.output(for: mutation) else { return }
      self?.didReceiveOutput(output, from: O.self)
    }
  }
}
