import ReactorFlowTools
extension GeneratedTest {
  /// Shrinks a failing run, replays the minimal one in detail and reports it.
  func fail(
    _ breach: GeneratedRun<R>.Breach, original: [[UInt64]], seed: UInt64, run: Int, runs: Int,
    _ location: SourceLocation
  ) async -> GeneratedTestFailure<R> {
    let (minimal, replays) = await shrink(original, invariant: breach.invariant, location)
    var choices = Choices(replaying: minimal)
    var outcome = GeneratedRun<R>.Outcome.passed
    var records: [GeneratedRun<R>.StepRecord] = []
    var recording: ReactorRecording<R.Action, R.Mutation, R.State>?
    var effectsRunning = 0
    _ = await captureFailures {
      let detailed = GeneratedRun(self, coverage: nil, detailed: true, location: location)
      let recorder = Self.startRecording(detailed)
      outcome = await detailed.execute(&choices, limit: minimal.count)
      detailed.finishRecords()
      recorder.stop()
      recording = recorder.recording
      records = detailed.records
      effectsRunning = detailed.reactor.runtime.activeEffectCount
    }
    var shown = breach
    var reproduces = false
    if case .broke(let replayed) = outcome, replayed.invariant == breach.invariant {
      shown = replayed
      reproduces = true
    }
    let steps = records.map(\.step)
    let name = invariantName(breach.invariant)
    let difference = StateDiff.changedFields(
      expected: StateDiff.outline(shown.previous), actual: StateDiff.outline(shown.state))
    let tester = testerSource(records, breach: shown, name: name, effectsRunning: effectsRunning)
    let file = recording.flatMap { Self.write($0, seed: seed, run: run) }
    let sequence =
      steps.isEmpty
      ? "  (no step: the initial state breaks it)"
      : steps.enumerated().map { index, step in
        "  \(index + 1). \(step)\(index == steps.count - 1 ? "   ← \(name) broke here" : "")"
      }.joined(separator: "\n")
    let where_ = shown.step < 0 ? "the initial state" : "step \(shown.step + 1)"
    let message = """
      A generated test of \(R.self) broke \(name) at \(where_)\
      \(shown.detail.map { " (\($0))" } ?? ""), shrunk from \(original.count) to \(steps.count) \
      step(s) in \(replays) replays.
      Seed \(Self.hex(seed)), run \(run + 1) of \(runs): set `seed: \(Self.hex(seed))` or \
      REACTORFLOW_SEED=\(Self.hex(seed)) to run it again.\(reproduces ? "" : """

        The minimal sequence did not break it again when replayed: the reactor does not do the \
        same for the same steps (an effect racing another, a real clock, shared state between \
        runs). Make it deterministic: inject the run's TestClock and mocks through make.
        """)

      Minimal sequence:
      \(sequence)

      The state that broke it, against the one before (− before, + after):
      \(difference.isEmpty ? "  (no field changed: the state was already broken)" : difference)

      As a ReactorTester test (it fails at the step that broke the invariant until the reducer is \
      fixed and the expected state written there):
      \(tester.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n"))

      As a recording, which assertReplays replays: \(file ?? "GeneratedTestFailure.recording (Action and Mutation are not Codable, so it was not written)").
      Once the reducer is fixed, record the sequence again with record(_:) and keep that one as \
      the regression test; check(_:) runs the sequence against the invariants.
      """
    reportFailure(message, at: location)
    return GeneratedTestFailure(
      invariant: invariants.indices.contains(breach.invariant)
        ? invariants[breach.invariant].name : "no effect throws an error that nothing handles",
      steps: steps, originalStepCount: original.count, replays: replays, seed: seed, run: run,
      stateDifference: difference, testerSource: tester,
      recording: recording ?? ReactorRecording(reactorType: "\(R.self)", initialState: .outline([])),
      recordingFile: file, reproduces: reproduces, description: message)
  }
}
