/// What a ``GeneratedTest`` run found: its seed, how much it ran, the coverage of the reactor's
/// cases, and the failure, if an invariant broke.
public struct GeneratedTestReport<R: Reactor> {
  /// The reactor's type name.
  public let reactor: String
  /// The seed every run was derived from; pass it as ``GeneratedTest/seed`` to run them again.
  public let seed: UInt64
  /// How many runs the test was to make (it stops at the first failure).
  public let runs: Int
  /// How many steps ran, in all runs.
  public let steps: Int
  /// Which `Action` cases were sent.
  public let actionCoverage: CaseCoverage
  /// Which `Mutation` cases were reduced.
  public let mutationCoverage: CaseCoverage
  /// The shrunk failure, or `nil` when every invariant held.
  public let failure: GeneratedTestFailure<R>?

  /// The summary the test prints: the seed, the runs, and the coverage.
  public var description: String {
    let outcome = failure == nil ? "passed" : "failed"
    return """
      GeneratedTest<\(reactor)> \(outcome): \(steps) steps in up to \(runs) runs, seed \
      \(GeneratedTest<R>.hex(seed)) (REACTORFLOW_SEED=\(GeneratedTest<R>.hex(seed)) runs them again)
        \(actionCoverage)
        \(mutationCoverage)
      """
  }
}
