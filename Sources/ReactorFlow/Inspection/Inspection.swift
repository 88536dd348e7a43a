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

  /// Notes which effect delivers the mutation being received (its task's), for the report.
  @usableFromInline @inline(never)
  func noteDelivery() {
    if let inspection, !isProcessing { inspection.deliveringEffect = InspectedEffect.current }
  }

  /// Notes that the action about to be sent comes from the external-actions effect.
  @usableFromInline @inline(never)
  func noteEffectAction() {
    inspection?.nextActionSource = .effect
  }

  /// Reports an action that `transform(action:)` produced as an effect.
  @usableFromInline @inline(never)
  func reportTransformed(_ action: Action) {
    inspection?.transformedAction(action)
  }

  /// Starts an effect's task when a replay turned effects off (a task that does nothing) or when
  /// something inspects the reactor (a task that reports its start and its end); `nil` otherwise,
  /// and ``spawn(_:_:_:_:ids:isExternal:)`` starts it as usual.
  @usableFromInline
  func spawnHooked<R: Reactor, Output>(
    _ effect: Effect<Output>,
    _ reactor: R,
    _ group: inout EffectGroup?,
    _ sink: Sink<R, Output>,
    ids: [EffectID],
    isExternal: Bool
  ) -> Task<Void, Never>? where R.Action == Action, R.Mutation == Mutation, R.State == State {
    guard let hooks else { return nil }
    if hooks.effectsOff { return Task {} }  // A replay (Recording/).
    guard let inspection = hooks.inspection else { return nil }
    // What `spawn` does, with the task wrapped in the reports.
    let serial = registry.makeSerial()
    let weakReactor = WeakReactor(value: reactor)
    let info = inspection.effectStarted(serial: serial, ids: ids, site: effect.site)
    let task = EffectTasks.start(priority: Self.taskPriority(of: effect)) {
      let outcome = await InspectedEffect.$current.withValue(info) {
        await Self.runReporting(effect, weakReactor, sink)
      }
      weakReactor.value?.runtime.inspection?.effectEnded(info, outcome)
      weakReactor.value?.runtime.effects?.didFinish(serial: serial)
    }
    enroll(task, serial: serial, ids: ids, isExternal: isExternal, in: &group)
    return task
  }

  /// Runs an effect like `run(_:_:_:)` and returns how it ended.
  static func runReporting<R: Reactor, Output>(
    _ effect: Effect<Output>, _ reactor: WeakReactor<R>, _ sink: Sink<R, Output>
  ) async -> EffectOutcome where R.Action == Action, R.Mutation == Mutation, R.State == State {
    do {
      try await perform(effect, reactor, sink)
      return Task.isCancelled ? .cancelled : .finished
    } catch is CancellationError {
      return .cancelled
    } catch {
      report(error, reactor)
      return .failed(error)
    }
  }

  /// Reports a reduced mutation and the state it published, if something inspects the reactor.
  ///
  /// It reads the published state itself. `notifyReporting` has it in hand, but passing it
  /// measured `observation-bridge` at 55 ns per action against 48 (2026-11-25, two runs each), a
  /// code-layout effect on a path that never calls this.
  @usableFromInline @inline(never)
  func reportApplied(_ mutation: Mutation) {
    guard let state = storedState else { return }
    hooks?.inspection?.applied(mutation, new: state)
  }

  /// Creates the inspection when the runtime starts while process-wide inspectors are attached.
  func startInspection(reactorType: Any.Type) {
    guard ReactorInspection.isActive else { return }
    inspection(reactorType: reactorType).forwardsToProcess = true
  }
}
