import ReactorFlow
import ReactorFlowTools

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// `recording-counts <case> <N>`: the recording cases, as `instruction-counts` runs the others
/// (count.sh runs it under callgrind with `N` and `2N`). They record and replay the same counter
/// as `counter-sync`, in an executable of their own: compiled next to the other cases, the
/// counter's specializations would serve both, and the optimizer would inline them differently
/// for `counter-sync` and `counter-fanout`.
@main
enum RecordingCounts {
  static let cases = ["recording", "replay-step"]

  @MainActor
  static func main() {
    let arguments = CommandLine.arguments
    guard arguments.count == 3, cases.contains(arguments[1]), let count = Int(arguments[2]), count > 0
    else {
      print("usage: recording-counts <case> <N>   (N > 0; cases: \(cases.joined(separator: ", ")))")
      exit(2)
    }
    let checksum = arguments[1] == "recording" ? recording(count) : replaySteps(count)
    print("\(arguments[1]) \(count) \(checksum)")
  }
}

/// `recording`: `count` actions on the counter, observed through `observe(\.value)` as in
/// `counter-sync`, while a `SessionRecorder` records them on a `ContinuousClock`. One iteration is
/// one action, which records two steps (the action and its mutation with the state), and frees
/// them at the end; reading `recording` once, which builds its steps, is not part of it.
@MainActor
func recording(_ count: Int) -> Int {
  let reactor = Counter()
  let tally = Tally()
  let token = reactor.observe(\.value) { tally.sum &+= $0 }
  let recorder = reactor.recordSession(clock: ContinuousClock())
  for _ in 0..<count { reactor.send(.increment) }
  recorder.stop()
  precondition(reactor.currentState.value == count, "an action was lost")
  precondition(tally.sum == count &* (count &+ 1) / 2, "the observer missed a value")
  withExtendedLifetime(token) {}
  return tally.sum
}

/// `replay-step`: a recording of 5,000 actions (10,000 steps) made once, then replayed into fresh
/// counters until `count` steps have been replayed. One iteration is one step: an action sent, or a
/// mutation and its state compared with the recorded ones (`==`).
@MainActor
func replaySteps(_ count: Int) -> Int {
  let steps = 10_000
  precondition(count % steps == 0, "N must be a multiple of \(steps)")
  let recorded = Counter()
  let recorder = recorded.recordSession(clock: ContinuousClock())
  for _ in 0..<steps / 2 { recorded.send(.increment) }
  recorder.stop()
  let recording = recorder.recording
  precondition(recording.steps.count == steps, "a step was not recorded")
  var sum = 0
  for _ in 0..<count / steps {
    let reactor = Counter()
    do {
      try reactor.replay(recording)
    } catch {
      preconditionFailure("the replay diverged: \(error)")
    }
    sum &+= reactor.currentState.value
  }
  precondition(sum == count / 2, "a step was not replayed")
  return sum
}
