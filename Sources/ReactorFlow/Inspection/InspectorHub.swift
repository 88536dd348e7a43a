/// One reactor's inspectors, and what their events need to know. The runtime's attachments hold
/// one only while something inspects the reactor; the loop finds it through the `attachments`
/// reference it checks anyway.
@MainActor
@usableFromInline
final class InspectorHub<Action: Sendable, Mutation: Sendable, State> {
  @usableFromInline typealias Event = ReactorEvent<Action, Mutation, State>

  private weak var runtime: ReactorRuntime<Action, Mutation, State>?
  // The event path below is inlinable, so that it is specialized for the reactor's types in the
  // app: unspecialized, building and passing each event looked up generic and tuple metadata.
  // Its stored properties skip the dynamic exclusivity checks (main-actor only, no access held
  // across a handler's call). CONTRIBUTING.md, Performance idioms.
  /// The handlers, in the order they were added: they own the boxes that `calls` borrows.
  private var handlers: [Handler] = []
  /// The same handlers, unretained: `emit` calls them without a retain and a release of each
  /// one's context, as `notify` does its observers. A removed handler is only marked while an
  /// emission runs, and dropped after it.
  @exclusivity(unchecked) @usableFromInline var calls: ContiguousArray<Unmanaged<Handler>> = []
  /// How many emissions are running (a handler may send an action, which emits again).
  @exclusivity(unchecked) @usableFromInline var emissions = 0
  @exclusivity(unchecked) @usableFromInline var needsCompaction = false
  private var nextID = 0
  /// Whether the process-wide inspectors were active when the runtime started.
  @exclusivity(unchecked) @usableFromInline var forwardsToProcess = false {
    didSet { updateMode() }
  }
  /// Whether each handler is a change log's and nothing goes to the process-wide inspectors. Then
  /// the runtime finds the hub through `Attachments.unretainedLogInspectors` rather than
  /// `unretainedInspectors`, and reports the usual events through `logAction` and `logApplied`, which
  /// build no event: each log is called with the events' values. An event for other handlers
  /// pays nothing for it, since the runtime tells the two apart by the reference it reads anyway.
  @usableFromInline private(set) var logsOnly = false
  let reactor: InspectedReactor
  /// The source of the action being sent, when it is not `.send`; set by the sink of external
  /// actions just before it sends.
  @exclusivity(unchecked) @usableFromInline var nextActionSource: ActionSource?
  /// The effect whose mutation is being received.
  @exclusivity(unchecked) @usableFromInline var deliveringEffect: EffectInfo?
  /// The state published last, the `old` of the next state event.
  @exclusivity(unchecked) @usableFromInline var lastState: State?

  /// A change log's calls for the usual events, specialized for the reactor's types where the
  /// log is attached, each given the event's values borrowed rather than an event taken apart.
  /// They take the values' addresses: a closure of a generic type, read from the handler by
  /// specialized code, would be wrapped in a reabstraction thunk, allocated, on every call. The
  /// mutation's call is told whether a state's call follows it, so that a log may write the two
  /// at once.
  @usableFromInline
  struct LogCalls {
    @usableFromInline let action: @MainActor (UnsafeRawPointer, ActionSource) -> Void
    @usableFromInline let mutation: @MainActor (UnsafeRawPointer, _ stateFollows: Bool) -> Void
    @usableFromInline let state: @MainActor (UnsafeRawPointer, UnsafeRawPointer) -> Void

    @inlinable
    init(
      action: @escaping @MainActor (UnsafeRawPointer, ActionSource) -> Void,
      mutation: @escaping @MainActor (UnsafeRawPointer, _ stateFollows: Bool) -> Void,
      state: @escaping @MainActor (UnsafeRawPointer, UnsafeRawPointer) -> Void
    ) {
      self.action = action
      self.mutation = mutation
      self.state = state
    }
  }

  /// One handler and its token's id.
  @usableFromInline
  final class Handler {
    /// The handler's `@MainActor` closure with its isolation cast away, as
    /// `ReactorRuntime.Callback` does: only `emit` calls it, on the main actor, and the borrowing
    /// closure there would otherwise check the executor on every call.
    @usableFromInline let function: (Event) -> Void
    /// A change log's calls, with their isolation cast away likewise; the events they do not
    /// take (effects, and a mutation an effect sent) go to `function`.
    @usableFromInline let logAction: ((UnsafeRawPointer, ActionSource) -> Void)?
    @usableFromInline let logMutation: ((UnsafeRawPointer, Bool) -> Void)?
    @usableFromInline let logState: ((UnsafeRawPointer, UnsafeRawPointer) -> Void)?
    let id: Int
    /// Set when its token stops it; an emission skips it from then on.
    @exclusivity(unchecked) @usableFromInline var isRemoved = false

    init(_ function: @escaping @MainActor (Event) -> Void, log: LogCalls?, id: Int) {
      self.function = unsafeBitCast(Isolated(function: function), to: Nonisolated.self).function
      if let log {
        logAction =
          unsafeBitCast(
            IsolatedAction(function: log.action), to: NonisolatedAction.self
          ).function
        logMutation =
          unsafeBitCast(
            IsolatedMutation(function: log.mutation), to: NonisolatedMutation.self
          ).function
        logState =
          unsafeBitCast(
            IsolatedState(function: log.state), to: NonisolatedState.self
          ).function
      } else {
        logAction = nil
        logMutation = nil
        logState = nil
      }
      self.id = id
    }

    /// Calls the handler without retaining it, unless it was removed. The caller, on the main
    /// actor, guarantees that the box outlives the call. Nonisolated, so that the borrowing
    /// closure is not checked for the main actor on every call.
    @inlinable
    nonisolated static func call(_ handler: Unmanaged<Handler>, with event: Event) {
      handler._withUnsafeGuaranteedRef { if !$0.isRemoved { $0.function(event) } }
    }

    // A change log's calls, made like `call`; only while each handler is a change log's. The
    // values go by address (see `LogCalls`).

    @inlinable
    nonisolated static func logAction(
      _ handler: Unmanaged<Handler>, _ action: Action, _ source: ActionSource
    ) {
      // Each closure called where it is stored, not copied out, which would retain its context;
      // not through `unsafelyUnwrapped` either, which, generic, returns it reabstracted, a thunk
      // allocated on every call.
      handler._withUnsafeGuaranteedRef { handler in
        guard !handler.isRemoved else { return }
        withUnsafePointer(to: action) { handler.logAction?(UnsafeRawPointer($0), source) }
      }
    }

    @inlinable
    nonisolated static func logMutation(
      _ handler: Unmanaged<Handler>, _ mutation: Mutation, stateFollows: Bool
    ) {
      handler._withUnsafeGuaranteedRef { handler in
        guard !handler.isRemoved else { return }
        withUnsafePointer(to: mutation) { handler.logMutation?(UnsafeRawPointer($0), stateFollows) }
      }
    }

    @inlinable
    nonisolated static func logState(_ handler: Unmanaged<Handler>, _ old: State, _ new: State) {
      handler._withUnsafeGuaranteedRef { handler in
        guard !handler.isRemoved else { return }
        withUnsafePointer(to: old) { old in
          withUnsafePointer(to: new) { new in
            handler.logState?(UnsafeRawPointer(old), UnsafeRawPointer(new))
          }
        }
      }
    }

    private struct Isolated {
      let function: @MainActor (Event) -> Void
    }

    private struct Nonisolated {
      let function: (Event) -> Void
    }

    private struct IsolatedAction {
      let function: @MainActor (UnsafeRawPointer, ActionSource) -> Void
    }

    private struct NonisolatedAction {
      let function: (UnsafeRawPointer, ActionSource) -> Void
    }

    private struct IsolatedMutation {
      let function: @MainActor (UnsafeRawPointer, Bool) -> Void
    }

    private struct NonisolatedMutation {
      let function: (UnsafeRawPointer, Bool) -> Void
    }

    private struct IsolatedState {
      let function: @MainActor (UnsafeRawPointer, UnsafeRawPointer) -> Void
    }

    private struct NonisolatedState {
      let function: (UnsafeRawPointer, UnsafeRawPointer) -> Void
    }
  }

  init(runtime: ReactorRuntime<Action, Mutation, State>, reactorType: Any.Type) {
    self.runtime = runtime
    self.reactor = InspectedReactor(
      id: ObjectIdentifier(runtime), name: String(describing: reactorType))
  }

  /// Adds a handler. Its token stops it through the runtime (a negative id), not through the hub:
  /// a weak reference to the hub would make every retain of it, two per action, take the
  /// runtime's slow path.
  func add(
    _ function: @escaping @MainActor (Event) -> Void, log: LogCalls? = nil,
    runtime: ReactorRuntime<Action, Mutation, State>
  ) -> ObservationToken {
    let id = nextID
    nextID += 1
    let handler = Handler(function, log: log, id: id)
    handlers.append(handler)
    calls.append(Unmanaged.passUnretained(handler))
    updateMode()
    return ObservationToken(source: runtime, id: ~id)
  }

  /// Stops the handler of an id that `add` made (the token's id, complemented back).
  func removeHandler(id: Int) {
    guard let handler = handlers.first(where: { $0.id == id }), !handler.isRemoved else { return }
    handler.isRemoved = true
    needsCompaction = true
    if emissions == 0 { compact() }
  }

  /// Drops the removed handlers, and the hub itself once none is left.
  @usableFromInline
  func compact() {
    needsCompaction = false
    calls.removeAll { $0.takeUnretainedValue().isRemoved }
    handlers.removeAll { $0.isRemoved }
    updateMode()
    if handlers.isEmpty && !forwardsToProcess, let runtime, runtime.inspectors === self {
      runtime.attachments?.inspectors = nil
    }
  }

  /// Works out `logsOnly` and tells the runtime's attachments where to find the hub.
  func updateMode() {
    logsOnly =
      !forwardsToProcess && !handlers.isEmpty
      && handlers.allSatisfy { $0.isRemoved || $0.logAction != nil }
    guard let attachments = runtime?.attachments, attachments.inspectors === self else { return }
    attachments.unretainedInspectors = logsOnly ? nil : Unmanaged.passUnretained(self)
    attachments.unretainedLogInspectors = logsOnly ? Unmanaged.passUnretained(self) : nil
  }

  /// Calls the handlers added before the event, then the process-wide inspectors. Inlined into
  /// each report, which counts itself as one emission: a report that emits two events (a
  /// mutation and its state) compacts once, after both, so that nothing frees the hub in between
  /// and the runtime can call it without retaining it.
  ///
  /// `event` builds the event. `isTrivial` says whether its payload is plain data (its case is
  /// known where it is built): such an event is moved into a stack slot at the end and left
  /// there rather than destroyed, because destroying a value of the multi-payload enum calls its
  /// outlined destroy, which switches on the case, even when that case holds nothing to release.
  @inlinable @inline(__always)
  func deliver(isTrivial: Bool, _ event: () -> Event) {
    withTemporarySlot(of: Event.self) { slot in
      let event = event()
      // Over the handlers added before the event: `calls` only grows at its end while an
      // emission runs, and a box lives until the compaction after the last one.
      let count = calls.count
      if count == 1 {
        // One handler, the usual case: called without the loop's index, bounds check and
        // branch back.
        Handler.call(calls[0], with: event)
      } else {
        var index = 0
        while index < count {
          let handler = calls[index]
          index &+= 1
          Handler.call(handler, with: event)
        }
      }
      if _slowPath(forwardsToProcess) { forward(event) }
      slot.initialize(to: consume event)
      if !isTrivial { slot.deinitialize(count: 1) }
    }
  }

  /// Ends an emission: drops the handlers removed meanwhile once no emission runs.
  @inlinable @inline(__always)
  func endEmission() {
    emissions &-= 1
    if _slowPath(needsCompaction) && emissions == 0 { compactAfterEmission() }
  }

  /// Compacts at the end of an emission, keeping the hub alive until `compact` returns: the
  /// runtime calls the reports without retaining the hub, and compaction may drop it.
  @usableFromInline @inline(never)
  func compactAfterEmission() {
    withExtendedLifetime(self) { compact() }
  }

  /// Emits one event.
  @inlinable
  func emit(_ event: Event) {
    emissions &+= 1
    deliver(isTrivial: false) { event }
    endEmission()
  }

  /// Passes an event to the process-wide inspectors (generic methods: unspecialized anyway).
  @usableFromInline
  func forward(_ event: Event) {
    for (_, inspector) in ReactorInspection.registry.inspectors {
      inspector.receive(event, from: reactor)
    }
  }

  // MARK: - Events (called by the runtime only when it holds an inspection)

  @inlinable @inline(__always)
  func action(_ action: Action) {
    let source = nextActionSource ?? .send
    nextActionSource = nil
    emissions &+= 1
    deliver(isTrivial: _isPOD(Action.self)) { .action(action, source: source) }
    endEmission()
  }

  // The usual events when each handler is a change log's (`logsOnly`): no event is built. Out of
  // line, so that the reports of the inspected events keep their shape.

  /// `action` for the change logs.
  @inlinable @inline(never)
  func logAction(_ action: Action) {
    let source = nextActionSource ?? .send
    nextActionSource = nil
    emissions &+= 1
    let count = calls.count
    var index = 0
    while index < count {
      let handler = calls[index]
      index &+= 1
      Handler.logAction(handler, action, source)
    }
    endEmission()
  }

  /// `applied` for the change logs. A mutation that an effect delivered goes to their handlers as
  /// an event, which names the effect.
  @inlinable @inline(never)
  func logApplied(_ mutation: Mutation, new: State) {
    if _slowPath(deliveringEffect != nil) { return appliedFromEffect(mutation, new: new) }
    let old = lastState
    lastState = new
    emissions &+= 1
    let stateFollows = old != nil
    let count = calls.count
    var index = 0
    while index < count {
      let handler = calls[index]
      index &+= 1
      Handler.logMutation(handler, mutation, stateFollows: stateFollows)
    }
    if let old {
      // Over the handlers added meanwhile too, as the state event of `applied` goes.
      let count = calls.count
      index = 0
      while index < count {
        let handler = calls[index]
        index &+= 1
        Handler.logState(handler, old, new)
      }
    }
    endEmission()
  }

  @inlinable
  func transformedAction(_ action: Action) {
    emit(.action(action, source: .transform))
  }

  /// Reports a reduced mutation, then the state it published.
  ///
  /// The inspection keeps the last published state itself, so that the loop does not copy the
  /// old one aside when nothing inspects it.
  @inlinable @inline(__always)
  func applied(_ mutation: Mutation, new: State) {
    // An effect delivered this mutation only: what the mutation's observers queue is not its.
    // That case goes out of line, so that the usual one holds no effect to build, copy or
    // destroy, and reads one word to rule it out.
    if _slowPath(deliveringEffect != nil) { return appliedFromEffect(mutation, new: new) }
    let old = lastState
    lastState = new
    emissions &+= 1
    deliver(isTrivial: _isPOD(Mutation.self)) { .mutation(mutation, effect: nil) }
    if let old { deliver(isTrivial: _isPOD(State.self)) { .state(old: old, new: new) } }
    endEmission()
  }

  /// `applied` for a mutation that an effect delivered: its event names the effect, taken here.
  @inlinable @inline(never)
  func appliedFromEffect(_ mutation: Mutation, new: State) {
    var effect: EffectInfo? = nil
    swap(&effect, &deliveringEffect)
    let old = lastState
    lastState = new
    emissions &+= 1
    deliver(isTrivial: false) { .mutation(mutation, effect: effect.take()) }
    if let old { deliver(isTrivial: _isPOD(State.self)) { .state(old: old, new: new) } }
    endEmission()
  }

  /// Describes a starting effect and reports its start.
  func effectStarted(serial: Int, ids: [EffectID], site: EffectSite?) -> EffectInfo {
    let info = EffectInfo(
      serial: serial, ids: ids, fileID: site.map { "\($0.fileID)" } ?? "?",
      line: site.map { Int($0.line) } ?? 0)
    emit(.effectStarted(info))
    return info
  }

  func effectEnded(_ info: EffectInfo, _ outcome: EffectOutcome) {
    emit(.effectEnded(info, outcome))
  }
}

extension ReactorRuntime {
  /// The reactor's inspectors, if something inspects it (they live in ``Attachments``).
  @inlinable
  var inspectors: InspectorHub<Action, Mutation, State>? {
    attachments?.inspectors
  }

  /// The reactor's inspectors, created on first use.
  func inspectors(reactorType: Any.Type) -> InspectorHub<Action, Mutation, State> {
    if let inspectors { return inspectors }
    let inspectors = InspectorHub(runtime: self, reactorType: reactorType)
    inspectors.forwardsToProcess = ReactorInspection.isActive
    inspectors.lastState = publishedState
    installedAttachments.inspectors = inspectors
    return inspectors
  }

  // The reports below are out of line: the loop calls them behind one unlikely check of
  // `attachments`, so that with nothing attached they cost that check alone.

  /// Notes which effect delivers the mutation being received (its task's), for the report and
  /// the recorders.
  @usableFromInline @inline(never)
  func noteDelivery() {
    guard let attachments, !isProcessing else { return }
    if let inspectors = attachments.inspectors { inspectors.deliveringEffect = InspectedEffect.current }
    attachments.recorder?.noteEffectDelivery()
  }

  /// Notes that the action about to be sent comes from the external-actions effect.
  @usableFromInline @inline(never)
  func noteEffectAction() {
    inspectors?.nextActionSource = .effect
  }

  /// Reports an action that `transform(action:)` produced as an effect.
  @inlinable @inline(never)
  func reportTransformed(_ action: Action) {
    inspectors?.transformedAction(action)
  }

  /// Reports a starting effect, if something inspects the reactor, and returns its description
  /// for the report of its end.
  @usableFromInline @inline(never)
  func inspectEffectStart<Element>(_ effect: Effect<Element>, serial: Int, ids: [EffectID])
    -> EffectReport?
  {
    guard let inspectors else { return nil }
    return EffectReport(inspectors.effectStarted(serial: serial, ids: ids, site: effect.site))
  }

  /// Reports how an inspected effect ended. Called from the effect's task: an effect that
  /// returned after its task was cancelled counts as cancelled.
  @usableFromInline @inline(never)
  func inspectEffectEnd(_ report: EffectReport, _ outcome: EffectOutcome) {
    var outcome = outcome
    if case .finished = outcome, Task.isCancelled { outcome = .cancelled }
    inspectors?.effectEnded(report.info, outcome)
  }

  /// Reports a reduced mutation and the state it published, if something inspects the reactor
  /// that a recorder records too (with inspectors alone, `notifyReporting` reports it inline).
  ///
  /// It reads the published state itself rather than taking it from `notifyReporting`: passing
  /// it changed the code layout of the view bridge's loop for the worse.
  @inlinable @inline(never)
  func reportApplied(_ mutation: Mutation) {
    guard let state = publishedState, let attachments else { return }
    if let inspectors = attachments.unretainedInspectors {
      inspectors.borrow { $0.applied(mutation, new: state) }
    } else if let logs = attachments.unretainedLogInspectors {
      logs.borrow { $0.logApplied(mutation, new: state) }
    }
  }

  /// Creates the inspectors when the runtime starts while process-wide inspectors are attached.
  func startInspection(reactorType: Any.Type) {
    guard ReactorInspection.isActive else { return }
    inspectors(reactorType: reactorType).forwardsToProcess = true
  }
}
