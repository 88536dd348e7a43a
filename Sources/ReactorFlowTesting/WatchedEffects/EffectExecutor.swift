import Dispatch
import ReactorFlow

/// The task executor that the effects of reactors run on in tests, and that knows when they have
/// nothing left to run.
///
/// The testing module installs it as the task executor preference of the bodies of `.run`
/// effects (SE-0417) the first time a ``TestClock``, a ``ReactorTester``, a recorder or an
/// expectation is created. The bodies are `@concurrent`, so every job of a body and of what it
/// awaits passes through ``enqueue(_:)``: its start and resumptions, nonisolated functions,
/// `TestClock.sleep`, stream elements, child tasks (`async let`, task groups), default actors. The executor runs them on the global dispatch
/// pool, concurrently as before, and counts them.
///
/// "Quiet" (``quiesce(until:)``) is therefore a fact, not a guess: no job is queued or running
/// here, no main-actor work that the runtime announced is waiting to run, and a round trip
/// through the main actor (where reactors reduce, and where main-actor clients run) saw no new
/// job queued here and no new hop onto the main actor (``MainActorHops``). What it cannot see is
/// work that never runs here: unstructured tasks created inside an effect (`Task { }` and
/// `Task.detached { }` drop the preference) and threads that are not Swift concurrency's.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class EffectExecutor: TaskExecutor, Sendable {
  /// The one executor of the test process, installed for effect tasks on first use.
  static let shared: EffectExecutor = {
    let executor = EffectExecutor()
    EffectHost.installed = executor.host
    MainActorHops.install(reporting: executor)
    return executor
  }()

  private let state = Locked(State())

  private init() {}

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let woken = state.withLock { $0.didEnqueue() }
    for waiter in woken { waiter.resume() }
    DispatchQueue.global().async {
      job.runSynchronously(on: self.asUnownedTaskExecutor())
      let woken = self.state.withLock { $0.didRun() }
      for waiter in woken { waiter.resume() }
    }
  }

  /// The number of jobs enqueued so far plus the events noted with ``noteActivity()``.
  var activityCount: Int {
    state.withLock { $0.activity }
  }

  /// Counts a task's request for the main actor's executor: a hop onto the main actor (see
  /// ``MainActorHops``).
  ///
  /// Called from inside the runtime: it only counts, and wakes no waiter, so that no continuation
  /// is resumed from inside a hop. Requests made outside any task are the main thread's own
  /// machinery (a run loop that polls asks on every turn), not hops, and are left out.
  func mainActorRequested() {
    guard withUnsafeCurrentTask(body: { $0 != nil }) else { return }
    state.withLock { $0.mainActorHops += 1 }
  }

  /// Counts main-actor work of an effect that is queued and has not started (see
  /// ``host``): the executor is not idle while some is.
  func mainWorkQueued() {
    state.withLock { $0.mainWorkQueued() }
  }

  /// See ``mainWorkQueued()``.
  func mainWorkStarted() {
    let woken = state.withLock { $0.mainWorkStarted() }
    for waiter in woken { waiter.resume() }
  }

  /// Counts an event that may let waiting tests go on (a mutation reached a tester).
  func noteActivity() {
    let woken = state.withLock { $0.didNote() }
    for waiter in woken { waiter.resume() }
  }

  /// Marks the start and the end of an `advance` or a `run` of any ``TestClock``: while one is in
  /// progress, quiet effects may still be woken, so a tester keeps waiting.
  func clockDidStartDriving() {
    state.withLock { $0.drivingClocks += 1 }
  }

  /// See ``clockDidStartDriving()``.
  func clockDidStopDriving() {
    let woken = state.withLock { $0.didStopDriving() }
    for waiter in woken { waiter.resume() }
  }

  /// Whether a ``TestClock`` is advancing right now.
  var isClockDriving: Bool {
    state.withLock { $0.drivingClocks > 0 }
  }

  // MARK: - Waiting

  /// Waits until the effect work is quiet: nothing is queued or running on this executor, no
  /// announced main-actor work waits, and ``mainActorRoundTrips`` consecutive round trips through
  /// the main queue saw no new job here and no new hop onto the main actor.
  ///
  /// Runs off this executor whatever the caller prefers, so that a caller that is itself an
  /// effect (or a task that prefers this executor) does not count as work.
  /// - Parameter deadline: When to give up, in real time.
  /// - Returns: `false` when work was still running at `deadline`.
  func quiesce(until deadline: ContinuousClock.Instant) async -> Bool {
    let roundTrips = Self.mainActorRoundTrips
    return await withTaskExecutorPreference(globalConcurrentExecutor) {
      // The mark is the count of jobs, events and hops at the moment the executor was seen idle;
      // one after that moment (and perhaps run already) makes the round trips that follow not
      // quiet.
      guard var mark = await wait(until: deadline, for: .idle) else { return false }
      var quietRoundTrips = 0
      while quietRoundTrips < roundTrips {
        await Self.mainQueueRoundTrip()
        if state.withLock({ $0.quietMark == mark && $0.running == 0 }) {
          quietRoundTrips += 1
        } else {
          quietRoundTrips = 0
          guard let idle = await wait(until: deadline, for: .idle) else { return false }
          mark = idle
        }
      }
      return true
    }
  }

  /// Waits until the main queue, where the main actor runs its jobs, has run everything queued on
  /// it before this call.
  ///
  /// A block on the main dispatch queue, not a job of the main actor: it is queued behind the main
  /// actor's jobs all the same, and it is not a job that ``MainActorHops`` counts, so a waiter's
  /// round trips are never taken for effect work, its own or another test's.
  private static func mainQueueRoundTrip() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      DispatchQueue.main.async { continuation.resume() }
    }
  }

  /// How many consecutive round trips through the main queue must see nothing new.
  ///
  /// The main actor runs jobs in the order they were queued, so a job queued before a round trip
  /// has run when it ends. What a round trip cannot see is a chain of main-actor jobs: under the
  /// task executor preference of effect bodies, the runtime queues a task on the main actor once
  /// more at each `await` of main-actor code that it runs there (a main-actor client, or the frame
  /// that called a body, after the body returns), and each round trip moves such a chain on by one
  /// job. Most links hop through a fresh request for the main actor's executor, which
  /// ``MainActorHops`` counts; some reuse one their function already holds, and a job that was
  /// running at the mark may have hopped before it. Four round trips see a counted link unless two
  /// uncounted ones follow each other, which the shapes measured (an `await` of a main-actor
  /// function from a main-actor function, in a loop) never do. See the "How exact tests work"
  /// article.
  static let mainActorRoundTrips = 4

  /// Waits until a job is enqueued, an activity is noted or a clock stops advancing after
  /// `mark` (an ``activityCount``), or until `deadline`.
  /// - Returns: `false` when nothing happened before `deadline`.
  func waitForActivity(after mark: Int, until deadline: ContinuousClock.Instant) async -> Bool {
    await wait(until: deadline, for: .activity(after: mark)) != nil
  }

  /// Waits until `condition` holds or `deadline` passes.
  /// - Returns: The quiet mark (see `State.quietMark`) at the moment the condition was seen to
  ///   hold, or `nil` when
  ///   `deadline` passed first.
  private func wait(until deadline: ContinuousClock.Instant, for condition: Condition) async -> Int? {
    await withCheckedContinuation { (continuation: CheckedContinuation<Int?, Never>) in
      let (id, mark) = state.withLock { ($0.addWaiter(condition, continuation), $0.quietMark) }
      guard let id else {
        continuation.resume(returning: mark)
        return
      }
      let remaining = ContinuousClock.now.duration(to: deadline)
      let (seconds, attoseconds) = max(remaining, .zero).components
      let nanoseconds = Int(clamping: seconds) &* 1_000_000_000 &+ Int(attoseconds / 1_000_000_000)
      DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) {
        self.state.withLock { $0.removeWaiter(id) }?.resume(returning: nil)
      }
    }
  }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
extension EffectExecutor {
  enum Condition: Sendable {
    case idle
    case activity(after: Int)
  }

  struct Waiter: Sendable {
    let condition: Condition
    let continuation: CheckedContinuation<Int?, Never>
  }

  /// A satisfied waiter, with the quiet mark at the moment its condition held.
  struct Wake: Sendable {
    let continuation: CheckedContinuation<Int?, Never>
    let mark: Int

    func resume() { continuation.resume(returning: mark) }
  }

  /// Everything the lock protects. Mutating methods are the only transitions; those that can
  /// satisfy waiters return their continuations, to be resumed outside the lock.
  struct State: Sendable {
    /// Jobs enqueued and noted events, ever: what may let a waiting tester go on.
    var activity = 0
    /// Hops onto the main actor, ever. Not activity: a tester that waits for activity hops onto
    /// the main actor itself each time it wakes.
    var mainActorHops = 0
    /// Jobs enqueued and not finished running, plus main-actor work queued and not started.
    var running = 0
    var drivingClocks = 0

    /// What changes whenever effect work may have run: a job, a noted event or a hop.
    var quietMark: Int { activity &+ mainActorHops }

    private var waiters: [Int: Waiter] = [:]
    private var nextID = 0

    mutating func didEnqueue() -> [Wake] {
      activity += 1
      running += 1
      return takeSatisfied()
    }

    mutating func didRun() -> [Wake] {
      running -= 1
      return takeSatisfied()
    }

    mutating func mainWorkQueued() {
      activity += 1
      running += 1
    }

    mutating func mainWorkStarted() -> [Wake] {
      running -= 1
      return takeSatisfied()
    }

    mutating func didNote() -> [Wake] {
      activity += 1
      return takeSatisfied()
    }

    mutating func didStopDriving() -> [Wake] {
      drivingClocks -= 1
      activity += 1
      return takeSatisfied()
    }

    /// Registers a waiter, or returns `nil` when its condition already holds.
    mutating func addWaiter(
      _ condition: Condition, _ continuation: CheckedContinuation<Int?, Never>
    ) -> Int? {
      guard !isSatisfied(condition) else { return nil }
      defer { nextID += 1 }
      waiters[nextID] = Waiter(condition: condition, continuation: continuation)
      return nextID
    }

    mutating func removeWaiter(_ id: Int) -> CheckedContinuation<Int?, Never>? {
      waiters.removeValue(forKey: id)?.continuation
    }

    private func isSatisfied(_ condition: Condition) -> Bool {
      switch condition {
      case .idle: running == 0
      case .activity(let mark): activity > mark
      }
    }

    private mutating func takeSatisfied() -> [Wake] {
      guard !waiters.isEmpty else { return [] }
      var satisfied: [Wake] = []
      for (id, waiter) in waiters where isSatisfied(waiter.condition) {
        waiters[id] = nil
        satisfied.append(Wake(continuation: waiter.continuation, mark: quietMark))
      }
      return satisfied
    }
  }
}
