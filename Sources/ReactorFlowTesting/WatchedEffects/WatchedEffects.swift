/// The effects of the reactors under test, as the test clock and the tester watch them, on
/// every system: exact through ``EffectExecutor`` where task executors exist (Linux, macOS 15,
/// iOS 18 and later), and a bounded settle as the last resort on older Apple systems.
enum WatchedEffects {
  /// Makes effect tasks run on the watched executor from now on. Called by every entry point of
  /// the testing module that waits for effects (a clock, a tester, a recorder, an expectation).
  static func install() {
    if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
      _ = EffectExecutor.shared
    }
  }

  /// Waits until the effect work is quiet (see ``EffectExecutor/quiesce(until:)``).
  /// - Parameter deadline: When to give up, in real time.
  /// - Returns: `false` when work was still running at `deadline`.
  static func quiesce(until deadline: ContinuousClock.Instant) async -> Bool {
    if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
      return await EffectExecutor.shared.quiesce(until: deadline)
    }
    await settle()
    return true
  }

  /// A counter that grows whenever effect work runs; see ``waitForActivity(after:until:)``.
  static var activityCount: Int {
    if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
      return EffectExecutor.shared.activityCount
    }
    return 0
  }

  /// Waits until effect work runs again after `mark` (an ``activityCount``), or `deadline`.
  /// - Returns: `false` when nothing happened before `deadline`.
  static func waitForActivity(after mark: Int, until deadline: ContinuousClock.Instant) async -> Bool {
    if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
      return await EffectExecutor.shared.waitForActivity(after: mark, until: deadline)
    }
    await settle()
    return ContinuousClock.now < deadline
  }

  /// Counts an event that may let a waiting tester go on.
  static func noteActivity() {
    if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
      EffectExecutor.shared.noteActivity()
    }
  }

  /// Runs `body` as a clock's `advance` or `run`, during which quiet effects may still wake.
  static func driving<T>(_ body: () async -> T) async -> T {
    if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
      EffectExecutor.shared.clockDidStartDriving()
      defer { EffectExecutor.shared.clockDidStopDriving() }
      return await body()
    }
    return await body()
  }

  /// Whether a ``TestClock`` is advancing right now.
  static var isClockDriving: Bool {
    if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
      return EffectExecutor.shared.isClockDriving
    }
    return false
  }

  /// The last resort where task executors do not exist: a bounded number of round trips through
  /// the main actor and the global executor, enough for work that only waits on a test clock and
  /// does little between two sleeps; not exact.
  private static func settle() async {
    for _ in 0..<12 {
      await MainActor.run {}
      await Task.detached(priority: .low) { await Task.yield() }.value
    }
  }
}
