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
  // MARK: - Storage

  /// A unit of work of the loop, queued while another one is being processed.
  @usableFromInline
  enum Work {
    /// An action sent to the reactor; it goes through `transform(action:)`. Its effects join the
    /// group, or a new one.
    case action(Action, EffectGroup?)
    /// An action that `transform(action:)` produced later (a delayed action); it goes straight to
    /// `mutate(action:)`, and its effects join the group of the action it came from.
    case transformedAction(Action, EffectGroup?)
    /// A mutation that an effect task delivered.
    case mutation(Mutation)
  }

  /// What can be attached to a reactor besides its state observers: action observers, an error
  /// handler, inspectors, a replay, and the package's tap. Created when the first of them is, so
  /// that the loop checks one reference for all of them.
  @usableFromInline
  final class Attachments {
    // Read on every action once anything is attached; main-actor only, never accessed
    // re-entrantly (CONTRIBUTING.md, Performance idioms).
    @exclusivity(unchecked) @usableFromInline var actionObservers: [Int: ActionObserver] = [:]
    var onUnhandledError: (@MainActor (any Error) -> Void)?
    /// Set by a replay (ReactorFlowTools): effects start no task, so that only the synchronous
    /// mutations of each action and the recorded ones of effects are reduced.
    var isReplaying = false
    /// The reactor's inspectors (Inspection/), only while something inspects the reactor.
    @exclusivity(unchecked) @usableFromInline var inspectors: InspectorHub<Action, Mutation, State>? {
      didSet { unretainedInspectors = inspectors.map { Unmanaged.passUnretained($0) } }
    }
    /// `inspectors` where the loop reports its events, for a call without a retain and a release
    /// (`Unmanaged.borrow`): only the compaction that ends a report may drop them, and it keeps
    /// them alive until it returns.
    @exclusivity(unchecked) @usableFromInline var unretainedInspectors:
      Unmanaged<InspectorHub<Action, Mutation, State>>?
    /// The session recorder started last (ReactorFlowTools), only while something records the
    /// reactor; it passes each step on to the one started before it. Called by the loop itself, so
    /// that a step is recorded by code specialized for the reactor's types.
    @exclusivity(unchecked) @usableFromInline var recorder: StepRecorder<Action, Mutation, State>?
    /// The tap on the loop (``ReactorTap``), set by ``ReactorStub`` and ReactorFlowTesting's tester.
    @exclusivity(unchecked) @usableFromInline var tap: ReactorTap<Action, Mutation>?

    init() {}

    /// The recorder, for a call without a retain and a release: only `stop()`, called by someone
    /// who holds the recorder, unlinks it.
    @inlinable var unretainedRecorder: Unmanaged<StepRecorder<Action, Mutation, State>>? {
      guard let recorder else { return nil }
      return Unmanaged.passUnretained(recorder)
    }
  }

  // The stored properties the loop touches skip the dynamic exclusivity checks: the runtime is
  // isolated to the main actor, and no access to them is held across a call that could reach them
  // again (observers and reducers run between accesses, not inside one). CONTRIBUTING.md,
  // Performance idioms.

  /// The state as `reduce` left it: what the next `reduce` changes in place. `nil` until the
  /// runtime starts.
  @exclusivity(unchecked) @usableFromInline var reducedState: State?
  /// The state after `transform(state:)`, when that is not `reducedState` itself:
  /// ``Reactor/currentState`` and what observers see. `nil` when the published state is the
  /// reduced one (the default `transform(state:)`), so that the reduced state's storage is
  /// referenced once and `reduce(into:mutation:)` changes it without a copy.
  @exclusivity(unchecked) @usableFromInline var publishedState: State?
  /// Whether `reduce(into:mutation:)` is changing `reducedState`: ``Reactor/currentState`` is not
  /// readable meanwhile. The default `reduce(into:mutation:)` clears it before it calls
  /// `reduce(state:mutation:)`, which does not change the state in place.
  @exclusivity(unchecked) @usableFromInline package var isReducingInPlace = false
  /// Whether the default `reduce(state:mutation:)` is running, to tell a reactor that implements
  /// neither form of `reduce` from an endless recursion.
  package var isInDefaultReduce = false
  /// Set by the default `transform(state:)`: the state it returns is the one it is given.
  @exclusivity(unchecked) @usableFromInline package var transformKeptState = false
  /// Whether the loop is processing work; new work is queued in `pending` meanwhile.
  @exclusivity(unchecked) @usableFromInline var isProcessing = false
  @exclusivity(unchecked) @usableFromInline var isNotifying = false
  @exclusivity(unchecked) @usableFromInline var needsCompaction = false
  @exclusivity(unchecked) @usableFromInline var pending: [Work] = []
  /// The state observers, in the order they were added. Each is retained once, by hand
  /// (`addObserver` and `compactObservers`): the notification loop reads them without copying a
  /// reference (a retain and a release each) per observer.
  @exclusivity(unchecked) @usableFromInline var observers: ContiguousArray<Unmanaged<Callback>> = []
  @exclusivity(unchecked) @usableFromInline var attachments: Attachments?
  /// Where the reactor's outputs go when it is a child (``Reactor/adopt(_:output:)``). `nil`
  /// until then: the loop pays one load.
  @exclusivity(unchecked) @usableFromInline package var composition: Composition<Mutation>?
  /// The running effects (Effects/EffectRegistry.swift), created with the first one: a reactor
  /// whose actions are all synchronous never pays for it.
  @usableFromInline var effects: EffectRegistry?
  /// The number of the next action observer.
  var nextObserverID = 0
  /// The reactor's type, for messages; set when the runtime starts.
  var reactorType: Any.Type = Any.self

  /// The attachments, for a call without a retain and a release (`Unmanaged.borrow`): nothing but
  /// the runtime's `deinit` drops them once created, and the runtime outlives the loop's calls.
  @inlinable
  var unretainedAttachments: Unmanaged<Attachments>? {
    guard let attachments else { return nil }
    return Unmanaged.passUnretained(attachments)
  }

  /// The attachments, created on first use.
  var installedAttachments: Attachments {
    if let attachments { return attachments }
    let attachments = Attachments()
    self.attachments = attachments
    return attachments
  }

  /// Where errors go that an effect threw and the reactor did not recover from.
  ///
  /// The default (`nil`) prints them on standard error, naming the reactor and how to handle
  /// them. Set it to log them, or to fail a test.
  public var onUnhandledError: (@MainActor (any Error) -> Void)? {
    get { attachments?.onUnhandledError }
    set { installedAttachments.onUnhandledError = newValue }
  }

  /// Creates the runtime. Declare it as a stored property of the reactor: `let runtime = Runtime()`.
  public init() {}

  isolated deinit {
    effects?.cancelAll()
    releaseObservers()
    if let attachments {
      for observer in attachments.actionObservers.values { observer.onFinish?() }
    }
  }

  // MARK: - The loop
  //
  // One action, top to bottom: `send` → `transform(action:)` → `mutate(action:)` → `apply`
  // (`transform(mutation:)`, `reduce`, `transform(state:)`) → `notify` → the output to a parent,
  // when the reactor is an adopted child (Composition/). Every entry point (an action sent, a
  // mutation or an action delivered by an effect task) goes through `handle`, the one place that
  // queues work while other work is processed. The effect half, between `mutate` and `apply`,
  // reads the same way in Effects/ReactorRuntime+Effects.swift: an effect's synchronous part
  // calls `mutate` and `apply` directly (the loop is processing), its tasks come back through
  // `receive(_:_:)` and `receiveTransformed(_:group:_:)`.

  /// The published state; starts the runtime on first use.
  @inlinable
  func currentState<R: Reactor<Action, Mutation, State>>(of reactor: R) -> State {
    if _slowPath(isReducingInPlace) { readDuringReduce() }
    if let state = publishedState { return state }
    if let state = reducedState { return state }
    return start(reactor)
  }

  /// The published state, once the runtime has started.
  @inlinable
  var published: State? {
    if let state = publishedState { return state }
    return reducedState
  }

  /// Stops the program: a reactor read its state while `reduce(into:mutation:)` changed it.
  @usableFromInline
  func readDuringReduce() -> Never {
    let name = String(describing: reactorType)
    fatalError(
      "ReactorFlow: \(name) read currentState inside reduce(into:mutation:), while the state is "
        + "being changed. Read the state that reduce(into:mutation:) is given.")
  }

  /// Stops the program when a reactor implements neither `reduce(state:mutation:)` nor
  /// `reduce(into:mutation:)`: each default calls the other.
  package func checkReducesOnce(_ type: Any.Type) {
    if isInDefaultReduce {
      fatalError(
        "ReactorFlow: \(type) implements neither reduce(state:mutation:) nor "
          + "reduce(into:mutation:). Implement one of them.")
    }
    isInDefaultReduce = true
  }

  /// Publishes what `transform(state:)` returned for the reduced state: kept apart only when
  /// the reactor has a `transform(state:)` of its own. The default one, which returns the state
  /// it is given, says so through `transformKeptState` from the first state on. A state of plain
  /// values shares no storage with the reduced one: it is kept as it is, which costs less than
  /// the check.
  @inlinable
  func publish<R: Reactor<Action, Mutation, State>>(transforming state: State, _ reactor: R) -> State {
    let published = reactor.transform(state: state)
    if _isPOD(State.self) || !transformKeptState {
      publishedState = published
    } else {
      publishedState = nil
    }
    return published
  }

  /// Reads `initialState`, publishes it and starts the external streams.
  ///
  /// Inlinable, so that the external streams' sinks are specialized for the reactor: a shared
  /// value delivers each change through them synchronously (CONTRIBUTING.md, Performance idioms:
  /// the inlinable loop).
  @inlinable
  func start<R: Reactor<Action, Mutation, State>>(_ reactor: R) -> State {
    willStart(type(of: reactor))
    let initial = reactor.initialState
    reducedState = initial
    let state = publish(transforming: initial, reactor)
    didPublishInitialState(state)
    // Nothing can be processing yet: every path that processes starts the runtime first. The
    // streams' synchronous elements are processed in place; the actions they send are queued.
    isProcessing = true
    var group: EffectGroup?
    // Most reactors have no external streams: skip them before making their sinks, whose closures
    // would capture the reactor's generic context (three allocations per reactor).
    let mutations = reactor.externalMutations()
    if !mutations.isNone {
      start(mutations, reactor, &group, .mutations, ids: .empty, isActionEffect: false)
    }
    let actions = reactor.externalActions()
    if !actions.isNone {
      start(actions, reactor, &group, .actions, ids: .empty, isActionEffect: false)
    }
    drainPending(reactor)
    isProcessing = false
    return published ?? state
  }

  /// Notes the reactor's type, for messages, and starts its inspection when process-wide
  /// inspectors are attached.
  @usableFromInline
  func willStart(_ type: Any.Type) {
    reactorType = type
    startInspection(reactorType: type)
  }

  /// Gives the inspectors the initial state, the `old` of the first state event, and reports the
  /// start to the process-wide inspectors.
  @usableFromInline
  func didPublishInitialState(_ state: State) {
    guard let inspectors = attachments?.inspectors else { return }
    inspectors.lastState = state
    if inspectors.forwardsToProcess { ReactorInspection.reportStart(of: inspectors.reactor, state: state) }
  }

  /// 1. An action is sent (``Reactor/send(_:)``).
  @inlinable
  func send<R: Reactor<Action, Mutation, State>>(_ action: Action, to reactor: R) -> ReactorTask {
    if reducedState == nil { _ = start(reactor) }
    if _slowPath(attachments != nil) && reportsIntercepting(action) { return ReactorTask(group: nil) }
    return ReactorTask(group: handle(.action(action, nil), reactor))
  }

  /// 1 (attached). Reports an action to what sees the actions sent, out of line (CONTRIBUTING.md,
  /// Performance idioms), and returns whether a stub takes it instead of `mutate`.
  @inlinable @inline(never)
  func reportsIntercepting(_ action: Action) -> Bool {
    guard let attachments = unretainedAttachments else { return false }
    return attachments.borrow { attachments in
      reportAction(action, attachments)
      guard let intercept = attachments.tap?.interceptAction else { return false }
      intercept(action)
      return true
    }
  }

  /// Reports an action to inspectors, the recorder, then action observers.
  @inlinable @inline(__always)
  func reportAction(_ action: Action, _ attachments: Attachments) {
    if let inspectors = attachments.unretainedInspectors { inspectors.borrow { $0.action(action) } }
    if let recorder = attachments.unretainedRecorder { recorder.borrow { $0.record(action) } }
    if !attachments.actionObservers.isEmpty { notifyActionObservers(action) }
  }

  /// 1'. An effect task delivers a mutation (which exists only once the runtime has started).
  @inlinable
  package func receive<R: Reactor<Action, Mutation, State>>(_ mutation: Mutation, _ reactor: R) {
    if _slowPath(attachments != nil) { noteDelivery() }  // Inspection/: which effect sent it.
    _ = handle(.mutation(mutation), reactor)
  }

  /// 1''. An effect task delivers an action that `transform(action:)` produced: it is mutated,
  /// not transformed again, and its effects join `group`.
  @inlinable
  func receiveTransformed<R: Reactor<Action, Mutation, State>>(
    _ action: Action, group: EffectGroup?, _ reactor: R
  ) {
    _ = handle(.transformedAction(action, group), reactor)
  }

  /// 2. The one guard: work that comes in while other work is being processed (sent from
  /// `reduce`, from an observer) is queued and processed after it, in order, never re-entrantly.
  /// Otherwise it is processed now, then everything it queued.
  /// - Returns: The group of the effects the work started, if any.
  @inlinable
  func handle<R: Reactor<Action, Mutation, State>>(_ work: Work, _ reactor: R) -> EffectGroup? {
    guard !isProcessing else {
      // A queued action gets its group now, so that its `ReactorTask` can wait for its effects.
      if case .action(let action, nil) = work {
        let group = EffectGroup()
        pending.append(.action(action, group))
        return group
      }
      pending.append(work)
      return nil
    }
    isProcessing = true
    let group = process(work, reactor)
    if !pending.isEmpty { drainPending(reactor) }
    isProcessing = false
    return group
  }

  /// Processes one unit of work. Callers hold `isProcessing`.
  @inlinable
  func process<R: Reactor<Action, Mutation, State>>(_ work: Work, _ reactor: R) -> EffectGroup? {
    switch work {
    case .action(let action, let group):
      return transform(action, group: group, reactor)
    case .transformedAction(let action, let group):
      return mutate(action, group: group, reactor)
    case .mutation(let mutation):
      apply(mutation, reactor)
      return nil
    }
  }

  /// Processes the queued work, oldest first, including what it queues in turn.
  @usableFromInline
  func drainPending<R: Reactor<Action, Mutation, State>>(_ reactor: R) {
    var index = 0
    while index < pending.count {
      let work = pending[index]
      index += 1
      _ = process(work, reactor)
    }
    pending.removeAll(keepingCapacity: true)
  }

  /// 3. `transform(action:)`, then `mutate` for each action it produces. Callers hold
  /// `isProcessing`.
  @inlinable
  func transform<R: Reactor<Action, Mutation, State>>(_ action: Action, group: EffectGroup?, _ reactor: R)
    -> EffectGroup?
  {
    let transformed: Effect<Action> = reactor.transform(action: action)
    guard transformed.box != nil else {
      guard let action = transformed.sent else { return group }
      return mutate(action, group: group, reactor)
    }
    // The group exists before the actions do: those produced later (after a delay) start
    // effects that belong to this send too. Each action the effect produces comes back to
    // `mutate` (synchronously) or to `receiveTransformed` (from its task).
    var group: EffectGroup? = group ?? EffectGroup()
    start(transformed, reactor, &group, .transformedActions(group), ids: .empty, isActionEffect: true)
    return group
  }

  /// 4. `mutate(action:)`, and its effect: one `.send` is applied at once; anything else starts
  /// (Effects/ReactorRuntime+Effects.swift), which applies its synchronous mutations now and
  /// sends the rest back through `receive` from its tasks. Callers hold `isProcessing`.
  @inlinable
  func mutate<R: Reactor<Action, Mutation, State>>(_ action: Action, group: EffectGroup?, _ reactor: R)
    -> EffectGroup?
  {
    let effect = reactor.mutate(action: action)
    guard effect.box != nil else {
      if let mutation = effect.sent { apply(mutation, reactor) }
      return group
    }
    var group = group
    start(effect, reactor, &group, .mutations, ids: .empty, isActionEffect: true)
    return group
  }

  /// 5. `transform(mutation:)`, `reduce`, `transform(state:)`, then the observers. Callers hold
  /// `isProcessing`.
  @inlinable
  func apply<R: Reactor<Action, Mutation, State>>(_ mutation: Mutation, _ reactor: R) {
    guard reducedState != nil else { return }
    if let willReduce = attachments?.tap?.willReduce { willReduce(mutation) }
    let transformed = reactor.transform(mutation: mutation)
    isReducingInPlace = true
    // In place, where the loop holds the state's only reference; `reducedState` is checked above.
    // swift-format-ignore: NeverForceUnwrap
    reactor.reduce(into: &reducedState!, mutation: transformed)
    isReducingInPlace = false
    let published = publish(transforming: reducedState.unsafelyUnwrapped, reactor)
    // One unlikely check for what inspects the reactor or reads its outputs (Inspection/,
    // Composition/), handled out of line: a call written here, even one never made, keeps `apply`
    // and `notify` from being inlined (CONTRIBUTING.md, Performance idioms).
    if _slowPath(attachments != nil || composition != nil) {
      notifyReporting(mutation, published, reactor)
    } else if !observers.isEmpty {
      notify(published)
    }
  }

  /// 5'. `apply`'s notification when something inspects the reactor (the applied mutation is
  /// reported before the observers run) or when it is an adopted child (its output reaches the
  /// parent after them).
  @inlinable @inline(never)
  func notifyReporting<R: Reactor<Action, Mutation, State>>(
    _ mutation: Mutation, _ published: State, _ reactor: R
  ) {
    // Two shapes. With a recorder (a recording, a replay), the mutation is recorded, then
    // reported through `reportApplied`. With inspectors alone, their report and the
    // notification are inlined here, so that an inspected mutation runs in this one frame; kept
    // apart from the recorder's shape, which a replay runs on every step.
    if let attachments = unretainedAttachments {
      let recorded = attachments.borrow { attachments in
        guard let recorder = attachments.unretainedRecorder else { return false }
        recorder.borrow { $0.record(mutation, published) }
        if attachments.inspectors != nil { reportApplied(mutation) }
        return true
      }
      if !recorded {
        attachments.borrow { attachments in
          if let inspectors = attachments.unretainedInspectors {
            inspectors.borrow { $0.applied(mutation, new: published) }
          }
        }
      }
      if !observers.isEmpty { notifyObservers(published) }
    } else if !observers.isEmpty {
      notify(published)
    }
    if let composition { composition.didReduce(mutation, of: reactor) }
  }

  /// 6. Calls every state observer with the published state.
  @inlinable
  func notify(_ state: State) {
    notifyObservers(state)
  }

  /// `notify`'s body, also inlined into `notifyReporting` when something is attached (there,
  /// a call of `notify` would be one more frame per mutation).
  @inlinable @inline(__always)
  func notifyObservers(_ state: State) {
    let wasNotifying = isNotifying
    isNotifying = true
    // Over the observers registered now: one added by a callback got the new state when it was
    // added. Every callback outlives the loop: compaction, which releases retired ones, waits
    // until no notification loop is running. So while the loop runs, `observers` only grows at
    // its end, and the loop reads it in place rather than through a copy (a retain and a release
    // of its buffer per change, a quarter of a single observer's action).
    let count = observers.count
    var index = 0
    while index < count {
      let callback = observers[index]
      index &+= 1
      if !Callback.call(callback, with: state) { retire(callback) }
    }
    isNotifying = wasNotifying
    if needsCompaction && !isNotifying { compactObservers() }
  }

  // MARK: - Errors

  /// Reports an error that an effect threw and the reactor did not recover from.
  ///
  /// Calls ``onUnhandledError`` when it is set; otherwise prints the error on standard error.
  /// - Parameter error: The error.
  public func reportUnhandledError(_ error: any Error) {
    if let onUnhandledError = attachments?.onUnhandledError {
      onUnhandledError(error)
    } else {
      let name = String(describing: reactorType)
      StandardError.write(
        "ReactorFlow: an effect of \(name) failed with \(error). The reactor goes on; handle "
          + "the error with .run(operation:catch:), Effect.catch(_:) or recover(from:) in \(name).\n")
    }
  }
}
