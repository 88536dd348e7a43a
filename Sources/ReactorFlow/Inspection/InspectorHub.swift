/// One reactor's inspectors, and what their events need to know. The runtime's attachments hold
/// one only while something inspects the reactor; the loop finds it through the `attachments`
/// reference it checks anyway.
@MainActor
@usableFromInline
final class InspectorHub<Action: Sendable, Mutation: Sendable, State>: ObservationSource {
  typealias Event = ReactorEvent<Action, Mutation, State>

  private weak var runtime: ReactorRuntime<Action, Mutation, State>?
  private var handlers: [(id: Int, handler: @MainActor (Event) -> Void)] = []
  private var nextID = 0
  /// Whether the process-wide inspectors were active when the runtime started.
  var forwardsToProcess = false
  let reactor: InspectedReactor
  /// The source of the action being sent, when it is not `.send`; set by the sink of external
  /// actions just before it sends.
  var nextActionSource: ActionSource?
  /// The effect whose mutation is being received.
  var deliveringEffect: EffectInfo?
  /// The state published last, the `old` of the next state event.
  var lastState: State?

  init(runtime: ReactorRuntime<Action, Mutation, State>, reactorType: Any.Type) {
    self.runtime = runtime
    self.reactor = InspectedReactor(
      id: ObjectIdentifier(runtime), name: String(describing: reactorType))
  }

  func add(_ handler: @escaping @MainActor (Event) -> Void) -> ObservationToken {
    let id = nextID
    nextID += 1
    handlers.append((id, handler))
    return ObservationToken(source: self, id: id)
  }

  @usableFromInline
  func removeObservation(id: Int) {
    handlers.removeAll { $0.id == id }
    if handlers.isEmpty && !forwardsToProcess, let runtime, runtime.inspectors === self {
      runtime.attachments?.inspectors = nil
    }
  }

  func emit(_ event: Event) {
    for (_, handler) in handlers { handler(event) }
    guard forwardsToProcess else { return }
    for (_, inspector) in ReactorInspection.registry.inspectors {
      inspector.receive(event, from: reactor)
    }
  }

  // MARK: - Events (called by the runtime only when it holds an inspection)

  @usableFromInline
  func action(_ action: Action) {
    let source = nextActionSource ?? .send
    nextActionSource = nil
    emit(.action(action, source: source))
  }

  @usableFromInline
  func transformedAction(_ action: Action) {
    emit(.action(action, source: .transform))
  }

  /// Reports a reduced mutation, then the state it published.
  ///
  /// The inspection keeps the last published state itself, so that the loop does not copy the
  /// old one aside when nothing inspects it.
  @usableFromInline
  func applied(_ mutation: Mutation, new: State) {
    // The effect delivered this mutation only: what the mutation's observers queue is not its.
    let effect = deliveringEffect
    deliveringEffect = nil
    let old = lastState
    lastState = new
    emit(.mutation(mutation, effect: effect))
    guard let old else { return }
    emit(.state(old: old, new: new))
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
  @usableFromInline @inline(never)
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

  /// Reports a reduced mutation and the state it published, if something inspects the reactor.
  ///
  /// It reads the published state itself rather than taking it from `notifyReporting`: passing
  /// it changed the code layout of the view bridge's loop for the worse.
  @usableFromInline @inline(never)
  func reportApplied(_ mutation: Mutation) {
    guard let state = publishedState else { return }
    inspectors?.applied(mutation, new: state)
  }

  /// Creates the inspectors when the runtime starts while process-wide inspectors are attached.
  func startInspection(reactorType: Any.Type) {
    guard ReactorInspection.isActive else { return }
    inspectors(reactorType: reactorType).forwardsToProcess = true
  }
}
