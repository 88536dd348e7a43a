/// One run of a generated test: a fresh reactor on a fresh ``TestClock``, driven step by step
/// from ``Choices``, its invariants checked after every mutation and every step.
///
/// The loop of a synchronous reducer awaits nothing: the effect work is waited for only when a
/// step started an effect or one is running, so a step costs a `send` and the checks.
@MainActor
final class GeneratedRun<R: Reactor> {
  /// How a run ended.
  enum Outcome {
    /// Every step kept every invariant.
    case passed
    /// An invariant broke at a step (`-1` for the initial state).
    case broke(Breach)
    /// The testing library reported something other than a broken invariant (an effect that
    /// never suspends, a clock moved back): shown as it is, not shrunk.
    case reported([TestFailure])
  }

  /// Which invariant broke, where.
  struct Breach {
    /// The index of the invariant in the test's list, or ``unhandledError``.
    let invariant: Int
    /// The index of the step, `-1` for the initial state.
    let step: Int
    /// Why, when more than the invariant's name says it (a thrown error).
    let detail: String?
    /// The state that broke it: a state invariant's state, or a step's state after.
    let state: R.State
    /// The state before it: the previous published state, or the step's state before.
    let previous: R.State
  }

  /// The index of the built-in invariant that no effect throws an error nothing handles.
  static var unhandledError: Int { -1 }

  /// What a detailed run keeps of each step, to write the failure's test.
  struct StepRecord {
    let step: GeneratedTest<R>.Step
    let before: R.State
    /// The state right after the action's own mutations (the state before, for an advance).
    var afterSend: R.State
    /// The mutations effects sent during the step, each with the state right after it.
    var effectMutations: [(mutation: R.Mutation, state: R.State?)] = []
  }

  let reactor: R
  let clock: TestClock
  private let test: GeneratedTest<R>
  private let location: SourceLocation
  // The invariants by kind, with their indices in the test's list apart: an array of tuples
  // would ask the runtime for the tuple's metadata at every step, in code not specialized for R.
  /// The test's generators, held as their closures: calling them through `GeneratedTest<R>` and
  /// `Generator<Action>` would look up those types' metadata at every step.
  private let generateAction: (inout Choices) -> R.Action
  private let generateAdvance: ((inout Choices) -> Duration)?
  private let actionWeight: UInt64
  private let stepWeight: UInt64
  private let stateChecks: [(R.State) throws -> Bool]
  private let stateIndices: [Int]
  private let stepChecks: [(GeneratedTest<R>.Transition) throws -> Bool]
  private let stepIndices: [Int]
  private var mutations: [R.Mutation] = []
  private var isSending = false
  /// The breach a state checked between two mutations of a step found; read through `hasBreach`.
  private var breach: Breach?
  private var hasBreach = false
  /// The published state that the next mutation's check compares with.
  private var lastState: R.State
  private var currentStep = -1
  private let coverage: CoverageCounter?
  /// For a detailed run, what each step did.
  private(set) var records: [StepRecord] = []
  private let isDetailed: Bool
  /// Where each step's numbers start in the choices' `drawn`.
  private(set) var stepStarts: [Int] = []
  /// The unhandled errors effects threw during the current step.
  private var unhandledErrors: [any Error] = []

  init(
    _ test: GeneratedTest<R>, coverage: CoverageCounter?, detailed: Bool, location: SourceLocation
  ) {
    self.test = test
    self.location = location
    self.coverage = coverage
    clock = TestClock(timeout: test.timeout)
    reactor = test.make(clock)
    var stateChecks: [(R.State) throws -> Bool] = []
    var stateIndices: [Int] = []
    var stepChecks: [(GeneratedTest<R>.Transition) throws -> Bool] = []
    var stepIndices: [Int] = []
    for (index, invariant) in test.invariants.enumerated() {
      switch invariant.check {
      case .state(let holds):
        stateChecks.append(holds)
        stateIndices.append(index)
      case .step(let holds):
        stepChecks.append(holds)
        stepIndices.append(index)
      }
    }
    self.stateChecks = stateChecks
    self.stateIndices = stateIndices
    self.stepChecks = stepChecks
    self.stepIndices = stepIndices
    isDetailed = detailed
    generateAction = test.actions.generate
    generateAdvance = test.advances?.generate
    actionWeight = UInt64(test.actions.weight)
    stepWeight = actionWeight + UInt64(test.advances?.weight ?? 0)
    // A placeholder until the tap is in place: the first read of the state starts the reactor,
    // and the mutations of its external streams must be seen.
    lastState = reactor.initialState
    let tap = reactor.runtime.tap
    tap.willReduce = { [weak self] mutation in
      self?.willReduce(mutation)
    }
    // An error that nothing handles is a failure of the run, shrunk like an invariant's.
    let previousHandler = reactor.runtime.onUnhandledError
    reactor.runtime.onUnhandledError = { [weak self] error in
      self?.unhandledErrors.append(error)
      previousHandler?(error)
    }
    lastState = reactor.currentState
  }

  /// Runs up to `limit` steps, drawn from `choices` or taken from `fixed`, and stops at the first
  /// broken invariant.
  func execute(_ choices: inout Choices, limit: Int, fixed: [GeneratedTest<R>.Step] = []) async -> Outcome {
    if let breach = checkState(lastState, previous: lastState) { return .broke(breach) }
    let isFixed = !fixed.isEmpty
    stepStarts.reserveCapacity(limit)
    for index in 0..<limit {
      currentStep = index
      stepStarts.append(choices.drawn.count)
      choices.beginStep(index)
      let step = isFixed ? fixed[index] : generateStep(&choices)
      mutations.removeAll(keepingCapacity: true)
      let before = lastState
      if isDetailed { records.append(StepRecord(step: step, before: before, afterSend: before)) }
      switch step {
      case .send(let action):
        coverage?.noteAction(action)
        isSending = true
        let task = reactor.send(action)
        isSending = false
        if isDetailed { records[index].afterSend = reactor.currentState }
        if task.hasEffects || reactor.runtime.activeEffectCount > 0 {
          await settleEffects()
        }
      case .advance(let duration):
        await clock.advance(
          by: duration, fileID: location.fileID, filePath: location.filePath, line: location.line,
          column: location.column)
      }
      let after = reactor.currentState
      if hasBreach, let breach { return .broke(breach) }
      if !mutations.isEmpty {
        // Only a reduced state needs checking: otherwise it is the one already checked.
        var detail: String?
        if firstBroken(stateChecks, after, &detail) != nil,
          let breach = checkState(after, previous: lastState)
        {
          return .broke(breach)
        }
      }
      lastState = after
      if let error = unhandledErrors.first {
        return .broke(
          Breach(
            invariant: Self.unhandledError, step: index, detail: "\(error)", state: after, previous: before))
      }
      if !stepChecks.isEmpty {
        let transition = Transition(step: step, mutations: mutations, before: before, after: after)
        var detail: String?
        if firstBroken(stepChecks, transition, &detail) != nil, let breach = checkStep(transition) {
          return .broke(breach)
        }
      }
    }
    return .passed
  }

  private typealias Transition = GeneratedTest<R>.Transition

  /// Waits until the effect work is quiet, bounded by the test's timeout of real time.
  private func settleEffects() async {
    guard await !WatchedEffects.quiesce(until: .now + test.timeout) else { return }
    reportFailure(
      """
      A generated step waited \(test.timeout) for effect work of \(R.self) that kept running \
      without suspending. Likely cause: an effect that loops or computes without awaiting, or \
      waits on a real clock. Fix: inject the run's TestClock where the effect sleeps, or raise \
      the test's timeout if the work really is that long.
      """,
      at: location)
  }

  private func willReduce(_ mutation: R.Mutation) {
    coverage?.noteMutation(mutation)
    if isDetailed { noteInRecord(mutation) }
    // The state now is the one the previous mutation of this step published: final, so checked.
    if !mutations.isEmpty && !hasBreach {
      let state = reactor.currentState
      if let found = checkState(state, previous: lastState) {
        breach = found
        hasBreach = true
      }
      lastState = state
    }
    mutations.append(mutation)
  }

  private func noteInRecord(_ mutation: R.Mutation) {
    finishRecords()
    guard !isSending, let last = records.indices.last else { return }
    records[last].effectMutations.append((mutation, nil))
  }

  /// Completes the last step's record: the state after its last effect mutation so far.
  func finishRecords() {
    guard let last = records.indices.last,
      let previous = records[last].effectMutations.indices.last,
      records[last].effectMutations[previous].state == nil
    else { return }
    records[last].effectMutations[previous].state = reactor.currentState
  }

  /// Draws one step: an action, or an advance of the clock when the test has advances. An
  /// advance is drawn after the actions, so that shrinking prefers an action.
  private func generateStep(_ choices: inout Choices) -> GeneratedTest<R>.Step {
    guard let generateAdvance else { return .send(generateAction(&choices)) }
    let drawn = choices.draw(below: stepWeight)
    return drawn < actionWeight ? .send(generateAction(&choices)) : .advance(generateAdvance(&choices))
  }

  /// The breach of the first state invariant that `state` breaks, if any.
  private func checkState(_ state: R.State, previous: R.State) -> Breach? {
    var detail: String?
    guard let position = firstBroken(stateChecks, state, &detail) else { return nil }
    return Breach(
      invariant: stateIndices[position], step: currentStep, detail: detail, state: state, previous: previous)
  }

  /// The breach of the first step invariant that `transition` breaks, if any.
  private func checkStep(_ transition: Transition) -> Breach? {
    var detail: String?
    guard let position = firstBroken(stepChecks, transition, &detail) else { return nil }
    return Breach(
      invariant: stepIndices[position], step: currentStep, detail: detail, state: transition.after,
      previous: transition.before)
  }

  /// The position of the first check that `value` fails, and in `detail` the error it threw.
  /// A position, not a `Breach?`: code not specialized for R would ask for the optional's
  /// metadata at every call.
  private func firstBroken<Value>(
    _ checks: [(Value) throws -> Bool], _ value: Value, _ detail: inout String?
  ) -> Int? {
    var position = 0
    while position < checks.count {
      do {
        if try !checks[position](value) { return position }
      } catch {
        detail = "it threw \(error)"
        return position
      }
      position += 1
    }
    return nil
  }
}
