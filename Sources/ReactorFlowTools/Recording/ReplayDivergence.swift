import ReactorFlow

/// A replay that did not reach the recorded states: the reactor's code changed since the
/// recording was made. It names the first step that differs.
public struct ReplayDivergence: Error, CustomStringConvertible {
  /// The first step that differs, counted from 1 (the recording's steps), or `steps.count + 1`
  /// when the replay produced more than the recording holds.
  public let step: Int
  /// What the recording holds at that step.
  public let recorded: String
  /// The fields of the recorded state and the replayed one that differ (`−` recorded, `+`
  /// replayed, under the lines that lead to them), the two mutations of an action, or what the
  /// replay did instead.
  public let difference: String

  /// "Replay diverged at step 4 (mutation add(10) from an effect): …" and the diff.
  public var description: String {
    "Replay diverged at step \(step) (\(recorded)):\n\(difference)"
  }
}
