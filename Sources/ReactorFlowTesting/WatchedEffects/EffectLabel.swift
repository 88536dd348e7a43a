/// Names the effects that one action sent through a ``ReactorTester`` started, and knows whether
/// they have finished and where they sleep, so that a failure can say what it waited for.
///
/// The tester sends the action inside ``current``'s scope: the tasks that the runtime starts for
/// the action copy the value (unstructured tasks copy task-locals), and so do their child tasks.
/// ``TestClock/sleep(until:tolerance:)`` reads it to note that the effect sleeps on the clock, and
/// a ``Spy`` that never returns to note that the effect awaits it: both are waits that only the
/// test can end.
final class EffectLabel: Sendable {
  /// The label of the effect running in the current task, if a tester started it.
  @TaskLocal static var current: EffectLabel?

  /// "effect started by .load(3) of SearchReactor".
  let name: String

  private let state = Locked(State())

  private struct State {
    var isFinished = false
    var nextWait = 0
    /// The waits in progress that only the test can end, by id: "sleeping on a TestClock until
    /// 0.3 seconds (now 0.0 seconds)", "awaiting Spy "search(query:)", which never returns".
    var waits: [Int: String] = [:]
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

  /// The waits in progress that only the test can end (a sleep on a test clock, a spy that
  /// never returns), described.
  var waits: [String] {
    state.withLock { state in state.waits.keys.sorted().compactMap { state.waits[$0] } }
  }

  /// Notes a wait that only the test can end; returns its id for ``endWait(_:)``.
  /// - Parameter description: What the effect does, after "is": "sleeping on a TestClock until
  ///   ...".
  func beginWait(_ description: String) -> Int {
    state.withLock { state in
      defer { state.nextWait += 1 }
      state.waits[state.nextWait] = description
      return state.nextWait
    }
  }

  func endWait(_ id: Int) {
    _ = state.withLock { $0.waits.removeValue(forKey: id) }
  }

  /// "effect started by .load(3) of SearchReactor is sleeping on a TestClock until 0.3 seconds
  /// (now 0.0 seconds)", "... is awaiting Spy "search(query:)", which never returns
  /// (neverReturns())", or "... is suspended outside the test clock (...)".
  func describeWait(after timeout: Duration?) -> String {
    let waits = waits
    if !waits.isEmpty {
      return "\(name) is \(waits.joined(separator: " and "))"
    }
    let elapsed = timeout.map { " after \($0)" } ?? ""
    return """
      \(name) is suspended outside the test clock (awaiting something that is not \
      TestClock.sleep)\(elapsed)
      """
  }
}
