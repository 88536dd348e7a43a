/// One reactor's inspectors, and what their events need to know. The runtime's attachments hold
/// one only while something inspects the reactor; the loop finds it through the `attachments`
/// reference it checks anyway, so that a reactor nothing inspects pays one check per action.
@MainActor
final class InspectorHub<Action: Sendable, Mutation: Sendable, State> {
  typealias Event = ReactorEvent<Action, Mutation, State>

  /// One handler and its token's id.
  private final class Handler {
    let function: @MainActor (Event) -> Void
    let id: Int
    /// Set when its token stops it; an emission skips it from then on.
    var isRemoved = false

    init(_ function: @escaping @MainActor (Event) -> Void, id: Int) {
      self.function = function
      self.id = id
    }
  }

  private weak var runtime: ReactorRuntime<Action, Mutation, State>?
  /// The handlers, in the order they were added. A removed handler is only marked while an
  /// emission runs (a handler may stop itself or another), and dropped after it.
  private var handlers: [Handler] = []
  /// How many emissions are running (a handler may send an action, which emits again).
  private var emissions = 0
  private var needsCompaction = false
  private var nextID = 0
  /// Whether the process-wide inspectors were active when the runtime started.
  var forwardsToProcess = false
  let reactor: InspectedReactor
  /// The source of the action being sent, when it is not `.send`; set by the sink of external
  /// actions just before it sends.
  var nextActionSource: ActionSource?
  /// The effect whose mutation is being received.
  var deliveringEffect: InspectedEffect?
  /// The state published last, the `old` of the next state event.
  var lastState: State?

  init(runtime: ReactorRuntime<Action, Mutation, State>, reactorType: Any.Type) {
    self.runtime = runtime
    self.reactor = InspectedReactor(
      id: ObjectIdentifier(runtime), name: String(describing: reactorType))
  }

  /// Adds a handler. Its token stops it through the runtime (a negative id), which outlives the
  /// hub's handlers.
  func add(
    _ function: @escaping @MainActor (Event) -> Void, runtime: ReactorRuntime<Action, Mutation, State>
  ) -> ObservationToken {
    let id = nextID
    nextID += 1
    handlers.append(Handler(function, id: id))
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
  private func compact() {
    needsCompaction = false
    handlers.removeAll { $0.isRemoved }
    if handlers.isEmpty && !forwardsToProcess, let runtime, runtime.inspectors === self {
      runtime.attachments?.inspectors = nil
    }
  }

  /// Calls the handlers added before the event, then the process-wide inspectors.
  func emit(_ event: Event) {
    emissions += 1
    // A handler added by another during the emission starts with the next event.
    let count = handlers.count
    var index = 0
    while index < count {
      let handler = handlers[index]
      index += 1
      if !handler.isRemoved { handler.function(event) }
    }
    if forwardsToProcess { forward(event) }
    emissions -= 1
    if needsCompaction && emissions == 0 { compact() }
  }

  /// Passes an event to the process-wide inspectors.
  private func forward(_ event: Event) {
    for (_, inspector) in ReactorInspection.registry.inspectors {
      inspector.receive(event, from: reactor)
    }
  }

  // MARK: - Events (called by the runtime only when it holds an inspection)

  func action(_ action: Action) {
    let source = nextActionSource ?? .send
    nextActionSource = nil
    emit(.action(action, source: source))
  }

  func transformedAction(_ action: Action) {
    emit(.action(action, source: .transform))
  }

  /// Reports a reduced mutation, then the state it published.
  ///
  /// The inspection keeps the last published state itself, so that the loop does not copy the
  /// old one aside when nothing inspects it.
  func applied(_ mutation: Mutation, new: State) {
    let effect = deliveringEffect
    deliveringEffect = nil
    let old = lastState
    lastState = new
    emit(.mutation(mutation, effect: effect))
    if let old { emit(.state(old: old, new: new)) }
  }
}

extension ReactorRuntime {
  /// The reactor's inspectors, if something inspects it (they live in ``Attachments``).
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
    attachments.inspectors?.deliveringEffect = InspectedEffect.current
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

  /// Reports an action sent to the reactor, to the inspectors, then the recorder.
  @usableFromInline @inline(never)
  func reportAction(_ action: Action) {
    guard let attachments else { return }
    attachments.inspectors?.action(action)
    attachments.recorder?.record(action)
  }

  /// Reports a reduced mutation and the state it published, to the recorder, then the
  /// inspectors.
  @usableFromInline @inline(never)
  func reportApplied(_ mutation: Mutation, _ state: State) {
    guard let attachments else { return }
    attachments.recorder?.record(mutation, state)
    attachments.inspectors?.applied(mutation, new: state)
  }

  /// Names a starting effect and reports its start, if something inspects the reactor.
  @usableFromInline @inline(never)
  func inspectEffectStart<Element>(_ effect: Effect<Element>, serial: Int, ids: [EffectID])
    -> InspectedEffect?
  {
    guard let inspectors else { return nil }
    let inspected = InspectedEffect(serial: serial, ids: ids, site: effect.site)
    inspectors.emit(.effectStarted(inspected))
    return inspected
  }

  /// Reports how an inspected effect ended. Called from the effect's task: an effect that
  /// returned after its task was cancelled counts as cancelled.
  @usableFromInline @inline(never)
  func inspectEffectEnd(_ effect: InspectedEffect, _ outcome: EffectOutcome) {
    var outcome = outcome
    if case .finished = outcome, Task.isCancelled { outcome = .cancelled }
    inspectors?.emit(.effectEnded(effect, outcome))
  }

  /// Creates the inspectors when the runtime starts while process-wide inspectors are attached.
  func startInspection(reactorType: Any.Type) {
    guard ReactorInspection.isActive else { return }
    inspectors(reactorType: reactorType).forwardsToProcess = true
  }
}
