// Every use of recordings by generated tests is in this file.
import Foundation
import ReactorFlowTools

extension GeneratedTest {
  /// Runs `steps` on a fresh reactor, as a run does, and returns its recording: after fixing
  /// the reducer, the recording of a failure's minimal sequence to keep as a regression test,
  /// which `assertReplays` replays.
  ///
  /// ```swift
  /// let recording = await test.record(failure.steps)
  /// makeReactor(clock: TestClock()).assertReplays(recording)
  /// ```
  /// - Parameter steps: The steps to run.
  /// - Returns: The recording of the run, timed on its test clock.
  public func record(_ steps: [Step]) async -> ReactorRecording<R.Action, R.Mutation, R.State> {
    var recording: ReactorRecording<R.Action, R.Mutation, R.State>?
    var choices = Choices(replaying: [])
    let location = SourceLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
    // The invariants are not the point here: what breaks them is recorded like the rest.
    var unchecked = self
    unchecked.invariants = []
    let reported = await captureFailures {
      let run = GeneratedRun(unchecked, coverage: nil, detailed: false, location: location)
      let recorder = Self.startRecording(run)
      _ = await run.execute(&choices, limit: steps.count, fixed: steps)
      recorder.stop()
      recording = recorder.recording
    }
    for failure in reported { reportFailure(failure.message, at: location) }
    return recording ?? ReactorRecording(reactorType: "\(R.self)", initialState: .outline([]))
  }

  /// Starts recording a run's reactor on the run's clock.
  static func startRecording(_ run: GeneratedRun<R>) -> SessionRecorder<R.Action, R.Mutation, R.State> {
    run.reactor.recordSession(clock: run.clock)
  }

  /// Writes `recording` as JSON in the temporary directory, when it is `Encodable`.
  /// - Returns: The file's path, or `nil` when it is not `Encodable` or could not be written.
  static func write(
    _ recording: ReactorRecording<R.Action, R.Mutation, R.State>, seed: UInt64, run: Int
  ) -> String? {
    guard let encodable = recording as? any Encodable else { return nil }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ReactorFlowGenerated")
    let file = directory.appendingPathComponent("\(R.self)-\(hex(seed))-run\(run + 1).json")
    do {
      let data = try encoder.encode(encodable)
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try data.write(to: file, options: .atomic)
      return file.path
    } catch {
      return "(not written: \(error))"
    }
  }
}
