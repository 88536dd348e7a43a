import ReactorFlow

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
extension EffectExecutor {
  /// What the runtime calls to start effect tasks and run effect bodies while this executor is
  /// installed: the bodies run on this executor, and the main-actor work of effects is announced.
  ///
  /// Main-actor work of an effect (a new effect task, the entry into or the exit from the
  /// executor preference of a body) is queued on the main actor, where this executor cannot see
  /// it; each is counted by ``mainWorkQueued()`` and matched by one ``mainWorkStarted()`` when the
  /// work starts running.
  var host: EffectHost {
    EffectHost(
      start: { priority, operation in
        self.mainWorkQueued()
        return Task(priority: priority) { @MainActor in
          self.mainWorkStarted()
          await operation()
        }
      },
      run: { body in try await self.run(body) })
  }

  /// Runs effect work (a `.run` body, a wait for another effect task) preferring this executor.
  ///
  /// The body is `@concurrent`: every job of it is seen here, its start, its resumptions (after a
  /// sleep, a stream element, a service call), and the jobs of what it awaits (child tasks,
  /// default actors). Only its hops onto the main actor (each `send`, and the return into the
  /// runtime) are not jobs of this executor. A `send` is queued on the main actor by a job of this
  /// executor before that job ends, so a watcher sees it through the main actor's order; the
  /// return is announced by the body's own frame before it returns.
  @MainActor
  private func run(_ body: @escaping @concurrent @Sendable () async throws -> Void) async throws {
    // Entering and leaving the preference's scope are announced as main-actor work too, in case
    // either queues this task's main-actor frame once more.
    mainWorkQueued()
    defer { mainWorkStarted() }
    try await withTaskExecutorPreference(self) {
      mainWorkStarted()
      defer { mainWorkQueued() }  // Leaving the scope, announced after the return has run.
      defer { mainWorkStarted() }  // The return from the body has run.
      try await Self.announcingReturn(of: body, self)
    }
  }

  /// Calls `body` on this executor and announces, from there, the main-actor job that its return
  /// queues.
  @concurrent
  private static func announcingReturn(
    of body: @concurrent @Sendable () async throws -> Void, _ executor: EffectExecutor
  ) async throws {
    defer { executor.mainWorkQueued() }
    try await body()
  }
}
