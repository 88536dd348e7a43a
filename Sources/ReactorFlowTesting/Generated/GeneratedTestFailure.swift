import ReactorFlowTools
/// A broken invariant, shrunk to a minimal sequence, with what it takes to keep it as a test.
///
/// Its ``description`` is the message the test framework shows: the invariant, the seed, the
/// minimal sequence, the state diff of the step that broke it, the sequence as a
/// ``ReactorTester`` test and where its recording was written.
public struct GeneratedTestFailure<R: Reactor>: CustomStringConvertible {
  /// The name of the invariant that broke.
  public let invariant: String
  /// The minimal sequence that breaks it, in order; it breaks at the last step (or at the
  /// initial state, when empty).
  public let steps: [GeneratedTest<R>.Step]
  /// How many steps the run had when it first broke the invariant, before shrinking.
  public let originalStepCount: Int
  /// How many replays shrinking took.
  public let replays: Int
  /// The seed of the test.
  public let seed: UInt64
  /// The run that failed, from 0.
  public let run: Int
  /// The lines of the state that broke the invariant that differ from the state before
  /// (`−` before, `+` after), under the fields that lead to them.
  public let stateDifference: String
  /// The sequence as a test to paste, on a ``ReactorTester`` made with
  /// ``GeneratedTest/reactorExpression``: each step asserts the state it reached; the step that
  /// broke the invariant leaves its state for the test to write, so the test fails there until
  /// the reducer is fixed and the expected state is written.
  public let testerSource: String
  /// The minimal sequence as a recording of the run (see `recordSession(clock:)`):
  /// `assertReplays` replays it into a fresh reactor, reaching the same states.
  public let recording: ReactorRecording<R.Action, R.Mutation, R.State>
  /// Where the recording was written as JSON, when `Action` and `Mutation` are `Codable`.
  public let recordingFile: String?
  /// Whether replaying the minimal sequence broke the invariant again: `false` when the reactor
  /// does not behave the same for the same sequence (an effect that races another, a real
  /// clock), which the message then says.
  public let reproduces: Bool

  /// The failure message.
  public let description: String
}
