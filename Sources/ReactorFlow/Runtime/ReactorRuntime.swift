/// The storage and the engine of one reactor: its state, its observers, its running effects.
///
/// Every reactor declares one, and only the reactor holds it:
/// ```swift
/// let runtime = Runtime()
/// ```
/// `Runtime` is ``Reactor/Runtime``, this type for the reactor's `Action`, `Mutation` and `State`.
/// The runtime is generic over those three types rather than over the reactor, so a non-final class
/// (a generic base reactor that concrete reactors subclass) can declare it too.
///
/// The runtime starts lazily, the first time the reactor's state is read, an action is sent or
/// the state is observed: it then reads `initialState` and starts the external streams. Because
/// the runtime is isolated to the main actor, that happens exactly once even when many tasks touch
/// the reactor at the same time. When the reactor is released the runtime cancels its effects and
/// ends its state streams.
@MainActor
public final class ReactorRuntime<Action: Sendable, Mutation: Sendable, State>: ObservationSource {
  @usableFromInline
  enum Pending {
    /// An action sent while another was being processed; it still goes through
    /// `transform(action:)`.
    case action(Action, EffectGroup)
    /// An action that `transform(action:)` produced later (a delayed action); it goes straight to
    /// `mutate(action:)`, and its effects join the group of the action it came from.
    case transformedAction(Action, EffectGroup?)
    case mutation(Mutation)
  }

  /// An observer's bookkeeping; its closure is in ``Callback``.
  @usableFromInline
  struct Observer {
    @usableFromInline let id: Int
    @usableFromInline let callback: Callback
    @usableFromInline var onFinish: (@MainActor () -> Void)?
  }

  /// An observer's closure, boxed so that `notify` can call it without retaining it.
  ///
  /// Calling a closure read out of `observers` costs a retain and a release of its context (two
  /// atomic operations: 80 % of the time of a 100-observer fan-out). The box is released only when
  /// its observer is compacted away, which never happens while a notification loop runs, so the
  /// loop can borrow it through an unretained reference instead.
  @usableFromInline
  final class Callback {
    /// Returns `false` when the observer is done (its stream consumer went away).
    ///
    /// The observer's `@MainActor` closure with its isolation cast away: a synchronous closure's
    /// isolation is only in its type, not in its representation. It is called only by `notify`,
    /// on the main actor; keeping the isolation would make the borrowing closure in ``call(_:with:)``
    /// check the executor on every call.
    @usableFromInline let onChange: (State) -> Bool
    /// Set when the observer is cancelled; a notification loop skips it from then on.
    @exclusivity(unchecked) @usableFromInline var isRetired = false

    init(_ onChange: @escaping @MainActor (State) -> Bool) {
      // Cast inside structs: cast as a bare function value, it would be reabstracted through two
      // allocated thunks on the way in and out of `unsafeBitCast`'s generic parameters.
      self.onChange = unsafeBitCast(Isolated(function: onChange), to: Nonisolated.self).function
    }

    private struct Isolated {
      let function: @MainActor (State) -> Bool
    }

    private struct Nonisolated {
      let function: (State) -> Bool
    }

    /// Calls the callback without retaining it, unless it was retired; returns `false` when the
    /// observer is done. The caller, on the main actor, guarantees that the box outlives the call.
    @inlinable
    nonisolated static func call(_ callback: Unmanaged<Callback>, with state: State) -> Bool {
      callback._withUnsafeGuaranteedRef { $0.isRetired || $0.onChange(state) }
    }
  }

  /// The running effects, by serial number and by cancellation identifier. Created with the first
  /// effect: a reactor whose actions are all synchronous never pays for it.
  final class EffectRegistry {
    struct RunningEffect {
      let task: Task<Void, Never>
      let ids: [EffectID]
      let isExternal: Bool
    }

    var running: [Int: RunningEffect] = [:]
    var runningByID: [EffectID: Set<Int>] = [:]
    var nextSerial = 0
    var throttleWindows: [EffectID: Task<Void, Never>] = [:]

    func cancelAll() {
      for effect in running.values { effect.task.cancel() }
      for window in throttleWindows.values { window.cancel() }
    }
  }

  /// What stubs, tests, action observers and error handlers install. Created when the first of
  /// them is, so that the hot path checks one reference instead of four.
  @usableFromInline
  final class Hooks {
    // Read on every action once a hook is installed; main-actor only, never accessed re-entrantly.
    @exclusivity(unchecked) @usableFromInline var actionInterceptor: (@MainActor (Action) -> Void)?
    @exclusivity(unchecked) @usableFromInline var mutationTap: (@MainActor (Mutation) -> Void)?
    @exclusivity(unchecked) @usableFromInline var actionObservers: [Int: ActionObserver] = [:]
    var onUnhandledError: (@MainActor (any Error) -> Void)?

    init() {}
  }

  @usableFromInline
  struct ActionObserver {
    /// Returns `false` when the observer is done (its stream consumer went away).
    let onAction: @MainActor (Action) -> Bool
    let onFinish: (@MainActor () -> Void)?
  }

  // The stored properties the hot path touches skip the dynamic exclusivity checks that every
  // access to a class's stored `var` otherwise costs (about half the time of a synchronous
  // action): the runtime is isolated to the main actor, and no access to them is held across a
  // call that could reach them again (observers and reducers run between accesses, not inside one).

  /// The state as `reduce` left it: what the next `reduce` receives.
  @exclusivity(unchecked) @usableFromInline var reducedState: State?
  /// The state after `transform(state:)`: ``Reactor/currentState`` and what observers see.
  @exclusivity(unchecked) @usableFromInline var storedState: State?
  @exclusivity(unchecked) @usableFromInline var isProcessing = false
  @exclusivity(unchecked) @usableFromInline var isNotifying = false
  @exclusivity(unchecked) @usableFromInline var needsCompaction = false
  @exclusivity(unchecked) @usableFromInline var pending: [Pending] = []
  @exclusivity(unchecked) @usableFromInline var observers: ContiguousArray<Observer> = []
  /// The observers' callbacks, in the same order, unretained: `observers` owns them. The
  /// notification loop reads these, so that it copies no reference-holding struct (a retain and a
  /// release each) per observer.
  @exclusivity(unchecked) @usableFromInline var callbacks: ContiguousArray<Unmanaged<Callback>> = []
  @exclusivity(unchecked) @usableFromInline var hooks: Hooks?
  /// Where the reactor's outputs go when it is a child (``Reactor/adopt(_:output:)``), and who
  /// watches the outputs of its children in a test. `nil` until then: the loop pays one load.
  @exclusivity(unchecked) @usableFromInline package var composition: Composition<Mutation>?
  var effects: EffectRegistry?
  private var nextObserverID = 0
  /// The reactor's type, for messages; set when the runtime starts.
  var reactorType: Any.Type = Any.self

  /// The hooks, created on first use.
  var installedHooks: Hooks {
    if let hooks { return hooks }
    let hooks = Hooks()
    self.hooks = hooks
    return hooks
  }

  /// The effect registry, created on first use.
  var registry: EffectRegistry {
    if let effects { return effects }
    let effects = EffectRegistry()
    self.effects = effects
    return effects
  }

  /// Where errors go that an effect threw and the reactor did not recover from.
  ///
  /// The default (`nil`) prints them on standard error, naming the reactor and how to handle
  /// them. Set it to log them, or to fail a test.
  public var onUnhandledError: (@MainActor (any Error) -> Void)? {
    get { hooks?.onUnhandledError }
    set { installedHooks.onUnhandledError = newValue }
  }

  /// Creates the runtime. Declare it as a stored property of the reactor: `let runtime = Runtime()`.
  public init() {}

  isolated deinit {
    effects?.cancelAll()
    for observer in observers { observer.onFinish?() }
    if let hooks {
      for observer in hooks.actionObservers.values { observer.onFinish?() }
    }
  }

  // MARK: - State

  @inlinable
  func currentState<R: Reactor>(of reactor: R) -> State
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    if let state = storedState { return state }
    return start(reactor)
  }

  @usableFromInline
  func start<R: Reactor>(_ reactor: R) -> State
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    reactorType = type(of: reactor)
    let initial = reactor.initialState
    reducedState = initial
    guard hooks?.actionInterceptor == nil else {
      // A stub shows the states the test sets, as they are: nothing is transformed.
      storedState = initial
      return initial
    }
    let state = reactor.transform(state: initial)
    storedState = state
    // Nothing can be processing yet: every path that processes starts the runtime first.
    isProcessing = true
    var group: EffectGroup?
    start(reactor.externalMutations(), reactor, &group, .mutations, ids: [], isExternal: true)
    start(reactor.externalActions(), reactor, &group, .actions, ids: [], isExternal: true)
    drainPending(reactor)
    isProcessing = false
    return storedState ?? state
  }

  // MARK: - Sending

  @inlinable
  func send<R: Reactor>(_ action: Action, to reactor: R) -> ReactorTask
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    if storedState == nil { _ = start(reactor) }
    if let hooks {
      if !hooks.actionObservers.isEmpty { notifyActionObservers(action) }
      if let actionInterceptor = hooks.actionInterceptor {
        actionInterceptor(action)
        return ReactorTask(group: nil)
      }
    }
    if isProcessing {
      let group = EffectGroup()
      pending.append(.action(action, group))
      return ReactorTask(group: group)
    }
    isProcessing = true
    let group = process(action, group: nil, reactor)
    if !pending.isEmpty { drainPending(reactor) }
    isProcessing = false
    return ReactorTask(group: group)
  }

  /// Runs `transform(action:)` and mutates the actions it produces. Callers hold `isProcessing`.
  @inlinable
  func process<R: Reactor>(_ action: Action, group: EffectGroup?, _ reactor: R) -> EffectGroup?
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    let transformed: Effect<Action> = reactor.transform(action: action)
    guard transformed.node != nil else {
      guard let action = transformed.output else { return group }
      return mutate(action, group: group, reactor)
    }
    do {
      // The group exists before the actions do: those produced later (after a delay) start
      // effects that belong to this send too.
      var group: EffectGroup? = group ?? EffectGroup()
      start(transformed, reactor, &group, .transformedActions(group), ids: [], isExternal: false)
      return group
    }
  }

  /// Runs `mutate(action:)` and starts its effect. Callers hold `isProcessing`.
  @inlinable
  func mutate<R: Reactor>(_ action: Action, group: EffectGroup?, _ reactor: R) -> EffectGroup?
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    let effect = reactor.mutate(action: action)
    guard effect.node != nil else {
      if let mutation = effect.output { apply(mutation, reactor) }
      return group
    }
    var group = group
    start(effect, reactor, &group, .mutations, ids: [], isExternal: false)
    return group
  }

  /// Reduces one mutation and notifies the observers. Callers hold `isProcessing`.
  @inlinable
  func apply<R: Reactor>(_ mutation: Mutation, _ reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    guard let state = reducedState else { return }
    if let mutationTap = hooks?.mutationTap { mutationTap(mutation) }
    let reduced = reactor.reduce(state: state, mutation: reactor.transform(mutation: mutation))
    reducedState = reduced
    let published = reactor.transform(state: reduced)
    storedState = published
    if !observers.isEmpty { notify(published) }
    // After the state change and its observers: a child's output reaches its parent here.
    if let composition { composition.didReduce(mutation, of: reactor) }
  }

  @inlinable
  func notify(_ state: State) {
    let wasNotifying = isNotifying
    isNotifying = true
    // Over the observers registered now: one added by a callback got the new state when it was
    // added. Every callback outlives the loop: compaction, which releases retired ones, waits
    // until no notification loop is running.
    let snapshot = callbacks
    for callback in snapshot where !Callback.call(callback, with: state) {
      retire(callback)
    }
    isNotifying = wasNotifying
    if needsCompaction && !isNotifying { compactObservers() }
  }

  @usableFromInline
  func retire(_ callback: Unmanaged<Callback>) {
    let object = callback.takeUnretainedValue()
    guard let index = observers.firstIndex(where: { $0.callback === object }) else { return }
    retireObserver(at: index)
  }

  @usableFromInline
  func drainPending<R: Reactor>(_ reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    var index = 0
    while index < pending.count {
      let work = pending[index]
      index += 1
      switch work {
      case .action(let action, let group):
        _ = process(action, group: group, reactor)
      case .transformedAction(let action, let group):
        _ = mutate(action, group: group, reactor)
      case .mutation(let mutation):
        apply(mutation, reactor)
      }
    }
    pending.removeAll(keepingCapacity: true)
  }

  /// Receives a mutation from an asynchronous effect (which exists only once the runtime has
  /// started).
  func receive<R: Reactor>(_ mutation: Mutation, _ reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    if isProcessing {
      pending.append(.mutation(mutation))
      return
    }
    isProcessing = true
    apply(mutation, reactor)
    if !pending.isEmpty { drainPending(reactor) }
    isProcessing = false
  }

  /// Receives an action that `transform(action:)` produced asynchronously: it is mutated, not
  /// transformed again, and its effects join `group`.
  func receiveTransformed<R: Reactor>(_ action: Action, group: EffectGroup?, _ reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    if isProcessing {
      pending.append(.transformedAction(action, group))
      return
    }
    isProcessing = true
    _ = mutate(action, group: group, reactor)
    if !pending.isEmpty { drainPending(reactor) }
    isProcessing = false
  }

  // MARK: - Observers

  /// Adds an observer, calls it with the current state at once, and returns its token.
  @usableFromInline
  func addObserver<R: Reactor>(
    _ reactor: R,
    onChange: @escaping @MainActor (State) -> Bool,
    onFinish: (@MainActor () -> Void)? = nil
  ) -> ObservationToken
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    let state = currentState(of: reactor)
    let id = nextObserverID
    nextObserverID += 1
    let keep = onChange(state)
    let callback = Callback(onChange)
    observers.append(Observer(id: id, callback: callback, onFinish: onFinish))
    callbacks.append(Unmanaged.passUnretained(callback))
    if !keep { retireObserver(at: observers.count - 1) }
    return ObservationToken(source: self, id: id)
  }

  /// Stops the state or action observer with this number (observers of both kinds share the
  /// numbering).
  @usableFromInline
  func removeObservation(id: Int) {
    if let index = observers.firstIndex(where: { $0.id == id }) {
      retireObserver(at: index)
    } else {
      hooks?.actionObservers.removeValue(forKey: id)?.onFinish?()
    }
  }

  @usableFromInline
  func retireObserver(at index: Int) {
    guard !observers[index].callback.isRetired else { return }
    let onFinish = observers[index].onFinish
    observers[index].callback.isRetired = true
    // The callback (and what it captured) goes with the compaction below, or, while a
    // notification loop runs, with the one at its end: the loop may be running it right now.
    observers[index].onFinish = nil
    needsCompaction = true
    onFinish?()
    if !isNotifying { compactObservers() }
  }

  @usableFromInline
  func compactObservers() {
    // A retired observer keeps its slot until no notification loop is running over the array.
    callbacks.removeAll { $0.takeUnretainedValue().isRetired }
    observers.removeAll { $0.callback.isRetired }
    needsCompaction = false
  }

  /// Adds an observer of the actions sent to the reactor; it is called with each action as it is
  /// sent, before the action is processed or queued.
  @usableFromInline
  func addActionObserver(
    onAction: @escaping @MainActor (Action) -> Bool,
    onFinish: (@MainActor () -> Void)? = nil
  ) -> ObservationToken {
    let id = nextObserverID
    nextObserverID += 1
    installedHooks.actionObservers[id] = ActionObserver(onAction: onAction, onFinish: onFinish)
    return ObservationToken(source: self, id: id)
  }

  @usableFromInline
  func notifyActionObservers(_ action: Action) {
    guard let hooks else { return }
    // Over a copy: an observer may cancel itself or add another while it runs.
    for (id, observer) in hooks.actionObservers where !observer.onAction(action) {
      removeObservation(id: id)
    }
  }

  // MARK: - Running effects

  func register(_ task: Task<Void, Never>, serial: Int, ids: [EffectID], isExternal: Bool) {
    let registry = self.registry
    registry.running[serial] = EffectRegistry.RunningEffect(
      task: task, ids: ids, isExternal: isExternal)
    for id in ids { registry.runningByID[id, default: []].insert(serial) }
  }

  func effectDidFinish(serial: Int) {
    guard let registry = effects, let effect = registry.running.removeValue(forKey: serial) else {
      return
    }
    for id in effect.ids {
      registry.runningByID[id]?.remove(serial)
      if registry.runningByID[id]?.isEmpty == true { registry.runningByID[id] = nil }
    }
  }

  /// Cancels every running effect registered under `id`.
  func cancelEffects(id: EffectID) {
    guard let registry = effects, let serials = registry.runningByID.removeValue(forKey: id) else {
      return
    }
    for serial in serials { registry.running[serial]?.task.cancel() }
  }

  /// The number of effects started by actions that are still running (external streams and the
  /// tasks nested inside other effects are not counted).
  public var activeEffectCount: Int {
    effects?.running.values.reduce(0) { $0 + ($1.isExternal ? 0 : 1) } ?? 0
  }

  /// Reports an error that an effect threw and the reactor did not recover from.
  ///
  /// Calls ``onUnhandledError`` when it is set; otherwise prints the error on standard error.
  /// - Parameter error: The error.
  public func reportUnhandledError(_ error: any Error) {
    if let onUnhandledError = hooks?.onUnhandledError {
      onUnhandledError(error)
    } else {
      let name = String(describing: reactorType)
      StandardError.write(
        "ReactorFlow: an effect of \(name) failed with \(error). The reactor goes on; handle "
          + "the error with .run(operation:catch:), Effect.catch(_:) or recover(from:) in \(name).\n")
    }
  }
}
