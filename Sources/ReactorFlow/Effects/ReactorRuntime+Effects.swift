// The effect half of the loop, between `mutate` and `apply` (Runtime/ReactorRuntime.swift).
//
// One effect, top to bottom:
// 1. `start` interprets an effect's synchronous part in place (its elements go through the sink's
//    `inLoop`, while the loop is processing) and hands each asynchronous part to `spawn`.
// 2. `spawn` registers a task in the registry (EffectRegistry.swift) under the effect's
//    cancellation IDs, and in the group of the action that started it (EffectGroup.swift), which
//    `ReactorTask` (ReactorTask.swift) awaits or cancels.
// 3. The task's work runs inside `runToEnd`, which catches what it throws, sends a failure to
//    `recover(from:)` and tells the registry when the task ends. A `.run` body nothing inspects
//    is that work itself (`RunningBody`); any other effect's is `run`'s, which calls `perform`,
//    the asynchronous interpreter. A `.run` body is called off the main actor, through
//    `EffectHost` (EffectHost.swift) when one is installed, with a `Send` (Send.swift).
// 4. Every element comes back through `deliver`, which drops it once the effect is cancelled or
//    the reactor is gone, then the sink's `fromOutside` (Sink.swift), which re-enters the loop
//    through `receive` or `send`.
// 5. When the task ends, the registry forgets it; `cancel(id:)` and the reactor's release cancel
//    it through the registry, a `ReactorTask` through the group. `cancel(id:)` forgets it at
//    once: it no longer counts as running, and its task's end finds nothing left to forget.
//
// Inspection (Inspection/) is an optional reporter: with nothing attached, `spawn` pays one
// check and `run` reports to no one.

/// A reference to a reactor that does not keep it alive, for tasks that outlive a call.
@usableFromInline
struct WeakReactor<R: Reactor>: Sendable {
  @usableFromInline weak var value: R?

  @inlinable
  init(value: R?) {
    self.value = value
  }
}

/// What the task of a `.run` effect holds: the body, the reactor (weakly), where the elements go
/// and the serial the registry knows the task by, in one allocation. The task's closure and the
/// body's `Send` capture this one reference each, which Swift passes as the closure's context
/// itself, so neither allocates a context of its own.
@usableFromInline
final class RunningBody<R: Reactor, Element: Sendable>: Sendable {
  @usableFromInline let body: Effect<Element>.Body
  /// A weak reference of its own rather than a `WeakReactor<R>`: this class's deinit, which is not
  /// specialized, would look up that struct's generic metadata at the end of every effect.
  @usableFromInline weak let reactor: R?
  @usableFromInline let sink: Sink<R, Element>
  @usableFromInline let serial: Int

  @inlinable
  init(_ body: @escaping Effect<Element>.Body, _ reactor: R, _ sink: Sink<R, Element>, serial: Int) {
    self.body = body
    self.reactor = reactor
    self.sink = sink
    self.serial = serial
  }

  /// The `Send` the body gets: an element is dropped once the effect is cancelled or the reactor
  /// is gone.
  @inlinable
  var send: Send<Element> {
    Send { [self] element in
      guard !Task.isCancelled, let reactor else { return }
      sink.fromOutside(reactor, element)
    }
  }
}

/// The end of every effect task: what its work threw, and the registry told that it ended.
///
/// A namespace rather than statics of `ReactorRuntime`: a class's static method takes its
/// metatype, which a task's closure calling it would then hold in its context.
@usableFromInline
enum EffectTask {
  /// Runs an effect task's work to its end: the one place that catches what the work throws,
  /// tells the cancellation by which effects are stopped on purpose from a failure, sends a
  /// failure to the reactor's `recover(from:)` and, given the task's serial, tells the registry
  /// that the task ended.
  ///
  /// Inlined into its caller, a task's closure on the main actor, as the optimizer does with it
  /// (`memory-effect` fails otherwise): a frame of its own would be allocated in the task and
  /// stay allocated while the body sleeps. It and `work` run where
  /// their caller does (`nonisolated(nonsending)`), because an isolation of their own, even the
  /// caller's main actor, leaves a hop to it and the actor's reference in that frame. The reactor
  /// and the serial are read once the work ends, and what follows is out of line.
  @inlinable
  nonisolated(nonsending) static func runToEnd<R: Reactor>(
    _ reactor: @autoclosure () -> R?, finishing serial: @autoclosure () -> Int?,
    _ work: nonisolated(nonsending) @Sendable () async throws -> Void
  ) async -> EffectOutcome {
    do {
      try await work()
    } catch {
      return failed(error, reactor(), finishing: serial())
    }
    if let serial = serial() { finished(serial, reactor()) }
    return .finished
  }

  /// How an effect whose work threw `error` ended; a failure goes to the reactor's
  /// `recover(from:)`, and the registry forgets the task given its serial.
  ///
  /// Called from `runToEnd`, which runs on the main actor without being isolated to it.
  @inlinable
  @inline(never)
  static func failed<R: Reactor>(
    _ error: any Error, _ reactor: R?, finishing serial: Int?
  ) -> EffectOutcome {
    MainActor.assumeIsolated {
      // Compared by type first, rather than with `catch is`: `is` asks the runtime for a dynamic
      // cast, and every cancelled effect ends here.
      let outcome: EffectOutcome
      if type(of: error) == CancellationError.self || error is CancellationError {
        outcome = .cancelled
      } else {
        if let reactor, let mutation = reactor.recover(from: error) {
          reactor.runtime.receive(mutation, reactor)
        }
        outcome = .failed(error)
      }
      if let serial { reactor?.runtime.effects?.didFinish(serial: serial) }
      return outcome
    }
  }

  /// Tells the registry that the task `serial` has ended.
  ///
  /// Called from `runToEnd`, which runs on the main actor without being isolated to it.
  @inlinable
  @inline(never)
  static func finished<R: Reactor>(_ serial: Int, _ reactor: R?) {
    MainActor.assumeIsolated {
      reactor?.runtime.effects?.didFinish(serial: serial)
    }
  }
}

extension ReactorRuntime {
  // MARK: - Starting effects

  /// Runs the synchronous part of `effect` now and spawns tasks for the rest. `isActionEffect`
  /// says whether an action started it (rather than the external streams, or another effect's
  /// task): its tasks then join the action's group and count as active.
  @inlinable
  func start<R: Reactor<Action, Mutation, State>, Element>(
    _ effect: Effect<Element>,
    _ reactor: R,
    _ group: inout EffectGroup?,
    _ sink: Sink<R, Element>,
    ids: EffectIDs,
    isActionEffect: Bool
  ) {
    switch effect.operation {
    case .none:
      return
    case .element(let element):
      sink.inLoop(reactor, element)
    case .elements(let elements):
      for element in elements { sink.inLoop(reactor, element) }
    case .run:
      spawn(effect, reactor, &group, sink, ids: ids, isActionEffect: isActionEffect)
    case .merge(let effects):
      for effect in effects {
        start(effect, reactor, &group, sink, ids: ids, isActionEffect: isActionEffect)
      }
    case .concatenate(let effects):
      if let rest = startPrefix(effects, reactor, &group, sink, ids: ids, isActionEffect: isActionEffect) {
        spawn(rest, reactor, &group, sink, ids: ids, isActionEffect: isActionEffect)
      }
    case .cancellable(let id, let cancelInFlight, let inner):
      if cancelInFlight { cancelEffects(id: id) }
      start(inner, reactor, &group, sink, ids: ids.appending(id), isActionEffect: isActionEffect)
    case .cancel(let id):
      cancelEffects(id: id)
    case .catching(let inner, _):
      if inner.isSynchronous {
        start(inner, reactor, &group, sink, ids: ids, isActionEffect: isActionEffect)
      } else {
        spawn(effect, reactor, &group, sink, ids: ids, isActionEffect: isActionEffect)
      }
    case .throttle(let id, let sleep, let inner):
      guard openThrottleWindow(id: id, sleep: sleep, reactor) else { return }
      start(inner, reactor, &group, sink, ids: ids, isActionEffect: isActionEffect)
    case .deferred(let make):
      start(make(), reactor, &group, sink, ids: ids, isActionEffect: isActionEffect)
    case .finally(let inner, let closing):
      var rest: Effect<Element>? = inner
      if case .concatenate(let effects) = inner.operation {
        rest = startPrefix(effects, reactor, &group, sink, ids: ids, isActionEffect: isActionEffect)
      } else if inner.isSynchronous {
        start(inner, reactor, &group, sink, ids: ids, isActionEffect: isActionEffect)
        rest = nil
      }
      if let rest {
        spawn(rest.finally(closing), reactor, &group, sink, ids: ids, isActionEffect: isActionEffect)
      } else {
        start(closing, reactor, &group, sink, ids: ids, isActionEffect: isActionEffect)
      }
    case .subscribe(let subscribe):
      Self.subscribe(subscribe, effect.box?.site, ids: ids, reactor, sink)
    }
  }

  /// Runs the leading synchronous pieces of a concatenation now and returns the rest, or `nil`
  /// when nothing is left.
  @inlinable
  func startPrefix<R: Reactor<Action, Mutation, State>, Element>(
    _ effects: [Effect<Element>],
    _ reactor: R,
    _ group: inout EffectGroup?,
    _ sink: Sink<R, Element>,
    ids: EffectIDs,
    isActionEffect: Bool
  ) -> Effect<Element>? {
    var index = effects.startIndex
    while index < effects.endIndex {
      var piece = effects[index]
      // A deferred piece is made now, from the state the pieces before it left.
      if case .deferred(let make) = piece.operation { piece = make() }
      guard piece.isSynchronous else {
        // A last piece alone (`.run { ... }.prepend(x)`) runs as itself.
        if index + 1 == effects.endIndex { return piece }
        return .concatenate(CollectionOfOne(piece) + effects[(index + 1)...])
      }
      start(piece, reactor, &group, sink, ids: ids, isActionEffect: isActionEffect)
      index += 1
    }
    return nil
  }

  // MARK: - Spawning a task

  /// Starts a task that runs `effect`, registered under `ids` and, when an action started it, in
  /// the action's group.
  ///
  /// A replay starts a task that does nothing; an inspected reactor's task reports its start and
  /// its end.
  @inlinable
  @discardableResult
  func spawn<R: Reactor<Action, Mutation, State>, Element>(
    _ effect: Effect<Element>,
    _ reactor: R,
    _ group: inout EffectGroup?,
    _ sink: Sink<R, Element>,
    ids: EffectIDs,
    isActionEffect: Bool
  ) -> Task<Void, Never> {
    let serial = registry.makeSerial()
    var inspected: InspectedEffect?
    if _slowPath(attachments != nil) {
      if isReplaying { return Task {} }
      inspected = inspectEffectStart(effect, serial: serial, ids: ids.array)
    }
    let task: Task<Void, Never>
    if inspected == nil, case .run(_, let body) = effect.operation {
      // The most common effect takes the shortest path: see `RunningBody`.
      task = Self.start(
        RunningBody(body, reactor, sink, serial: serial), priority: Self.taskPriority(of: effect))
    } else {
      let weakReactor = WeakReactor(value: reactor)
      task = EffectHost.startTask(priority: Self.taskPriority(of: effect)) {
        guard let inspected else {
          await Self.run(effect, weakReactor, sink, finishing: serial)
          return
        }
        // Reported before the registry forgets the task, outside the effect's scope: what an
        // inspector does on hearing of the end is not the effect's.
        let outcome = await InspectedEffect.running(inspected) {
          await Self.run(effect, weakReactor, sink)
        }
        weakReactor.value?.runtime.inspectEffectEnd(inspected, outcome)
        EffectTask.finished(serial, weakReactor.value)
      }
    }
    registry.register(task, serial: serial, ids: ids, isActionEffect: isActionEffect)
    if isActionEffect {
      let actionGroup = group ?? EffectGroup()
      actionGroup.append(task)
      group = actionGroup
    }
    return task
  }

  /// Starts the task of a `.run` effect that nothing inspects. In production the task's closure
  /// calls the body itself, through `runToEnd` inlined into it: every async frame is allocated in
  /// the task, and these stay allocated while the body sleeps.
  @inlinable
  static func start<R: Reactor<Action, Mutation, State>, Element>(
    _ running: RunningBody<R, Element>, priority: TaskPriority?
  ) -> Task<Void, Never> {
    guard let host = EffectHost.installed else {
      return Task(priority: priority) { [running] in
        _ = await EffectTask.runToEnd(running.reactor, finishing: running.serial) {
          try await running.body(running.send)
        }
      }
    }
    // Through `runBody`, as every body with a host: under NonisolatedNonsendingByDefault, where
    // a `nonisolated` function passed by name runs depends on the closure that calls it, and
    // runBody's is the one WhereCodeRuns.md and the consumer packages describe.
    return host.start(priority) { [running] in
      _ = await EffectTask.runToEnd(running.reactor, finishing: running.serial) {
        try await EffectHost.runBody(running.body, sending: running.send)
      }
    }
  }

  /// The priority a `.run` effect asked for, if any: its task starts with it.
  @inlinable
  static func taskPriority<Element>(of effect: Effect<Element>) -> TaskPriority? {
    guard case .run(let rawPriority, _) = effect.operation, let rawPriority else { return nil }
    return TaskPriority(rawValue: rawPriority)
  }

  // MARK: - Running an effect in its task

  /// Runs an effect to its end and says how it ended, telling the registry when given the
  /// serial of the task it runs in.
  @inlinable
  @discardableResult
  static func run<R: Reactor<Action, Mutation, State>, Element>(
    _ effect: Effect<Element>, _ reactor: WeakReactor<R>, _ sink: Sink<R, Element>,
    finishing serial: Int? = nil
  ) async -> EffectOutcome {
    await EffectTask.runToEnd(reactor.value, finishing: serial) {
      // A `.run` effect, the most common, calls its body from here: `perform`'s frame, sized
      // for its largest case, is then not allocated in the effect's task.
      if case .run(_, let body) = effect.operation {
        try await EffectHost.runBody(body, sending: Send { element in deliver(element, reactor, sink) })
      } else {
        try await perform(effect, reactor, sink)
      }
    }
  }

  /// The asynchronous interpreter: does what `effect` says, in the effect's task.
  @inlinable
  static func perform<R: Reactor<Action, Mutation, State>, Element>(
    _ effect: Effect<Element>, _ reactor: WeakReactor<R>, _ sink: Sink<R, Element>
  ) async throws {
    switch effect.operation {
    case .none:
      return
    case .element(let element):
      deliver(element, reactor, sink)
    case .elements(let elements):
      for element in elements { deliver(element, reactor, sink) }
    case .run(_, let body):
      try await EffectHost.runBody(body, sending: Send { element in deliver(element, reactor, sink) })
    case .merge(let effects):
      // Each merged effect fails or is cancelled on its own; cancelling the merge cancels all.
      let tasks = effects.map { effect in
        EffectHost.startTask { await run(effect, reactor, sink) }
      }
      await withTaskCancellationHandler {
        for task in tasks { await EffectHost.wait(for: task) }
      } onCancel: {
        for task in tasks { task.cancel() }
      }
    case .concatenate(let effects):
      for effect in effects {
        try Task.checkCancellation()
        try await perform(effect, reactor, sink)
      }
    case .cancellable(let id, let cancelInFlight, let inner):
      // The inner effect gets a task of its own so that `cancel(id:)` reaches it alone.
      guard let task = startNested(inner, id, cancelInFlight, reactor, sink) else { return }
      await withTaskCancellationHandler {
        await EffectHost.wait(for: task)
      } onCancel: {
        task.cancel()
      }
    case .cancel(let id):
      reactor.value?.runtime.cancelEffects(id: id)
    case .catching(let inner, let handler):
      do {
        try await perform(inner, reactor, sink)
      } catch is CancellationError {
        throw CancellationError()
      } catch {
        try await perform(handler(error), reactor, sink)
      }
    case .throttle(let id, let sleep, let inner):
      guard let strong = reactor.value,
        strong.runtime.openThrottleWindow(id: id, sleep: sleep, strong)
      else { return }
      try await perform(inner, reactor, sink)
    case .deferred(let make):
      // Made (on the main actor, where this runs) from the state as it is now, after every
      // earlier element was reduced.
      try await perform(make(), reactor, sink)
    case .finally(let inner, let closing):
      do {
        try await perform(inner, reactor, sink)
      } catch {
        await runClosing(closing, reactor, sink)
        throw error
      }
      await runClosing(closing, reactor, sink)
    case .subscribe(let subscribe):
      guard let reactor = reactor.value, !Task.isCancelled else { return }
      Self.subscribe(subscribe, effect.box?.site, ids: .empty, reactor, sink)
    }
  }

  /// Subscribes the reactor to a synchronous source (a ``SharedValue``): each element is
  /// delivered on the main actor as if a task had sent it, so that it is queued while the loop
  /// processes, and it reaches inspectors as the mutation of an effect. The source holds the
  /// reactor weakly and forgets it once a delivery finds it gone.
  @inlinable
  static func subscribe<R: Reactor<Action, Mutation, State>, Element>(
    _ subscribe: @MainActor @Sendable (AnyObject, @escaping @MainActor (Element) -> Bool) -> Void,
    _ site: EffectSite?,
    ids: EffectIDs,
    _ reactor: R,
    _ sink: Sink<R, Element>
  ) {
    let weakReactor = WeakReactor(value: reactor)
    let serial = reactor.runtime.registry.makeSerial()
    subscribe(reactor) { element in
      guard let reactor = weakReactor.value else { return false }
      if _slowPath(reactor.runtime.attachments != nil) {
        reactor.runtime.deliverInspected(serial: serial, ids: ids.array, site: site) {
          sink.fromOutside(reactor, element)
        }
      } else {
        sink.fromOutside(reactor, element)
      }
      return true
    }
  }

  /// Delivers an element of a subscription with the subscription as the current effect, for
  /// the inspectors' report of the mutation.
  @usableFromInline @inline(never)
  func deliverInspected(serial: Int, ids: [EffectID], site: EffectSite?, _ deliver: () -> Void) {
    let effect = InspectedEffect(serial: serial, ids: ids, site: site)
    InspectedEffect.$current.withValue(effect, operation: deliver)
  }

  /// Runs the closing piece of a `finally`, delivering its elements even when the effect was
  /// cancelled: a task of its own does not inherit the cancellation. It still ends early when
  /// the reactor is gone (its elements are then dropped).
  @inlinable
  static func runClosing<R: Reactor<Action, Mutation, State>, Element>(
    _ closing: Effect<Element>, _ reactor: WeakReactor<R>, _ sink: Sink<R, Element>
  ) async {
    guard Task.isCancelled else {
      await run(closing, reactor, sink)
      return
    }
    await EffectHost.wait(for: EffectHost.startTask { await run(closing, reactor, sink) })
  }

  /// Hands an element of a running effect to the sink, unless the effect was cancelled or the
  /// reactor is gone.
  @inlinable
  static func deliver<R: Reactor<Action, Mutation, State>, Element>(
    _ element: Element, _ reactor: WeakReactor<R>, _ sink: Sink<R, Element>
  ) {
    guard !Task.isCancelled, let reactor = reactor.value else { return }
    sink.fromOutside(reactor, element)
  }

  /// Spawns the inner effect of a `cancellable` reached inside a running effect, in a task of
  /// its own registered under `id` alone.
  @inlinable
  static func startNested<R: Reactor<Action, Mutation, State>, Element>(
    _ effect: Effect<Element>,
    _ id: EffectID,
    _ cancelInFlight: Bool,
    _ reactor: WeakReactor<R>,
    _ sink: Sink<R, Element>
  ) -> Task<Void, Never>? {
    guard let reactor = reactor.value, !Task.isCancelled else { return nil }
    if cancelInFlight { reactor.runtime.cancelEffects(id: id) }
    var noGroup: EffectGroup?
    return reactor.runtime.spawn(effect, reactor, &noGroup, sink, ids: .one(id), isActionEffect: false)
  }

  // MARK: - Cancelling and throttling

  /// The effect registry, created with the first effect.
  @inlinable
  var registry: EffectRegistry {
    if let effects { return effects }
    let effects = EffectRegistry()
    self.effects = effects
    return effects
  }

  /// Cancels every running effect registered under `id`.
  @inlinable
  func cancelEffects(id: EffectID) {
    effects?.cancel(id: id)
  }

  /// The number of effects started by actions that are still running (external streams and the
  /// tasks nested inside other effects are not counted).
  ///
  /// A cancelled effect leaves the count at once, by its identifier or through its
  /// ``ReactorTask``, before its task has wound down: nothing it sends reaches the reactor from
  /// then on.
  public var activeEffectCount: Int {
    effects?.activeCount ?? 0
  }

  /// Opens the throttle window `id` for the length of `sleep`; `false` when it is already open
  /// (the effect is then dropped).
  @inlinable
  func openThrottleWindow(
    id: EffectID, sleep: @escaping @Sendable () async throws -> Void,
    _ reactor: some Reactor<Action, Mutation, State>
  ) -> Bool {
    let registry = self.registry
    guard registry.throttleWindows[id] == nil else { return false }
    let weakReactor = WeakReactor(value: reactor)
    registry.throttleWindows[id] = EffectHost.startTask {
      // The window closes when the sleep ends, or early if the reactor goes away (the sleep
      // then throws `CancellationError`): either way the result is the same.
      _ = try? await EffectHost.runBody(sleep)
      weakReactor.value?.runtime.effects?.throttleWindows[id] = nil
    }
    return true
  }
}

// MARK: - What the interpreters ask of an effect

extension Effect {
  /// Whether every part of this effect completes synchronously, without starting a task.
  @inlinable
  var isSynchronous: Bool {
    switch operation {
    case .none, .element, .elements, .cancel, .subscribe:
      return true
    case .run, .throttle, .deferred:
      // A deferred effect is not known until it is made; a concatenation makes it in place.
      return false
    case .merge(let effects), .concatenate(let effects):
      return effects.allSatisfy(\.isSynchronous)
    case .cancellable(_, _, let effect), .catching(let effect, _):
      return effect.isSynchronous
    case .finally(let effect, let closing):
      return effect.isSynchronous && closing.isSynchronous
    }
  }

  /// Where the first asynchronous piece of this effect was built, if one says so (for
  /// inspection's ``InspectedEffect``).
  var site: EffectSite? {
    if let site = box?.site { return site }
    switch operation {
    case .none, .element, .elements, .run, .cancel, .deferred, .subscribe:
      return nil
    case .merge(let effects), .concatenate(let effects):
      for effect in effects {
        if let site = effect.site { return site }
      }
      return nil
    case .cancellable(_, _, let effect), .catching(let effect, _), .throttle(_, _, let effect):
      return effect.site
    case .finally(let effect, let closing):
      return effect.site ?? closing.site
    }
  }
}
