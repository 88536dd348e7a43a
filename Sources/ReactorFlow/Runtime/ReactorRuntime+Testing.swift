// Hooks for ReactorFlowTesting. They are SPI so that production code does not see them:
// `@_spi(Testing) import ReactorFlow`.

extension ReactorRuntime {
  /// Puts the reactor in stub mode: every action sent goes to `onAction` instead of `mutate`,
  /// and no external stream starts. Call before the reactor's first use.
  /// - Parameter onAction: Receives each action that was sent.
  @_spi(Testing)
  public func stub(onAction: @escaping @MainActor (Action) -> Void) {
    installedHooks.actionInterceptor = onAction
  }

  /// Replaces the current state without running `reduce` or `transform(state:)`, and notifies
  /// the observers.
  /// - Parameters:
  ///   - state: The new state, published as it is.
  ///   - reactor: The reactor that owns this runtime.
  @_spi(Testing)
  public func setState<R: Reactor>(_ state: State, of reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    if storedState == nil { _ = start(reactor) }
    reducedState = state
    storedState = state
    if !observers.isEmpty { notify(state) }
  }

  /// Calls `tap` with every mutation, before `transform(mutation:)` and `reduce`.
  /// - Parameter tap: Receives each mutation; `nil` removes the tap.
  @_spi(Testing)
  public func tapMutations(_ tap: (@MainActor (Mutation) -> Void)?) {
    installedHooks.mutationTap = tap
  }
}

extension ReactorTask {
  /// Waits like ``finish()``, but for each effect task through ``EffectTasks/wait(for:)``, so
  /// that the resumptions of the waiting task are seen by the testing module's executor.
  @_spi(Testing)
  @MainActor
  public func waitForEffects() async {
    guard let group else { return }
    var index = 0
    while index < group.tasks.count {
      await EffectTasks.wait(for: group.tasks[index])
      index += 1
    }
  }
}
