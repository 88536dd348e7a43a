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

  /// Called when main-actor work of an effect is queued: a new effect task, or an effect task
  /// resumed after the body it waited for ended. `nil` by default.
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
    hooks.queued?()
    return Task(priority: priority) { @MainActor in
      hooks.started?()
      await operation()
    }
  }

  /// Runs the body of a `.run` effect, in a task of its own on ``preferredExecutor`` when one is
  /// set.
  ///
  /// Only the body prefers the executor: the runtime's own code around it stays on the caller's
  /// actor. The body's task inherits the caller's priority and task locals, and is cancelled with
  /// the caller. (Not a task group: leaving a group suspends once more, and that resumption would
  /// happen on the main actor, where a test cannot see it.)
  ///
  /// It is isolated to the main actor, like the runtime code that calls it, so that no step of it
  /// runs on the global executor: every resumption of the caller comes from the watched executor.
  /// - Parameter body: The effect's body.
  @MainActor
  public static func run(_ body: @escaping @Sendable () async throws -> Void) async throws {
    guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *),
      let executor = storage.executor as? any TaskExecutor
    else {
      return try await body()
    }
    let completion = Completion(hooks: storage.hooks)
    let task = Task(executorPreference: executor) {
      do {
        try await body()
        completion.finish(.success(()))
      } catch {
        completion.finish(.failure(error))
      }
    }
    // A continuation, not `task.value`: awaiting `value` hops through the global executor, and
    // the body's task resumes the continuation from the watched executor.
    // `finish` announces the resumption of this task as main-actor work; it starts here.
    defer { completion.hooks.started?() }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { completion.wait($0) }
    } onCancel: {
      task.cancel()
    }
  }

  /// Waits for an effect task that another effect task started, the way ``run(_:)``
  /// runs a body, so that a test sees the waiting task resume.
  /// - Parameter task: The task to wait for.
  @MainActor
  public static func wait(for task: Task<Void, Never>) async {
    try? await run { await task.value }
  }

  /// The outcome of a body's task, handed to the caller's continuation whichever comes first.
  private final class Completion: @unchecked Sendable {
    // `@unchecked Sendable`: `lock` protects `result` and `continuation`.
    private let lock = Lock()
    private var result: Result<Void, any Error>?
    private var continuation: CheckedContinuation<Void, any Error>?
    let hooks: Hooks

    init(hooks: Hooks) {
      self.hooks = hooks
    }

    func finish(_ outcome: Result<Void, any Error>) {
      hooks.queued?()
      lock.lock()
      guard let continuation else {
        result = outcome
        lock.unlock()
        return
      }
      self.continuation = nil
      lock.unlock()
      continuation.resume(with: outcome)
    }

    func wait(_ continuation: CheckedContinuation<Void, any Error>) {
      lock.lock()
      guard let result else {
        self.continuation = continuation
        lock.unlock()
        return
      }
      lock.unlock()
      continuation.resume(with: result)
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
