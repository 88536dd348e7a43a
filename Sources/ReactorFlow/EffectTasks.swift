/// Starts the tasks that run effects, and runs effect bodies on the executor a test asks for.
///
/// A hook for ReactorFlowTesting (`@_spi(Testing) import ReactorFlow`): its test clock and tester
/// install a task executor that they watch, so that they know when the effects of the reactors
/// under test have nothing left to run. Production code never sets it: effect bodies then run on
/// the global concurrent executor, hopping to the main actor to deliver their outputs.
@_spi(Testing)
public enum EffectTasks {
  /// The executor that the bodies of `.run` effects prefer (SE-0417), or `nil` for the default.
  ///
  /// A task executor preference is kept by the body's child tasks (`async let`, task groups), by
  /// the default actors it calls, and by every resumption of the body, but not by the unstructured
  /// tasks it creates (`Task { }`, `Task.detached { }`).
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  public static var preferredExecutor: (any TaskExecutor)? {
    get { storage.executor as? any TaskExecutor }
    set { storage.executor = newValue }
  }

  /// Called when main-actor work of an effect may be queued: a new effect task, or the entry
  /// into or the exit from the executor preference of a `.run` body. `nil` by default.
  ///
  /// Such work is queued on the main actor, where a watcher cannot see it; each call is matched
  /// by one call of ``onMainWorkStarted`` when the work starts running.
  public static var onMainWorkQueued: (@Sendable () -> Void)? {
    get { storage.hooks.queued }
    set { storage.hooks.queued = newValue }
  }

  /// Called on the main actor when the work announced by ``onMainWorkQueued`` starts running.
  public static var onMainWorkStarted: (@Sendable () -> Void)? {
    get { storage.hooks.started }
    set { storage.hooks.started = newValue }
  }

  /// Starts a task for effect work.
  /// - Parameters:
  ///   - priority: The task's priority.
  ///   - operation: The work.
  /// - Returns: The task.
  @discardableResult
  public static func start(
    priority: TaskPriority? = nil,
    operation: @escaping @MainActor @Sendable () async -> Void
  ) -> Task<Void, Never> {
    let hooks = storage.hooks
    guard let queued = hooks.queued else {
      return Task(priority: priority, operation: operation)  // Production: no wrapper.
    }
    queued()
    return Task(priority: priority) { @MainActor in
      hooks.started?()
      await operation()
    }
  }

  /// Runs the body of a `.run` effect, preferring ``preferredExecutor`` when one is set.
  ///
  /// The body runs on the main actor either way (it is `nonisolated(nonsending)` and called
  /// from there); in a test, what it awaits off the main actor (nonisolated functions, default
  /// actors, `TestClock.sleep`) runs on the preferred executor, and so do its resumptions from
  /// other threads. The scope is the body's alone: the runtime's code around it keeps no
  /// preference. (Not a separate task: with a task executor preference, a `nonisolated
  /// (nonsending)` body called from a main-actor function of another task was measured to run
  /// on the preferred executor instead of the main actor.)
  /// - Parameters:
  ///   - body: The effect's body.
  ///   - send: What the body sends its outputs with.
  @MainActor
  public static func run<Output>(
    _ body: @escaping Effect<Output>.Body, sending send: Send<Output>
  ) async throws {
    guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *),
      let executor = storage.executor as? any TaskExecutor
    else {
      return try await body(send)
    }
    // The hops of this task onto the main actor that a watcher cannot see are announced as
    // main-actor work until they have run: entering the scope, the return from the body (with a
    // task executor preference, a body that suspended was measured to queue the frame that
    // called it on the main actor once more, Swift 6.3 for Linux), and leaving the scope. The
    // return is announced by the frame that calls the body itself, so that no closure of the
    // runtime's own lies between them.
    let hooks = storage.hooks
    hooks.queued?()
    defer { hooks.started?() }
    try await withTaskExecutorPreference(executor) {
      hooks.started?()
      defer { hooks.queued?() }  // Leaving the scope, announced after the return has run.
      defer { hooks.started?() }  // The return from the body has run.
      try await announcingReturn(of: body, send, hooks)
    }
  }

  /// Calls `body` and announces the main-actor job that its return queues.
  private nonisolated(nonsending) static func announcingReturn<Output>(
    of body: Effect<Output>.Body, _ send: Send<Output>, _ hooks: Hooks
  ) async throws {
    defer { hooks.queued?() }
    try await body(send)
  }

  /// Runs `body` the way ``run(_:sending:)`` runs the body of an effect without outputs.
  /// - Parameter body: The work.
  @MainActor
  public static func run(
    _ body: nonisolated(nonsending) @escaping @Sendable () async throws -> Void
  ) async throws {
    try await run({ _ in try await body() }, sending: Send<Never> { _ in })
  }

  /// Waits for an effect task that another effect task started, the way ``run(_:)``
  /// runs a body, so that a test sees the waiting task resume.
  /// - Parameter task: The task to wait for.
  @MainActor
  public static func wait(for task: Task<Void, Never>) async {
    guard storage.executor != nil else {
      return await task.value  // Production: no preference to install.
    }
    try? await run({ _ in await task.value }, sending: Send<Never> { _ in })
  }

  /// Whether a test installed a watched executor (``preferredExecutor``).
  public static var isWatched: Bool {
    storage.executor != nil
  }

  /// Iterates `sequence` off the main actor, on the watched executor, and hands each element to
  /// `deliver` (which hops to the main actor).
  ///
  /// Used by `Effect.sequence` in tests only. Iterated on the main actor, as in production, the
  /// consumer resumes on the main actor when an element is yielded there (by a `TestClock.schedule`
  /// closure, say), and a watcher cannot see that job; iterated here, each resumption is a job of
  /// the watched executor, counted like any other.
  /// - Parameters:
  ///   - sequence: The elements.
  ///   - deliver: Sends one element to the reactor.
  @concurrent
  public static func forEach<S: AsyncSequence & Sendable>(
    in sequence: S, _ deliver: @escaping @Sendable (S.Element) async -> Void
  ) async throws where S.Element: Sendable {
    for try await element in sequence {
      await deliver(element)
    }
  }

  private static let storage = Storage()

  /// The two main-actor work callbacks, read together.
  struct Hooks: Sendable {
    var queued: (@Sendable () -> Void)?
    var started: (@Sendable () -> Void)?
  }

  /// The hooks, with the executor typed as `any Sendable` so that the storage needs no
  /// availability.
  private final class Storage: @unchecked Sendable {
    // `@unchecked Sendable`: `lock` protects both stored properties; every access goes through
    // the computed ones.
    private let lock = Lock()
    private var storedExecutor: (any Sendable)?
    private var storedHooks = Hooks()

    var executor: (any Sendable)? {
      get { locked { storedExecutor } }
      set { locked { storedExecutor = newValue } }
    }

    var hooks: Hooks {
      get { locked { storedHooks } }
      set { locked { storedHooks = newValue } }
    }

    private func locked<T>(_ body: () -> T) -> T {
      lock.lock()
      defer { lock.unlock() }
      return body()
    }
  }
}
