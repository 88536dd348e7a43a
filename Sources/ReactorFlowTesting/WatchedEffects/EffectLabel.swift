/// Names the effects that one action sent through a ``ReactorTester`` started, and knows whether
/// they have finished and where they sleep, so that a failure can say what it waited for.
///
/// The tester sends the action inside ``current``'s scope: the tasks that the runtime starts for
/// the action copy the value (unstructured tasks copy task-locals), and so do their child tasks.
/// ``TestClock/sleep(until:tolerance:)`` reads it to note that the effect sleeps on the clock.
final class EffectLabel: Sendable {
  /// The label of the effect running in the current task, if a tester started it.
  @TaskLocal static var current: EffectLabel?

  /// "effect started by .load(3) of SearchReactor".
  let name: String

  private let state = Locked(State())

  private struct State {
    var isFinished = false
    var nextSleep = 0
    /// The sleeps in progress on a `TestClock`, by id: "until 0.3 seconds (now 0.0 seconds)".
    var sleeps: [Int: String] = [:]
  }

  init(action: String, reactor: String) {
    name = "effect started by \(action) of \(reactor)"
  }

  /// Whether every task the action started has finished.
  var isFinished: Bool {
    state.withLock { $0.isFinished }
  }

  func markFinished() {
    state.withLock { $0.isFinished = true }
  }

  /// The sleeps on test clocks in progress, described.
  var sleeps: [String] {
    state.withLock { state in state.sleeps.keys.sorted().compactMap { state.sleeps[$0] } }
  }

  /// Notes a sleep on a test clock; returns its id for ``endSleep(_:)``.
  func beginSleep(_ description: String) -> Int {
    state.withLock { state in
      defer { state.nextSleep += 1 }
      state.sleeps[state.nextSleep] = description
      return state.nextSleep
    }
  }

  func endSleep(_ id: Int) {
    _ = state.withLock { $0.sleeps.removeValue(forKey: id) }
  }

  /// "effect started by .load(3) of SearchReactor is sleeping on a TestClock until 0.3 seconds
  /// (now 0.0 seconds)", or "... is suspended outside the test clock (...)".
  func describeWait(after timeout: Duration?) -> String {
    let sleeps = sleeps
    if !sleeps.isEmpty {
      return "\(name) is sleeping on a TestClock \(sleeps.joined(separator: " and "))"
    }
    let elapsed = timeout.map { " after \($0)" } ?? ""
    return """
      \(name) is suspended outside the test clock (awaiting something that is not \
      TestClock.sleep)\(elapsed)
      """
  }
}
