/// One reactor's inspectors, and what their events need to know. The runtime's attachments hold
/// one only while something inspects the reactor; the loop finds it through the `attachments`
/// reference it checks anyway.
@MainActor
@usableFromInline
final class InspectorHub<Action: Sendable, Mutation: Sendable, State> {
  @usableFromInline typealias Event = ReactorEvent<Action, Mutation, State>

  private weak var runtime: ReactorRuntime<Action, Mutation, State>?
  // The event path below is inlinable, so that it is specialized for the reactor's types in the
  // app: unspecialized, building and passing each event looked up generic and tuple metadata. A
  // transformed action and an effect's mutation, which no benchmark inspects, are out of line.
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
  @exclusivity(unchecked) @usableFromInline var forwardsToProcess = false
  let reactor: InspectedReactor
  /// The source of the action being sent, when it is not `.send`; set by the sink of external
  /// actions just before it sends.
  @exclusivity(unchecked) @usableFromInline var nextActionSource: ActionSource?
  /// The effect whose mutation is being received.
  @exclusivity(unchecked) @usableFromInline var deliveringEffect: InspectedEffect?
  /// The state published last, the `old` of the next state event.
  @exclusivity(unchecked) @usableFromInline var lastState: State?

  /// One handler and its token's id.
  @usableFromInline
  final class Handler {
    /// The handler's `@MainActor` closure with its isolation cast away, as
    /// `ReactorRuntime.Callback` does: only `emit` calls it, on the main actor, and the borrowing
    /// closure there would otherwise check the executor on every call.
    @usableFromInline let function: (Event) -> Void
    let id: Int
    /// Set when its token stops it; an emission skips it from then on.
    @exclusivity(unchecked) @usableFromInline var isRemoved = false

    init(_ function: @escaping @MainActor (Event) -> Void, id: Int) {
      self.function = unsafeBitCast(Isolated(function: function), to: Nonisolated.self).function
      self.id = id
    }

    /// Calls the handler without retaining it, unless it was removed. The caller, on the main
    /// actor, guarantees that the box outlives the call. Nonisolated, so that the borrowing
    /// closure is not checked for the main actor on every call.
    @inlinable
    nonisolated static func call(_ handler: Unmanaged<Handler>, with event: Event) {
      handler._withUnsafeGuaranteedRef { if !$0.isRemoved { $0.function(event) } }
    }

    private struct Isolated {
      let function: @MainActor (Event) -> Void
    }

    private struct Nonisolated {
      let function: (Event) -> Void
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
    _ function: @escaping @MainActor (Event) -> Void, runtime: ReactorRuntime<Action, Mutation, State>
  ) -> ObservationToken {
    let id = nextID
    nextID += 1
    let handler = Handler(function, id: id)
    handlers.append(handler)
    calls.append(Unmanaged.passUnretained(handler))
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
  func compact() {
    needsCompaction = false
    calls.removeAll { $0.takeUnretainedValue().isRemoved }
    handlers.removeAll { $0.isRemoved }
    if handlers.isEmpty && !forwardsToProcess, let runtime, runtime.inspectors === self {
      runtime.attachments?.inspectors = nil
    }
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
  @usableFromInline @inline(never)
  func appliedFromEffect(_ mutation: Mutation, new: State) {
    var effect: InspectedEffect? = nil
    swap(&effect, &deliveringEffect)
    let old = lastState
    lastState = new
    emissions &+= 1
    deliver(isTrivial: false) { .mutation(mutation, effect: effect.take()) }
    if let old { deliver(isTrivial: _isPOD(State.self)) { .state(old: old, new: new) } }
    endEmission()
  }

  /// Names a starting effect and reports its start.
  func effectStarted(serial: Int, ids: [EffectID], site: EffectSite?) -> InspectedEffect {
    let effect = InspectedEffect(serial: serial, ids: ids, site: site)
    emit(.effectStarted(effect))
    return effect
  }

  func effectEnded(_ effect: InspectedEffect, _ outcome: EffectOutcome) {
    emit(.effectEnded(effect, outcome))
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
    inspectors.lastState = published
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
  @usableFromInline @inline(never)
  func reportTransformed(_ action: Action) {
    inspectors?.transformedAction(action)
  }

  /// Names a starting effect and reports its start, if something inspects the reactor.
  @usableFromInline @inline(never)
  func inspectEffectStart<Element>(_ effect: Effect<Element>, serial: Int, ids: [EffectID])
    -> InspectedEffect?
  {
    inspectors?.effectStarted(serial: serial, ids: ids, site: effect.site)
  }

  /// Reports how an inspected effect ended. Called from the effect's task: an effect that
  /// returned after its task was cancelled counts as cancelled.
  @usableFromInline @inline(never)
  func inspectEffectEnd(_ effect: InspectedEffect, _ outcome: EffectOutcome) {
    var outcome = outcome
    if case .finished = outcome, Task.isCancelled { outcome = .cancelled }
    inspectors?.effectEnded(effect, outcome)
  }

  /// Reports a reduced mutation and the state it published, if something inspects the reactor
  /// that a recorder records too (with inspectors alone, `notifyReporting` reports it inline).
  ///
  /// It reads the published state itself rather than taking it from `notifyReporting`: passing
  /// it changed the code layout of the view bridge's loop for the worse.
  @inlinable @inline(never)
  func reportApplied(_ mutation: Mutation) {
    guard let state = published, let attachments else { return }
    if let inspectors = attachments.unretainedInspectors {
      inspectors.borrow { $0.applied(mutation, new: state) }
    }
  }

  /// Creates the inspectors when the runtime starts while process-wide inspectors are attached.
  func startInspection(reactorType: Any.Type) {
    guard ReactorInspection.isActive else { return }
    inspectors(reactorType: reactorType).forwardsToProcess = true
  }
}
