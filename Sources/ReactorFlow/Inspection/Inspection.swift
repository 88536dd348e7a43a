/// A reactor's inspection: its inspectors and what its events need to know. The runtime's hooks
/// hold one only while something inspects the reactor; the loop finds it through the `hooks`
/// reference it checks anyway.
@MainActor
@usableFromInline
final class Inspection<Action: Sendable, Mutation: Sendable, State>: ObservationSource {
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
    if handlers.isEmpty && !forwardsToProcess, let runtime, runtime.inspection === self {
      runtime.hooks?.inspection = nil
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
  /// The reactor's inspection, if something inspects it (it lives in ``Hooks``).
  var inspection: Inspection<Action, Mutation, State>? {
    hooks?.inspection
  }

  /// The reactor's inspection, created on first use.
  func inspection(reactorType: Any.Type) -> Inspection<Action, Mutation, State> {
    if let inspection { return inspection }
    let inspection = Inspection(runtime: self, reactorType: reactorType)
    inspection.forwardsToProcess = ReactorInspection.isActive
    inspection.lastState = storedState
    installedHooks.inspection = inspection
    return inspection
  }

  /// Reports a reduced mutation and the state it published, if something inspects the reactor.
  @usableFromInline @inline(never)
  func reportApplied(_ mutation: Mutation, _ state: State) {
    hooks?.inspection?.applied(mutation, new: state)
  }

  /// Creates the inspection when the runtime starts while process-wide inspectors are attached.
  func startInspection(reactorType: Any.Type) {
    guard ReactorInspection.isActive else { return }
    inspection(reactorType: reactorType).forwardsToProcess = true
  }
}
