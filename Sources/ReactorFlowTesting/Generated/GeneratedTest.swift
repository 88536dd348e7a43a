import ReactorFlowTools
#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A test generated from a reactor: many random sequences of actions and clock advances, each on
/// a fresh reactor, with invariants checked after every mutation and every step; a failing
/// sequence is shrunk to a minimal one and reported as a test to keep.
///
/// ```swift
/// let test = GeneratedTest(
///   actions: actions,
///   invariants: invariants
/// ) { _ in
///   DetailReactor(title: "20s", people: people)
/// }
/// await test.run()
/// ```
///
/// Each run makes its reactor with `make`, on a ``TestClock`` of its own, and draws its steps
/// from a seed of its own, derived from the test's ``seed``: a run is the same whenever its seed
/// is, and reports it. After a step that started effects (or while effects run), the run waits,
/// as ``ReactorTester`` does, until their work is done or suspended, never on a real clock, so
/// that the invariants see what the effects did.
///
/// When an invariant breaks, the test shrinks the run: it deletes steps, then makes each value
/// simpler (the first listed case, the number nearest zero, the shortest duration), keeping each
/// change that still breaks the same invariant. It then reports one failure, through the running
/// test framework (XCTest or Swift Testing), with the minimal sequence, the state diff of the
/// step that broke it, the sequence as a ``ReactorTester`` test and as a recording; see
/// ``GeneratedTestFailure``.
///
/// At the end, ``run(fileID:filePath:line:column:)`` prints the seed and which `Action` and
/// `Mutation` cases were reached (``CaseCoverage``); ``requiresFullCoverage`` makes a case never
/// reached a failure.
@MainActor
public struct GeneratedTest<R: Reactor> {
  /// The actions the runs send.
  public var actions: Generator<R.Action>
  /// The durations the runs advance the clock by, or `nil` for runs that never advance it. An
  /// advance is as likely as one alternative of ``actions`` of weight 1, unless this generator
  /// is ``Generator/weighted(_:)``.
  public var advances: Generator<Duration>?
  /// What must hold in every run.
  public var invariants: [Invariant<R>]
  /// How many runs, each on a fresh reactor: 100 unless the test chooses. The environment
  /// variable `REACTORFLOW_RUNS`, when set to a number, replaces the default, for a longer search
  /// on a nightly build; a number the test chose stays.
  public var runs: Int {
    didSet { runsAreChosen = true }
  }
  private var runsAreChosen: Bool
  /// How many steps each run takes at most (it stops at the first broken invariant).
  public var steps: Int
  /// The seed that fixes every run; `nil` for the environment variable `REACTORFLOW_SEED` when
  /// it is set (decimal, or hexadecimal after `0x`), and a new random seed otherwise. Every run
  /// prints the seed it used.
  public var seed: UInt64?
  /// The real-time bound of each wait for effect work; see ``ReactorTester/timeout``.
  public var timeout: Duration = .seconds(1)
  /// How many replays shrinking may take before it reports the smallest sequence found so far.
  public var shrinkLimit = 2_000
  /// The names of every `Action` case, for coverage, when `Action` is not `CaseIterable` and the
  /// action generator does not make them all; see ``CaseCoverage``.
  public var actionCases: [String]?
  /// The names of every `Mutation` case, for coverage, when `Mutation` is not `CaseIterable`;
  /// see ``CaseCoverage``.
  public var mutationCases: [String]?
  /// Whether a case never reached (or cases the test cannot list) fails the test.
  public var requiresFullCoverage = false
  /// Whether ``run(fileID:filePath:line:column:)`` prints its seed and coverage.
  public var printsReport = true
  /// The expression that makes the reactor in the test a failure writes, in a scope where
  /// `clock` is the ``TestClock``: `makeReactor(clock: clock)` by default, for a test that
  /// passes a function of that name as `make`.
  public var reactorExpression = "makeReactor(clock: clock)"

  /// Makes the reactor of one run on the run's clock.
  let make: (TestClock) -> R

  /// Creates a generated test.
  /// - Parameters:
  ///   - runs: How many runs; `nil` for the default, see ``runs``.
  ///   - steps: How many steps each run takes at most.
  ///   - seed: The seed; see ``seed``.
  ///   - actions: The actions to send.
  ///   - advances: The durations to advance the clock by, or `nil` never to advance it.
  ///   - invariants: What must hold.
  ///   - make: Makes a fresh reactor, with its mocks, on the clock it is given.
  public init(
    runs: Int? = nil,
    steps: Int = 30,
    seed: UInt64? = nil,
    actions: Generator<R.Action>,
    advances: Generator<Duration>? = nil,
    invariants: [Invariant<R>],
    make: @escaping (TestClock) -> R
  ) {
    precondition((runs ?? 0) >= 0 && steps >= 0, "GeneratedTest needs counts of runs and steps of at least 0")
    self.runs = runs ?? 100
    runsAreChosen = runs != nil
    self.steps = steps
    self.seed = seed
    self.actions = actions
    self.advances = advances
    self.invariants = invariants
    self.make = make
  }

  /// Creates a generated test that sends every case of a `CaseIterable` action.
  /// - Parameters:
  ///   - runs: How many runs; `nil` for the default, see ``runs``.
  ///   - steps: How many steps each run takes at most.
  ///   - seed: The seed; see ``seed``.
  ///   - advances: The durations to advance the clock by, or `nil` never to advance it.
  ///   - invariants: What must hold.
  ///   - make: Makes a fresh reactor, with its mocks, on the clock it is given.
  public init(
    runs: Int? = nil,
    steps: Int = 30,
    seed: UInt64? = nil,
    advances: Generator<Duration>? = nil,
    invariants: [Invariant<R>],
    make: @escaping (TestClock) -> R
  ) where R.Action: CaseIterable {
    self.init(
      runs: runs, steps: steps, seed: seed, actions: .allCases, advances: advances,
      invariants: invariants, make: make)
  }

  // MARK: - Running

  /// Runs the test: ``runs`` runs of up to ``steps`` steps, each on a fresh reactor. Reports a
  /// failure at the caller for the first broken invariant, shrunk, and for missing coverage when
  /// ``requiresFullCoverage`` is set; prints the seed and the coverage.
  /// - Parameters:
  ///   - fileID: The test's file, for failures.
  ///   - filePath: The test's file path, for failures.
  ///   - line: The test's line, for failures.
  ///   - column: The test's column, for failures.
  /// - Returns: The report: the seed, the coverage and the failure, if any.
  @discardableResult
  public func run(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> GeneratedTestReport<R> {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let seed = self.seed ?? Self.environmentSeed ?? UInt64.random(in: 0...UInt64.max)
    let runs = runsAreChosen ? self.runs : Self.environmentRuns ?? self.runs
    let counter = CoverageCounter()
    var stepCount = 0
    var failure: GeneratedTestFailure<R>?
    for index in 0..<runs {
      let runSeed = SplitMix64.seed(ofRun: index, in: seed)
      var choices = Choices(seed: runSeed)
      let result = await execute(&choices, limit: steps, coverage: counter, location)
      stepCount += result.stepsRun
      switch result.outcome {
      case .passed:
        continue
      case .broke(let breach):
        let original = Self.split(choices.drawn, at: result.stepStarts, through: breach.step)
        failure = await fail(
          breach, original: original, seed: seed, run: index, runs: runs, location)
      case .reported(let reported):
        let context = "in run \(index + 1) of a generated test of \(R.self), seed \(Self.hex(seed))"
        for failure in reported { reportFailure("\(failure.message)\n(\(context))", at: location) }
      }
      break
    }
    let report = GeneratedTestReport(
      reactor: "\(R.self)", seed: seed, runs: runs, steps: stepCount,
      actionCoverage: CaseCoverage(kind: "Action", reached: counter.actions, known: knownActionCases),
      mutationCoverage: CaseCoverage(
        kind: "Mutation", reached: counter.mutations, known: knownMutationCases),
      failure: failure)
    if printsReport { print(report.description) }
    if requiresFullCoverage && failure == nil {
      checkCoverage(report, location)
    }
    return report
  }

  /// Runs the given steps on a fresh reactor and checks the invariants after each, as a run
  /// does: a regression test of a sequence a failure printed. Reports a failure at the caller
  /// when an invariant breaks, without shrinking.
  /// - Parameters:
  ///   - steps: The steps, for example a failure's ``GeneratedTestFailure/steps``.
  ///   - fileID: The test's file, for failures.
  ///   - filePath: The test's file path, for failures.
  ///   - line: The test's line, for failures.
  ///   - column: The test's column, for failures.
  /// - Returns: Whether every invariant held.
  @discardableResult
  public func check(
    _ steps: [Step],
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> Bool {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    var choices = Choices(replaying: [])
    var outcome = GeneratedRun<R>.Outcome.passed
    let reported = await captureFailures {
      let run = GeneratedRun(self, coverage: nil, detailed: false, location: location)
      outcome = await run.execute(&choices, limit: steps.count, fixed: steps)
    }
    for failure in reported { reportFailure(failure.message, at: location) }
    guard case .broke(let breach) = outcome else { return reported.isEmpty }
    let position = breach.step < 0 ? "the initial state" : "step \(breach.step + 1), \(steps[breach.step])"
    reportFailure(
      """
      \(invariantName(breach.invariant)) broke at \(position)\(breach.detail.map { " (\($0))" } ?? "") \
      (− before, + after):
      \(StateDiff.lines(expected: breach.previous, actual: breach.state))
      """,
      at: location)
    return false
  }

  // MARK: - Internals

  struct Execution {
    let outcome: GeneratedRun<R>.Outcome
    let stepStarts: [Int]
    let stepsRun: Int
  }

  /// Runs one run, capturing what the testing library reports meanwhile.
  func execute(
    _ choices: inout Choices, limit: Int, coverage: CoverageCounter?, _ location: SourceLocation
  ) async -> Execution {
    var outcome = GeneratedRun<R>.Outcome.passed
    var stepStarts: [Int] = []
    let reported = await captureFailures {
      let run = GeneratedRun(self, coverage: coverage, detailed: false, location: location)
      outcome = await run.execute(&choices, limit: limit)
      stepStarts = run.stepStarts
    }
    if !reported.isEmpty { outcome = .reported(reported) }
    return Execution(outcome: outcome, stepStarts: stepStarts, stepsRun: stepStarts.count)
  }

  /// The name of the invariant at `index`, quoted, or the built-in one's.
  func invariantName(_ index: Int) -> String {
    guard invariants.indices.contains(index) else {
      return "\"no effect throws an error that nothing handles\""
    }
    return "\"\(invariants[index].name)\""
  }

  /// The numbers of steps `0...last`, each step's apart.
  static func split(_ drawn: [UInt64], at starts: [Int], through last: Int) -> [[UInt64]] {
    guard last >= 0 else { return [] }
    return (0...last).map { index in
      let end = index + 1 < starts.count ? starts[index + 1] : drawn.count
      return Array(drawn[starts[index]..<end])
    }
  }

  var knownActionCases: [String]? {
    if let actionCases { return actionCases }
    if let all = R.Action.self as? any CaseIterable.Type {
      return Self.names(of: all)
    }
    var names: [String] = []
    for example in actions.examples() {
      let name = SwiftSource.caseName(example)
      if !names.contains(name) { names.append(name) }
    }
    return names
  }

  var knownMutationCases: [String]? {
    if let mutationCases { return mutationCases }
    guard let all = R.Mutation.self as? any CaseIterable.Type else { return nil }
    return Self.names(of: all)
  }

  private static func names<All: CaseIterable>(of _: All.Type) -> [String] {
    All.allCases.map { SwiftSource.caseName($0) }
  }

  private func checkCoverage(_ report: GeneratedTestReport<R>, _ location: SourceLocation) {
    for coverage in [report.actionCoverage, report.mutationCoverage] where !coverage.isComplete {
      let reason =
        coverage.neverReached.map { "never reached \($0.joined(separator: ", "))" }
        ?? "cannot list every \(coverage.kind) case"
      let fix =
        coverage.known == nil
        ? "Fix: make \(coverage.kind) CaseIterable, or set \(coverage.kind.lowercased())Cases to its case names."
        : "Fix: weight the actions that lead there, take more runs or steps, or drop the case from the list."
      reportFailure(
        """
        The generated test of \(R.self) requires full coverage, and it \(reason) in \(report.runs) \
        runs (seed \(Self.hex(report.seed))).
        \(coverage)
        \(fix)
        """,
        at: location)
    }
  }

  nonisolated static func hex(_ seed: UInt64) -> String {
    "0x" + String(seed, radix: 16, uppercase: true)
  }

  private static var environmentSeed: UInt64? {
    guard let text = environment("REACTORFLOW_SEED") else { return nil }
    if text.hasPrefix("0x") || text.hasPrefix("0X") { return UInt64(text.dropFirst(2), radix: 16) }
    return UInt64(text)
  }

  private static var environmentRuns: Int? {
    environment("REACTORFLOW_RUNS").flatMap { Int($0) }.map { max(0, $0) }
  }

  private static func environment(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    return String(cString: value)
  }
}
