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
  /// The body is `@concurrent`: it runs off the main actor, on the global executor in production
  /// and on the preferred executor in a test, where every job of it is seen: its start, its
  /// resumptions (after a sleep, a stream element, a service call), and the jobs of what it awaits
  /// (child tasks, default actors). Only its hops onto the main actor (each `send`, and the return
  /// into the runtime) are not jobs of that executor. A `send` is queued on the main actor by a
  /// job of the executor before that job ends, so a watcher sees it through the main actor's order;
  /// the return is announced (``onMainWorkQueued``) by the body's own frame before it returns.
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
      return try await body(send)  // Production: the global executor.
    }
    let hooks = storage.hooks
    // Entering and leaving the preference's scope are announced as main-actor work too, in case
    // either queues this task's main-actor frame once more.
    hooks.queued?()
    defer { hooks.started?() }
    try await withTaskExecutorPreference(executor) {
      hooks.started?()
      defer { hooks.queued?() }  // Leaving the scope, announced after the return has run.
      defer { hooks.started?() }  // The return from the body has run.
      try await announcingReturn(of: body, send, hooks)
    }
  }

  /// Calls `body` on the preferred executor and announces, from there, the main-actor job that
  /// its return queues.
  @concurrent
  private static func announcingReturn<Output>(
    of body: Effect<Output>.Body, _ send: Send<Output>, _ hooks: Hooks
  ) async throws {
    defer { hooks.queued?() }
    try await body(send)
  }

  /// Runs `body` the way ``run(_:sending:)`` runs the body of an effect without outputs.
  /// - Parameter body: The work.
  @MainActor
  public static func run(
    _ body: @concurrent @escaping @Sendable () async throws -> Void
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
