// The seam that ReactorFlowTesting installs on a runtime (its stub and its tester). It is
// `package`: the two modules are one package, and applications never see it. Unset, it costs the
// loop one load of `hooks`, which action observers and error handlers share.

extension ReactorRuntime {
  /// Puts the reactor in stub mode: every action sent goes to `onAction` instead of `mutate`, the
  /// state is `initialState` as it is (not transformed), and no external stream starts.
  ///
  /// The stub starts the runtime itself, so `start(_:)` has no stub branch: `send` and
  /// `currentState` find a runtime that has started, and only the interception in `send` remains.
  /// Call before the reactor's first use; a reactor that has already started keeps its state and
  /// its streams.
  /// - Parameters:
  ///   - reactor: The reactor that owns this runtime.
  ///   - onAction: Receives each action that was sent.
  package func stub<R: Reactor>(_ reactor: R, onAction: @escaping @MainActor (Action) -> Void)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    installedHooks.actionInterceptor = onAction
    guard storedState == nil else { return }
    reactorType = type(of: reactor)
    let initial = reactor.initialState
    reducedState = initial
    storedState = initial
  }

  /// Replaces the current state without running `reduce` or `transform(state:)`, and notifies
  /// the observers.
  /// - Parameters:
  ///   - state: The new state, published as it is.
  ///   - reactor: The reactor that owns this runtime.
  package func setState<R: Reactor>(_ state: State, of reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    if storedState == nil { _ = start(reactor) }
    reducedState = state
    storedState = state
    if !observers.isEmpty { notify(state) }
  }

  /// Calls `tap` with every mutation, before `transform(mutation:)` and `reduce`.
  /// - Parameter tap: Receives each mutation; `nil` removes the tap.
  package func tapMutations(_ tap: (@MainActor (Mutation) -> Void)?) {
    installedHooks.mutationTap = tap
  }
}

extension ReactorTask {
  /// Waits like ``finish()``, but for each effect task through `EffectTasks.wait(for:)`, so
  /// that the resumptions of the waiting task are seen by the testing module's executor.
  @MainActor
  package func waitForEffects() async {
    guard let group else { return }
    var index = 0
    while index < group.tasks.count {
      await EffectTasks.wait(for: group.tasks[index])
      index += 1
    }
  }
}
