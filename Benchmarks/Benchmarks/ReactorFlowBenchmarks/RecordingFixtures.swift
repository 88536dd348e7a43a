// Shared with Benchmarks/InstructionCounts, whose Sources/instruction-counts/RecordingFixtures.swift
// is a symbolic link to this file (see CounterFixtures.swift for why): ReactorFlow's public API
// only. The recorded reactor is the counter itself: a second reactor of the same layout would let
// the optimizer merge the two reactors' specializations, which changes the counter's own cases.
import ReactorFlow

extension Counter {
  /// A recording of `actions` increments from the initial state, made by recording a counter.
  static func recording(actions: Int) -> Recording {
    let reactor = Counter()
    let recorder = reactor.recordSession(clock: ContinuousClock())
    for _ in 0..<actions { reactor.send(.increment) }
    recorder.stop()
    return recorder.recording
  }
}
