/// Where effect tasks start and effect bodies run: directly in production, through the host that
/// ReactorFlowTesting installs in a test, which runs them on an executor it counts jobs on.
///
/// With no host installed, starting an effect is a plain `Task` and running a `.run` body is a
/// plain call: no lock, no wrapper, one load of ``installed``. The core knows nothing of what the
/// host does; the testing module installs one, once per process, the first time a test clock, a
/// tester, a recorder or an expectation is made.
@usableFromInline
package final class EffectHost: Sendable {
  /// Starts an effect task with the given priority and work.
  @usableFromInline package let start:
    @Sendable (TaskPriority?, @escaping @MainActor @Sendable () async -> Void) -> Task<Void, Never>
  /// Runs effect work (a `.run` body, a wait for another effect task) that is `@concurrent`.
  @usableFromInline package let run:
    @MainActor @Sendable (@escaping @concurrent @Sendable () async throws -> Void) async throws -> Void

  /// Makes a host.
  /// - Parameters:
  ///   - start: Starts an effect task.
  ///   - run: Runs effect work.
  package init(
    start:
      @escaping @Sendable (TaskPriority?, @escaping @MainActor @Sendable () async -> Void) -> Task<
        Void, Never
      >,
    run:
      @escaping @MainActor @Sendable (@escaping @concurrent @Sendable () async throws -> Void) async throws
      -> Void
  ) {
    self.start = start
    self.run = run
  }

  /// The installed host, or `nil` in production.
  ///
  /// `nonisolated(unsafe)`: written once per process, by the testing module's one-time
  /// initialisation, before the effects it watches start, and never written again; read on every
  /// effect start with one plain load (a lock would cost more than the rest of the start). A
  /// reader that races the one write sees `nil` and runs that effect unwatched.
  @usableFromInline package nonisolated(unsafe) static var installed: EffectHost?
}

extension EffectHost {
  /// Starts a task for effect work.
  /// - Parameters:
  ///   - priority: The task's priority.
  ///   - operation: The work.
  /// - Returns: The task.
  @inlinable
  @discardableResult
  package static func startTask(
    priority: TaskPriority? = nil,
    operation: @escaping @MainActor @Sendable () async -> Void
  ) -> Task<Void, Never> {
    guard let host = installed else {
      return Task(priority: priority, operation: operation)
    }
    return host.start(priority, operation)
  }

  /// Runs the body of a `.run` effect. The body is `@concurrent`: it runs off the main actor.
  /// - Parameters:
  ///   - body: The effect's body.
  ///   - send: What the body sends its elements with.
  @inlinable
  @MainActor
  static func runBody<Element>(_ body: @escaping Effect<Element>.Body, sending send: Send<Element>)
    async throws
  {
    guard let host = installed else {
      return try await body(send)
    }
    try await host.run { try await body(send) }
  }

  /// Runs `body` the way ``runBody(_:sending:)`` runs the body of an effect without elements.
  /// - Parameter body: The work.
  @inlinable
  @MainActor
  static func runBody(_ body: @concurrent @escaping @Sendable () async throws -> Void) async throws {
    guard let host = installed else {
      return try await body()
    }
    try await host.run(body)
  }

  /// Waits for an effect task that another effect task started, the way ``runBody(_:)`` runs a body,
  /// so that a test sees the waiting task resume.
  /// - Parameter task: The task to wait for.
  @inlinable
  @MainActor
  package static func wait(for task: Task<Void, Never>) async {
    guard let host = installed else {
      return await task.value
    }
    try? await host.run { await task.value }
  }
}
