/// A clock whose time moves only when a test moves it.
///
/// Inject it where production code takes a clock (`any Clock<Duration>`, `some Clock`), then
/// drive time with ``advance(by:fileID:filePath:line:column:)``,
/// ``advance(to:fileID:filePath:line:column:)`` and ``run(maxWakeUps:fileID:filePath:line:column:)``.
/// A 10-minute debounce then takes microseconds, and the test sees every step.
///
/// - Sleepers wake in deadline order (equal deadlines in the order they went to sleep), and `now`
///   reads each sleeper's deadline when it wakes.
/// - After waking a sleeper (or running a scheduled closure) the clock waits until the effect work
///   is quiet before it looks for the next deadline: every job of the effects of reactors has run
///   and each effect is finished or suspended (on this clock or on anything else). This is a fact
///   that the clock observes, not a number of rounds: an effect that computes for 5 ms before its
///   next `sleep` is waited for (see ``advance(to:fileID:filePath:line:column:)``).
/// - Cancelling a sleeping task ends its sleep at once with `CancellationError`.
/// - Work can be scheduled at virtual times with ``schedule(at:_:)-(Int,_)`` (a tick),
///   ``schedule(at:_:)-(TestClock.Instant,_)`` (an instant) and ``schedule(_:_:)``, like the hot
///   observables of RxTest's `TestScheduler`.
///
/// ```swift
/// let clock = TestClock()
/// let reactor = StopwatchReactor(clock: clock)
/// reactor.send(.start)
/// await clock.advance(by: .seconds(3))
/// XCTAssertEqual(reactor.currentState.seconds, 3)
/// ```
public final class TestClock: Clock, Sendable {
  /// A point in the clock's virtual time.
  public typealias Instant = VirtualInstant

  /// The unit of the integer times used by ``StateRecorder`` and ``schedule(_:_:)``; one second
  /// unless the clock was created with another.
  public let tick: Duration

  /// How long, in real time, a step of ``advance(by:fileID:filePath:line:column:)`` or
  /// ``run(maxWakeUps:fileID:filePath:line:column:)`` waits for effect work that keeps running
  /// (never suspends) before it reports a failure and goes on. It bounds a failing test (an
  /// effect that loops without awaiting); a passing test never waits for it.
  public let timeout: Duration

  private let state = Locked(State())

  /// Creates a clock at time zero.
  /// - Parameters:
  ///   - tick: The duration of one tick of the integer times of ``Recorded`` events.
  ///   - timeout: The real-time bound of a wait for running effect work; see ``timeout``.
  public init(tick: Duration = .seconds(1), timeout: Duration = .seconds(5)) {
    self.tick = tick
    self.timeout = timeout
    WatchedEffects.install()
  }

  /// The current virtual time.
  public var now: Instant {
    state.withLock { $0.now }
  }

  /// The clock has no resolution limit: a sleep ends exactly at its deadline.
  public var minimumResolution: Duration { .zero }

  /// The number of sleepers and scheduled closures that have not run yet.
  public var pendingCount: Int {
    state.withLock { $0.entries.count }
  }

  // MARK: - Sleeping

  /// Suspends the current task until the clock reaches `deadline`.
  ///
  /// Returns at once when the deadline is not in the future. Throws `CancellationError` when the
  /// task is cancelled, before or during the sleep.
  /// - Parameters:
  ///   - deadline: The instant to wake at.
  ///   - tolerance: Ignored: virtual time is exact.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let labelledSleep = beginLabelledSleep(until: deadline)
    defer { if let labelledSleep { labelledSleep.label.endWait(labelledSleep.id) } }
    let id = state.withLock { $0.makeID() }
    // Unsafe rather than checked: a checked continuation allocates a canary for each sleeper,
    // and the lock already makes each continuation resumed exactly once (by whoever removes its
    // entry).
    try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
        let outcome = state.withLock { $0.register(id, deadline, continuation) }
        switch outcome {
        case .wait:
          break
        case .wakeNow:
          continuation.resume()
        case .cancelled:
          continuation.resume(throwing: CancellationError())
        }
      }
    } onCancel: {
      let continuation = state.withLock { $0.cancel(id) }
      continuation?.resume(throwing: CancellationError())
    }
    // `advance` waits for this acknowledgement (for sleepers that are not effects, which the
    // effect executor does not see) before it waits for the effect work to be quiet.
    let acknowledgement = state.withLock { $0.didResume(id) }
    acknowledgement?.resume()
  }

  /// Notes the sleep on the current effect's label, for the tester's failures ("effect started
  /// by .load(3) is sleeping on a TestClock until ..."). Out of line: the description's code
  /// would otherwise take room in `sleep`'s frame, which stays allocated while the task sleeps.
  @inline(never)
  private func beginLabelledSleep(until deadline: Instant) -> (label: EffectLabel, id: Int)? {
    guard let label = EffectLabel.current else { return nil }
    return (label, label.beginWait("sleeping on a TestClock until \(deadline) (now \(now))"))
  }

  // MARK: - Moving time

  /// Moves time forward by `duration`, waking in order every sleeper and running every scheduled
  /// closure whose deadline is passed.
  ///
  /// `advance(by: .zero)` runs what is due now, for example the inputs scheduled at tick 0.
  /// - Parameters:
  ///   - duration: How far to move; negative durations are a failure.
  ///   - fileID: The caller's file, for failures.
  ///   - filePath: The caller's file path, for failures.
  ///   - line: The caller's line, for failures.
  ///   - column: The caller's column, for failures.
  public func advance(
    by duration: Duration = .zero,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await advance(
      to: now.advanced(by: duration), fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Moves time forward to `deadline`, waking in order every sleeper and running every scheduled
  /// closure whose deadline is passed.
  ///
  /// Each wake-up is one step: `now` becomes the sleeper's deadline, the sleeper resumes, and the
  /// clock waits until the effect work is quiet before it looks for the next deadline. Quiet means
  /// that every job of the effects of reactors (their tasks, child tasks and the default actors
  /// they call) has run, and round trips through the main actor started no new one: each effect
  /// has finished, sleeps on a test clock, or is suspended on something else (a stream the test
  /// feeds, a real network call). The clock does not wait for the latter; ``ReactorTester`` names
  /// it when a mutation does not arrive. Work started outside effects is not seen: unstructured
  /// tasks (`Task { }` inside an effect, or in the test) unless they were started with
  /// `Task(executorPreference: TestClock.executor)`.
  /// - Parameters:
  ///   - deadline: The instant to move to; an instant in the past is a failure.
  ///   - fileID: The caller's file, for failures.
  ///   - filePath: The caller's file path, for failures.
  ///   - line: The caller's line, for failures.
  ///   - column: The caller's column, for failures.
  public func advance(
    to deadline: Instant,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let start = now
    guard deadline >= start else {
      reportFailure(
        """
        TestClock cannot move back in time: it is at \(start), and advance was asked to go to \
        \(deadline). Likely cause: an absolute instant computed before an earlier advance. Fix: \
        advance(by:) a positive duration, or compute the deadline from clock.now.
        """,
        at: location)
      return
    }
    await WatchedEffects.driving {
      await settle("advance", location)
      while await wakeNext(upTo: deadline, location) {}
      state.withLock { $0.now = max($0.now, deadline) }
    }
  }

  /// Moves time forward until no sleeper and no scheduled closure is left.
  ///
  /// Work that schedules itself forever (a timer that nobody stops) never ends; after
  /// `maxWakeUps` wake-ups the clock stops and reports a failure instead of hanging the test.
  /// - Parameters:
  ///   - maxWakeUps: The most wake-ups to perform before giving up.
  ///   - fileID: The caller's file, for failures.
  ///   - filePath: The caller's file path, for failures.
  ///   - line: The caller's line, for failures.
  ///   - column: The caller's column, for failures.
  public func run(
    maxWakeUps: Int = 10_000,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await WatchedEffects.driving {
      await settle("run", location)
      var wakeUps = 0
      while let next = state.withLock({ $0.nextDeadline }) {
        guard wakeUps < maxWakeUps else {
          reportFailure(
            """
            TestClock.run() woke \(wakeUps) sleepers and work is still scheduled (next at \(next), \
            \(pendingCount) pending, now \(now)). Likely cause: a timer or a loop that sleeps \
            forever, such as a stopwatch that was never stopped. Fix: stop or cancel that work \
            before run(), or advance(by:) a bounded duration instead; if the work really is that \
            long, pass a larger maxWakeUps.
            """,
            at: location)
          return
        }
        _ = await wakeNext(upTo: next, location)
        wakeUps += 1
      }
    }
  }

  /// Wakes the earliest sleeper (or runs the earliest closure) due by `limit`.
  /// - Returns: `false` when nothing was due.
  private func wakeNext(upTo limit: Instant, _ location: SourceLocation) async -> Bool {
    guard let entry = state.withLock({ $0.popEarliest(upTo: limit) }) else { return false }
    switch entry.kind {
    case .sleeper(let continuation):
      await withCheckedContinuation { (acknowledgement: CheckedContinuation<Void, Never>) in
        continuation.resume()
        let hasResumed = state.withLock { $0.awaitResumption(of: entry.id, acknowledgement) }
        if hasResumed { acknowledgement.resume() }
      }
    case .action(let action):
      await MainActor.run(body: action)
    }
    await settle(
      entry.isSleeper ? "the wake-up at \(entry.deadline)" : "the closure scheduled at \(entry.deadline)",
      location)
    return true
  }

  // MARK: - Scheduling

  /// Adds a closure to run on the main actor when the clock reaches `instant`.
  /// - Parameters:
  ///   - instant: When to run it.
  ///   - action: The work, typically `reactor.send(...)`.
  func enqueue(at instant: Instant, _ action: @escaping @MainActor @Sendable () -> Void) {
    state.withLock { $0.enqueue(instant, action) }
  }

  /// The integer tick of `instant`, in units of ``tick``, rounded down.
  func ticks(at instant: Instant) -> Int {
    let ratio = instant.offset / tick
    // A tiny epsilon so that 0.3 s / 0.1 s counts as 3 ticks, not 2.
    return Int((ratio + 1e-9).rounded(.down))
  }

  /// Waits until the effect work is quiet; reports a failure if it still runs after ``timeout``.
  private func settle(_ step: @autoclosure () -> String, _ location: SourceLocation) async {
    guard await !WatchedEffects.quiesce(until: .now + timeout) else { return }
    reportFailure(
      """
      TestClock waited \(timeout) after \(step()) for effect work that kept running without \
      suspending (now \(now)). Likely cause: an effect that loops or computes without awaiting. \
      Fix: make the loop await (a sleep on this clock, a stream), or pass a longer timeout to \
      TestClock(timeout:) if the work really is that long.
      """,
      at: location)
  }

  deinit {
    // A clock is only released when no task sleeps on it (a sleeper keeps it alive), but resume
    // defensively so that no continuation leaks.
    let continuations = state.withLock { $0.drain() }
    for continuation in continuations { continuation.resume(throwing: CancellationError()) }
  }
}

// MARK: - State

extension TestClock {
  enum Outcome {
    case wait, wakeNow, cancelled
  }

  struct Entry: Sendable {
    enum Kind: Sendable {
      case sleeper(UnsafeContinuation<Void, any Error>)
      case action(@MainActor @Sendable () -> Void)
    }

    let id: Int
    let deadline: Instant
    let kind: Kind

    var isSleeper: Bool {
      if case .sleeper = kind { return true }
      return false
    }
  }

  /// Everything the lock protects. Mutating methods are the only transitions.
  struct State: Sendable {
    var now = Instant()
    var entries: [Entry] = []
    private var nextID = 0
    /// Sleeps that have an id but no entry yet, between `makeID` and `register`.
    private var unregistered: Set<Int> = []
    /// Sleeps cancelled before they registered.
    private var cancelledEarly: Set<Int> = []
    /// Sleepers that `advance` woke and whose task has not acknowledged yet.
    private var woken: Set<Int> = []
    /// Woken sleepers whose task has resumed before `advance` waited for it.
    private var resumedEarly: Set<Int> = []
    /// `advance` calls waiting for a woken sleeper's task to resume.
    private var acknowledgements: [Int: CheckedContinuation<Void, Never>] = [:]

    mutating func makeID() -> Int {
      defer { nextID += 1 }
      unregistered.insert(nextID)
      return nextID
    }

    mutating func register(
      _ id: Int, _ deadline: Instant, _ continuation: UnsafeContinuation<Void, any Error>
    ) -> Outcome {
      unregistered.remove(id)
      if cancelledEarly.remove(id) != nil { return .cancelled }
      if deadline <= now { return .wakeNow }
      entries.append(Entry(id: id, deadline: deadline, kind: .sleeper(continuation)))
      return .wait
    }

    mutating func enqueue(_ deadline: Instant, _ action: @escaping @MainActor @Sendable () -> Void) {
      defer { nextID += 1 }
      entries.append(Entry(id: nextID, deadline: deadline, kind: .action(action)))
    }

    /// Removes a cancelled sleeper and returns its continuation, or remembers an early cancel.
    mutating func cancel(_ id: Int) -> UnsafeContinuation<Void, any Error>? {
      if let index = entries.firstIndex(where: { $0.id == id }),
        case .sleeper(let continuation) = entries[index].kind
      {
        entries.remove(at: index)
        return continuation
      }
      if unregistered.contains(id) { cancelledEarly.insert(id) }
      return nil
    }

    var nextDeadline: Instant? {
      entries.min(by: Self.isEarlier)?.deadline
    }

    mutating func popEarliest(upTo limit: Instant) -> Entry? {
      guard let index = entries.indices.min(by: { Self.isEarlier(entries[$0], entries[$1]) }),
        entries[index].deadline <= limit
      else { return nil }
      let entry = entries.remove(at: index)
      now = max(now, entry.deadline)
      if case .sleeper = entry.kind { woken.insert(entry.id) }
      return entry
    }

    /// Called by the woken sleeper; returns the `advance` waiting for it, if it already waits.
    mutating func didResume(_ id: Int) -> CheckedContinuation<Void, Never>? {
      guard woken.remove(id) != nil else { return nil }
      if let acknowledgement = acknowledgements.removeValue(forKey: id) { return acknowledgement }
      resumedEarly.insert(id)
      return nil
    }

    /// Called by `advance`; returns `true` when the sleeper has already resumed.
    mutating func awaitResumption(
      of id: Int, _ acknowledgement: CheckedContinuation<Void, Never>
    ) -> Bool {
      if resumedEarly.remove(id) != nil { return true }
      acknowledgements[id] = acknowledgement
      return false
    }

    mutating func drain() -> [UnsafeContinuation<Void, any Error>] {
      defer { entries.removeAll() }
      return entries.compactMap { entry in
        if case .sleeper(let continuation) = entry.kind { return continuation }
        return nil
      }
    }

    private static func isEarlier(_ lhs: Entry, _ rhs: Entry) -> Bool {
      (lhs.deadline, lhs.id) < (rhs.deadline, rhs.id)
    }
  }
}
