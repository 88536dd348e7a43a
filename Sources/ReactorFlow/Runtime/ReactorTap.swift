/// The one tap on a reactor's loop: ``ReactorStub`` and ReactorFlowTesting's tester set it.
///
/// The runtime reaches it through its attachments, so a reactor with nothing attached pays one
/// load of `nil` where an action enters and one where a mutation is applied. Applications never see
/// it: it is `package`.
@MainActor
@usableFromInline
package final class ReactorTap<Action, Mutation> {
  /// When set, every action sent goes here instead of `transform(action:)` and `mutate(action:)`.
  @usableFromInline package var interceptAction: (@MainActor (Action) -> Void)?
  /// Called with every mutation before `transform(mutation:)` and `reduce`.
  @usableFromInline package var willReduce: (@MainActor (Mutation) -> Void)?
  /// Called with each output a child delivers to this reactor and the child's type, before this
  /// reactor receives the action the output maps to.
  @usableFromInline package var didReceiveOutput: (@MainActor (any Sendable, Any.Type) -> Void)?

  package init() {}
}

extension ReactorRuntime {
  /// The reactor's tap, created on first use.
  package var tap: ReactorTap<Action, Mutation> {
    if let tap = attachments?.tap { return tap }
    let tap = ReactorTap<Action, Mutation>()
    installedAttachments.tap = tap
    return tap
  }

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
  func stub(
    _ reactor: some Reactor<Action, Mutation, State>,
    onAction: @escaping @MainActor (Action) -> Void
  ) {
    tap.interceptAction = onAction
    guard reducedState == nil else { return }
    reactorType = type(of: reactor)
    let initial = reactor.initialState
    reducedState = initial
    publishedState = nil
  }

  /// Replaces the current state without running `reduce` or `transform(state:)`, and notifies
  /// the observers.
  /// - Parameters:
  ///   - state: The new state, published as it is.
  ///   - reactor: The reactor that owns this runtime.
  func setState(_ state: State, of reactor: some Reactor<Action, Mutation, State>) {
    if reducedState == nil { _ = start(reactor) }
    reducedState = state
    publishedState = nil
    if !observers.isEmpty { notify(state) }
  }
}

extension ReactorTask {
  /// Waits like ``finish()``, but for each effect task through `EffectHost.wait(for:)`, so that
  /// the resumptions of the waiting task are seen by the testing module's executor.
  @MainActor
  package func waitForEffects() async {
    guard let group else { return }
    var index = 0
    while index < group.tasks.count {
      await EffectHost.wait(for: group.tasks[index])
      index += 1
    }
  }
}
