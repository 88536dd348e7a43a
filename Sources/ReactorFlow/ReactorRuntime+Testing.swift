// Hooks for ReactorFlowTesting. They are SPI so that production code does not see them:
// `@_spi(Testing) import ReactorFlow`.

extension ReactorRuntime {
  /// Puts the reactor in stub mode: every action sent goes to `onAction` instead of `mutate`,
  /// and no external stream starts. Call before the reactor's first use.
  /// - Parameter onAction: Receives each action that was sent.
  @_spi(Testing)
  public func stub(onAction: @escaping @MainActor (R.Action) -> Void) {
    actionInterceptor = onAction
  }

  /// Replaces the current state without running `reduce`, and notifies the observers.
  /// - Parameters:
  ///   - state: The new state.
  ///   - reactor: The reactor that owns this runtime.
  @_spi(Testing)
  public func setState(_ state: R.State, of reactor: R) {
    if storedState == nil { _ = start(reactor) }
    storedState = state
    if !observers.isEmpty { notify(state) }
  }

  /// Calls `tap` with every mutation, before `transform(mutation:)` and `reduce`.
  /// - Parameter tap: Receives each mutation; `nil` removes the tap.
  @_spi(Testing)
  public func tapMutations(_ tap: (@MainActor (R.Mutation) -> Void)?) {
    mutationTap = tap
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
