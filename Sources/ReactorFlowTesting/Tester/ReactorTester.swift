import ReactorFlow
import ReactorFlowTools

/// Drives a reactor step by step and checks every change of its state, in the manner of a test
/// store.
///
/// ```swift
/// let tester = ReactorTester(AsyncCounterReactor(client: client))
/// await tester.send(.increment) { $0.count = 1 }           // the synchronous change
/// await tester.send(.loadFact) { $0.isLoading = true }
/// await tester.receive(.setFact("1 is the loneliest")) {  // a mutation from an effect
///   $0.fact = "1 is the loneliest"
/// }
/// await tester.receive(.setLoading(false)) { $0.isLoading = false }
/// await tester.finish()                                    // no effect left behind
/// ```
///
/// By default the tester is exhaustive (``Exhaustivity/on``). It reports a failure, at the line
/// of the step, with a diff of the expected and the actual state (`−` expected, `+` actual):
/// - when the state after a step differs from the expected one;
/// - when an effect sent a mutation that the test did not ``receive(_:timeout:assert:fileID:filePath:line:column:)``
///   before the next `send` or the end;
/// - when an effect is still running at ``finish(timeout:fileID:filePath:line:column:)``;
/// - when an effect throws an error that the reactor does not recover from.
///
/// Set ``exhaustivity`` to ``Exhaustivity/off`` to check only what the test asserts.
///
/// The tester taps the reactor's mutations and adds to its `runtime.onUnhandledError`; use one
/// tester per reactor.
///
/// `State` must be `Equatable`, and `Mutation` too for ``receive(_:timeout:assert:fileID:filePath:line:column:)``.
/// The tester finds these conformances when it runs rather than in its generic signature, so that
/// it accepts the main-actor-isolated conformances that Xcode 26's app-target defaults infer
/// (`struct State: Equatable` in a module whose default isolation is `MainActor`). A state that is
/// not `Equatable` fails the test at the tester's creation, naming the fix.
@MainActor
public final class ReactorTester<R: Reactor> {
  /// The reactor under test.
  public let reactor: R

  /// How strictly steps are checked; ``Exhaustivity/on`` unless set otherwise.
  public var exhaustivity: Exhaustivity

  /// How long, in real time, ``receive(_:timeout:assert:fileID:filePath:line:column:)`` and
  /// ``finish(timeout:fileID:filePath:line:column:)`` wait for effects that are suspended outside
  /// the test clock (real I/O) before they fail naming them. It bounds a failing test; a passing
  /// test never waits for it, and a test whose effects all sleep on a test clock fails at once.
  public var timeout: Duration

  struct Received {
    let mutation: R.Mutation
    /// The state right after the mutation; `nil` while it is the latest (the current state).
    var state: R.State?
  }

  var received: [Received] = []
  /// The outputs that children delivered to the reactor and the test has not received yet.
  var receivedOutputs: [ReceivedOutput] = []
  /// The children the test sent to, weakly: checked at ``finish(timeout:fileID:filePath:line:column:)``.
  var sentChildren: [SentChild] = []
  private var isSending = false
  /// The effects of the actions sent through the tester that have not finished, by action.
  var labels: [EffectLabel] = []
  private var stateAfterLastStep: R.State
  var lastLocation: SourceLocation
  /// `==` of `State`, found when the tester is made (see ``DynamicEquality``).
  private let statesEqual: (R.State, R.State) -> Bool
  /// `==` of `Mutation`, or `nil` when it is not `Equatable`.
  private let mutationsEqual: ((R.Mutation, R.Mutation) -> Bool)? =
    DynamicEquality.comparator(for: R.Mutation.self)

  /// How a wait for effects ended.
  enum WaitOutcome {
    /// What the test waited for happened.
    case done
    /// Nothing more can happen without the test: every effect of the tester's actions has
    /// finished, sleeps on a test clock or awaits a spy that never returns, and no clock is
    /// advancing.
    case idle
    /// Effects are suspended on something other than a test clock and did not move before the
    /// timeout.
    case stuck([EffectLabel])
    /// Effect work kept running, without suspending, until the timeout.
    case busy
  }

  /// Wraps `reactor` for a step-by-step test, and starts it.
  /// - Parameters:
  ///   - reactor: The reactor under test; give it test dependencies (a ``TestClock``, spies).
  ///   - exhaustivity: How strictly to check; exhaustive by default.
  ///   - timeout: The real-time bound of waits for effects; see ``timeout``.
  ///   - fileID: The test's file, for failures.
  ///   - filePath: The test's file path, for failures.
  ///   - line: The test's line, for failures.
  ///   - column: The test's column, for failures.
  public init(
    _ reactor: R,
    exhaustivity: Exhaustivity = .on,
    timeout: Duration = .seconds(1),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    WatchedEffects.install()
    self.reactor = reactor
    self.exhaustivity = exhaustivity
    self.timeout = timeout
    self.lastLocation = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    if let equal = DynamicEquality.comparator(for: R.State.self) {
      self.statesEqual = equal
    } else {
      // Compared by their description after the failure below, so that later steps still check.
      self.statesEqual = { String(reflecting: $0) == String(reflecting: $1) }
      reportFailure(
        """
        ReactorTester compares states with ==, and the state of \(R.self), \(R.State.self), is not \
        Equatable. Fix: declare it `Equatable` (`struct State: Equatable, Sendable`).
        """,
        at: lastLocation)
    }
    // Installed before the reactor starts, so that mutations of external streams are seen too.
    // `stateAfterLastStep` is a placeholder until the reactor has started just below.
    self.stateAfterLastStep = reactor.initialState
    let tap = reactor.runtime.tap
    tap.willReduce = { [weak self] mutation in
      self?.didTap(mutation)
    }
    tap.didReceiveOutput = { [weak self] output, child in
      self?.didReceiveOutput(output, from: child)
    }
    if let outputReactor = reactor as? any OutputReactor { recordOwnOutputs(of: outputReactor) }
    // A handler the test installed keeps receiving errors; the tester only adds its failure.
    let previousHandler = reactor.runtime.onUnhandledError
    reactor.runtime.onUnhandledError = { [weak self] error in
      self?.effectDidFail(error)
      previousHandler?(error)
    }
    stateAfterLastStep = reactor.currentState
  }

  /// The reactor's current state.
  public var state: R.State { reactor.currentState }

  /// The mutations that effects sent and the test has not received yet, oldest first.
  public var pendingMutations: [R.Mutation] { received.map(\.mutation) }

  // MARK: - Steps

  /// Sends an action and checks the state right after it (its synchronous mutations).
  ///
  /// In exhaustive mode `updateStateToExpectedResult` receives the state before the action and
  /// must make it equal to the state after it; without a closure, the action must not change the
  /// state. Mutations from the effects it starts must then be received.
  ///
  /// It returns once the effects that the action started have run up to their first suspension
  /// (a sleep on a test clock, a stream with no element yet, a service call), so a test can post
  /// to a stream that an effect subscribes to right after `send` returns.
  /// - Parameters:
  ///   - action: The action.
  ///   - updateStateToExpectedResult: Turns the state before the step into the expected state.
  ///   - fileID: The test's file, for failures.
  ///   - filePath: The test's file path, for failures.
  ///   - line: The test's line, for failures.
  ///   - column: The test's column, for failures.
  /// - Returns: The handle of the action's effects, to await or cancel.
  @discardableResult
  public func send(
    _ action: R.Action,
    assert updateStateToExpectedResult: ((inout R.State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> ReactorTask {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    lastLocation = location
    checkNothingIsPending(before: "send(\(action))", location)
    let before = reactor.currentState
    let label = EffectLabel(action: ".\(action)", reactor: "\(R.self)")
    let task = sendTracked(label) {
      isSending = true
      defer { isSending = false }
      return reactor.send(action)
    }
    let after = reactor.currentState
    check("send(\(action))", before: before, after: after, updateStateToExpectedResult, location)
    if task.hasEffects {
      // The effects run up to their first suspension before the test goes on, so that a stream
      // they subscribe to is subscribed when the test posts to it. What they send meanwhile is
      // received like any later mutation.
      _ = await WatchedEffects.quiesce(until: .now + timeout)
    }
    return task
  }

  /// Waits for the next mutation that an effect sent, checks that it is `expected`, and checks
  /// the state right after it.
  ///
  /// It advances no clock: advance the ``TestClock`` first when the effect sleeps on one. It
  /// waits while effect work runs (the effects of any action, and external streams: a mutation
  /// that arrives through a service's event stream after the action's own effect ended is
  /// received), and fails as soon as nothing can send a mutation any more: every effect of the
  /// tester's actions has finished or sleeps on a test clock. Only effects suspended outside the
  /// test clock make it wait, up to ``timeout`` of real time; the failure then names them.
  /// - Parameters:
  ///   - expected: The mutation the effect should have sent.
  ///   - timeout: The wait bound for this call; ``timeout`` by default.
  ///   - updateStateToExpectedResult: Turns the state before the mutation into the expected state
  ///     after it.
  ///   - fileID: The test's file, for failures.
  ///   - filePath: The test's file path, for failures.
  ///   - line: The test's line, for failures.
  ///   - column: The test's column, for failures.
  public func receive(
    _ expected: R.Mutation,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((inout R.State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    guard let equal = mutationsEqual else {
      lastLocation = location
      reportFailure(
        """
        receive(_:) compares mutations with ==, and the mutation of \(R.self), \(R.Mutation.self), \
        is not Equatable. Fix: declare it `Equatable` (`enum Mutation: Equatable, Sendable`), or \
        match it with receive(where:).
        """,
        at: location)
      return
    }
    await receive(
      "\(expected)", expected: expected, timeout: timeout, updateStateToExpectedResult, location
    ) { equal($0, expected) }
  }

  /// Waits for the next mutation that an effect sent, checks that it matches, and checks the
  /// state right after it. For mutations that are not `Equatable`.
  ///
  /// ```swift
  /// await tester.receive(where: { if case .setError = $0 { true } else { false } }) {
  ///   $0.sections = .failed(DescribedError(description: "offline"), previous: nil)
  /// }
  /// ```
  /// - Parameters:
  ///   - matches: Whether a mutation is the expected one.
  ///   - timeout: The wait bound for this call; ``timeout`` by default.
  ///   - updateStateToExpectedResult: Turns the state before the mutation into the expected state
  ///     after it.
  ///   - fileID: The test's file, for failures.
  ///   - filePath: The test's file path, for failures.
  ///   - line: The test's line, for failures.
  ///   - column: The test's column, for failures.
  public func receive(
    where matches: @escaping (R.Mutation) -> Bool,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((inout R.State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      "a mutation matching the predicate", expected: nil, timeout: timeout,
      updateStateToExpectedResult,
      SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column), matches)
  }

  /// Ends the test: waits for the effects of the tester's actions to finish, then, in exhaustive
  /// mode, fails if mutations were not received or effects are still running, naming for each
  /// action where its effects wait (asleep on a test clock, or suspended outside it).
  ///
  /// It does not wait for effects that sleep on a test clock (only the test can wake them), and
  /// waits up to the timeout for effects suspended outside the test clock.
  ///
  /// Pass `timeout: .zero` to check at once without waiting.
  /// - Parameters:
  ///   - timeout: The wait bound; ``timeout`` by default.
  ///   - fileID: The test's file, for failures.
  ///   - filePath: The test's file path, for failures.
  ///   - line: The test's line, for failures.
  ///   - column: The test's column, for failures.
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    lastLocation = location
    let timeout = timeout ?? self.timeout
    _ = await waitForEffects(timeout: timeout) { self.unfinishedLabels.isEmpty }
    guard exhaustivity == .on else {
      received.removeAll()
      receivedOutputs.removeAll()
      return
    }
    if !received.isEmpty {
      reportFailure(
        """
        The test ended before it received \(received.count) mutation(s) that effects sent:
        \(Self.bullets(received.map(\.mutation)))
        Likely cause: an effect sent mutations that the test did not assert. Fix: assert each \
        with `await tester.receive(...)` before finish(), call skipReceivedMutations(), or set \
        exhaustivity = .off.
        """,
        at: location)
      received.removeAll()
    }
    checkNoOutputIsPending(before: "the end of the test", location)
    checkNoChildEffectIsRunning(location, timeout: timeout)
    let running = reactor.runtime.activeEffectCount
    if running > 0 {
      reportFailure(
        """
        The test ended while \(running) effect(s) of \(R.self) were still running.\(describeWaits(after: timeout))
        Likely cause: a long-lived effect (a timer, a stream, work sleeping on a TestClock that \
        was not advanced far enough, or a call to a spy that never returns) was never stopped. \
        Fix: send the action that cancels it, advance the test clock until it ends, or await or \
        cancel its ReactorTask; if the test does not care, set exhaustivity = .off.
        """,
        at: location)
    }
  }

  /// Fails, in exhaustive mode, when mutations or outputs arrived that the test has not received
  /// before `step`; forgets them either way.
  func checkNothingIsPending(before step: @autoclosure () -> String, _ location: SourceLocation) {
    if !received.isEmpty {
      if exhaustivity == .on {
        reportFailure(
          """
          \(step()) came before the test received \(received.count) mutation(s) that \
          effects had sent:
          \(Self.bullets(received.map(\.mutation)))
          Likely cause: an effect of an earlier action sent them. Fix: assert each with \
          `await tester.receive(...)` before this send, call skipReceivedMutations(), or set \
          exhaustivity = .off.
          """,
          at: location)
      }
      received.removeAll()
    }
    checkNoOutputIsPending(before: step(), location)
  }

  /// Forgets the mutations (and the outputs of children) received so far without asserting them.
  public func skipReceivedMutations() {
    received.removeAll()
    receivedOutputs.removeAll()
    stateAfterLastStep = reactor.currentState
  }

  // MARK: - Checking

  private func receive(
    _ description: @autoclosure () -> String,
    expected: R.Mutation?,
    timeout: Duration?,
    _ updateStateToExpectedResult: ((inout R.State) throws -> Void)?,
    _ location: SourceLocation,
    _ matches: (R.Mutation) -> Bool
  ) async {
    lastLocation = location
    let timeout = timeout ?? self.timeout
    let outcome = await waitForEffects(timeout: timeout) { self.isReadyToReceive(matches) }
    guard
      let index = exhaustivity == .on
        ? received.indices.first : received.firstIndex(where: { matches($0.mutation) })
    else {
      let skipped =
        received.isEmpty ? "" : "\nIt skipped:\n\(Self.bullets(received.map(\.mutation)))"
      let reason: String
      let likely: String
      switch outcome {
      case .done, .idle:
        reason = """
          nothing that the test started can send it any more: every effect of the tester's \
          actions has finished, sleeps on a TestClock or awaits a spy that never returns
          """
        likely = """
          Likely cause: the effect sleeps on a TestClock that was not advanced, or it never sends \
          this mutation. Fix: `await clock.advance(by: ...)` before receive, or check the effect \
          in mutate(action:).
          """
      case .stuck:
        reason = "it did not arrive within \(timeout)"
        likely = """
          Likely cause: the effect awaits real work (I/O, a continuation nobody resumes, a \
          service that is not a test double). Fix: inject a test double that answers at once, \
          or a TestClock where the effect sleeps.
          """
      case .busy:
        reason = "effect work kept running without suspending for \(timeout)"
        likely = "Likely cause: an effect that loops without awaiting. Fix: check the effect."
      }
      reportFailure(
        """
        Expected to receive \(description()), but no such mutation arrived: \(reason).\(skipped)
        \(reactor.runtime.activeEffectCount) effect(s) of \(R.self) are still running.\
        \(describeWaits(after: timeout))
        \(likely)
        """,
        at: location)
      received.removeAll()
      return
    }
    let entry = received[index]
    let after = entry.state ?? reactor.currentState
    let before = stateAfterLastStep
    received.removeFirst(index + 1)
    guard matches(entry.mutation) else {
      let comparison =
        expected.map {
          "(− expected, + received):\n\(StateDiff.lines(expected: $0, actual: entry.mutation))"
        } ?? "\(entry.mutation)"
      reportFailure(
        """
        Received a mutation other than the one expected \(comparison)
        Likely cause: effects send mutations in another order, or another mutation came first. \
        Fix: receive the mutations in the order the effects send them.
        """,
        at: location)
      stateAfterLastStep = after
      return
    }
    check("receive(\(entry.mutation))", before: before, after: after, updateStateToExpectedResult, location)
  }

  private func isReadyToReceive(_ matches: (R.Mutation) -> Bool) -> Bool {
    exhaustivity == .on ? !received.isEmpty : received.contains(where: { matches($0.mutation) })
  }

  /// Checks the state after a step. `step` describes it for a failure message only, so a passing
  /// step never formats its action or mutation.
  func check(
    _ step: @autoclosure () -> String,
    before: R.State,
    after: R.State,
    _ updateStateToExpectedResult: ((inout R.State) throws -> Void)?,
    _ location: SourceLocation
  ) {
    stateAfterLastStep = after
    var expected = exhaustivity == .on ? before : after
    if let updateStateToExpectedResult {
      do {
        try updateStateToExpectedResult(&expected)
      } catch {
        reportFailure(
          "The closure that describes the expected state after \(step()) threw \(error).",
          at: location)
        return
      }
    }
    guard !statesEqual(expected, after) else { return }
    reportFailure(
      """
      The state after \(step()) is not the expected state (− expected, + actual):
      \(StateDiff.lines(expected: expected, actual: after))
      Fix: in the closure of this step, set every field that changed to its new value (start \
      from the state before the step), or fix the reducer if the actual value is wrong.
      """,
      at: location)
  }

  static func bullets(_ mutations: [R.Mutation]) -> String {
    mutations.map { "  • \($0)" }.joined(separator: "\n")
  }

  // MARK: - Listening

  private func didTap(_ mutation: R.Mutation) {
    // The tap runs before `reduce`: the current state is the one right after the previous
    // mutation, which is therefore final now.
    if let last = received.indices.last, received[last].state == nil {
      received[last].state = reactor.currentState
    }
    guard !isSending else { return }
    received.append(Received(mutation: mutation, state: nil))
    WatchedEffects.noteActivity()
  }

  private func effectDidFail(_ error: any Error) {
    reportFailure(
      """
      An effect of \(R.self) threw an error that nothing handled: \(error).
      Fix: handle it in the effect (.run(operation:catch:) or Effect.catch(_:)) or map it to a \
      mutation in recover(from:), then assert the resulting state.
      """,
      at: lastLocation)
  }

  /// The labels of the actions whose effects have not all finished.
  var unfinishedLabels: [EffectLabel] {
    labels.removeAll { $0.isFinished }
    return labels
  }

  /// One line per unfinished action: where its effects wait. Empty when all have finished.
  func describeWaits(after timeout: Duration) -> String {
    unfinishedLabels.map { "\n  • \($0.describeWait(after: timeout))" }.joined()
  }

  /// Waits until `isDone` holds, or until nothing more can happen without the test, or until
  /// `timeout` of real time has passed while effects are suspended outside the test clock.
  ///
  /// It never waits blindly: after each quiet point of the effect work (see ``TestClock``) it
  /// looks at where the effects of the tester's actions wait. When each has finished or sleeps
  /// on a test clock and no clock is advancing, nothing can change any more and it returns at
  /// once. Only effects suspended on something else (real I/O) make it wait, up to `timeout`.
  func waitForEffects(
    timeout: Duration, until isDone: () -> Bool
  ) async -> WaitOutcome {
    let deadline = ContinuousClock.now + max(timeout, .zero)
    while true {
      if isDone() { return .done }
      let isQuiet = await WatchedEffects.quiesce(until: deadline)
      if isDone() { return .done }
      guard isQuiet else { return .busy }
      let mark = WatchedEffects.activityCount
      let outside = unfinishedLabels.filter { $0.waits.isEmpty }
      if outside.isEmpty && !WatchedEffects.isClockDriving { return .idle }
      guard await WatchedEffects.waitForActivity(after: mark, until: deadline) else {
        return outside.isEmpty ? .idle : .stuck(outside)
      }
    }
  }
}

extension ReactorTester {
  /// Sends an action through `send` under `label`, and keeps the label, until the action's
  /// effects finish, for the waits and failures that name running effects.
  func sendTracked(_ label: EffectLabel, _ send: () -> ReactorTask) -> ReactorTask {
    // The effects' tasks copy the label, so that failures can name them and where they wait.
    let task = EffectLabel.$current.withValue(label, operation: send)
    // Only actions with effects are worth waiting for; the rest would pile up in a long test.
    if task.hasEffects {
      labels.append(label)
      EffectHost.startTask {
        await task.waitForEffects()
        label.markFinished()
        // A wait that found this action's effects still running looks again.
        WatchedEffects.noteActivity()
      }
    }
    return task
  }
}
