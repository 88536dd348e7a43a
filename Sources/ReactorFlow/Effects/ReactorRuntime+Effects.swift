/// A reference to a reactor that does not keep it alive, for tasks that outlive a call.
@usableFromInline
struct WeakReactor<R: Reactor>: Sendable {
  @usableFromInline weak var value: R?

  @inlinable
  init(value: R?) {
    self.value = value
  }
}

extension ReactorRuntime {
  // MARK: - Starting effects

  /// Runs the synchronous part of `effect` now and starts tasks for the rest.
  @inlinable
  func start<R: Reactor, Output>(
    _ effect: Effect<Output>,
    _ reactor: R,
    _ group: inout EffectGroup?,
    _ sink: Sink<R, Output>,
    ids: [EffectID],
    isExternal: Bool
  ) where R.Action == Action, R.Mutation == Mutation, R.State == State {
    switch effect.operation {
    case .none:
      return
    case .output(let output):
      sink.now(reactor, output)
    case .outputs(let outputs):
      for output in outputs { sink.now(reactor, output) }
    case .run:
      spawn(effect, reactor, &group, sink, ids: ids, isExternal: isExternal)
    case .merge(let effects):
      for effect in effects {
        start(effect, reactor, &group, sink, ids: ids, isExternal: isExternal)
      }
    case .concatenate(let effects):
      if let rest = startPrefix(effects, reactor, &group, sink, ids: ids, isExternal: isExternal) {
        spawn(rest, reactor, &group, sink, ids: ids, isExternal: isExternal)
      }
    case .cancellable(let id, let cancelInFlight, let inner):
      if cancelInFlight { cancelEffects(id: id) }
      start(inner, reactor, &group, sink, ids: ids + [id], isExternal: isExternal)
    case .cancel(let id):
      cancelEffects(id: id)
    case .catching(let inner, _):
      if inner.isSynchronous {
        start(inner, reactor, &group, sink, ids: ids, isExternal: isExternal)
      } else {
        spawn(effect, reactor, &group, sink, ids: ids, isExternal: isExternal)
      }
    case .throttle(let id, let sleep, let inner):
      guard openThrottleWindow(id: id, sleep: sleep, reactor) else { return }
      start(inner, reactor, &group, sink, ids: ids, isExternal: isExternal)
    case .deferred(let make):
      start(make(), reactor, &group, sink, ids: ids, isExternal: isExternal)
    case .finally(let inner, let closing):
      var rest: Effect<Output>? = inner
      if case .concatenate(let effects) = inner.operation {
        rest = startPrefix(effects, reactor, &group, sink, ids: ids, isExternal: isExternal)
      } else if inner.isSynchronous {
        start(inner, reactor, &group, sink, ids: ids, isExternal: isExternal)
        rest = nil
      }
      if let rest {
        spawn(rest.finally(closing), reactor, &group, sink, ids: ids, isExternal: isExternal)
      } else {
        start(closing, reactor, &group, sink, ids: ids, isExternal: isExternal)
      }
    }
  }

  /// Runs the leading synchronous pieces of a concatenation now and returns the rest, or `nil`
  /// when nothing is left.
  @inlinable
  func startPrefix<R: Reactor, Output>(
    _ effects: [Effect<Output>],
    _ reactor: R,
    _ group: inout EffectGroup?,
    _ sink: Sink<R, Output>,
    ids: [EffectID],
    isExternal: Bool
  ) -> Effect<Output>? where R.Action == Action, R.Mutation == Mutation, R.State == State {
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
      start(piece, reactor, &group, sink, ids: ids, isExternal: isExternal)
      index += 1
    }
    return nil
  }

  /// Starts a task that runs `effect`, registered under `ids` and in the action's group.
  @inlinable
  @discardableResult
  func spawn<R: Reactor, Output>(
    _ effect: Effect<Output>,
    _ reactor: R,
    _ group: inout EffectGroup?,
    _ sink: Sink<R, Output>,
    ids: [EffectID],
    isExternal: Bool
  ) -> Task<Void, Never> where R.Action == Action, R.Mutation == Mutation, R.State == State {
    // Inspection and replay (Inspection/), out of line: `nil` hooks cost this one check.
    if _slowPath(hooks != nil),
      let task = spawnHooked(effect, reactor, &group, sink, ids: ids, isExternal: isExternal)
    {
      return task
    }
    let serial = registry.makeSerial()
    let weakReactor = WeakReactor(value: reactor)
    let task = EffectTasks.start(priority: Self.taskPriority(of: effect)) {
      await Self.run(effect, weakReactor, sink)
      weakReactor.value?.runtime.effects?.didFinish(serial: serial)
    }
    enroll(task, serial: serial, ids: ids, isExternal: isExternal, in: &group)
    return task
  }

  /// The priority a `.run` effect asked for, if any: its task starts with it.
  @inlinable
  static func taskPriority<Output>(of effect: Effect<Output>) -> TaskPriority? {
    guard case .run(let rawPriority, _) = effect.operation, let rawPriority else { return nil }
    return TaskPriority(rawValue: rawPriority)
  }

  /// Registers an effect's task under its serial and IDs and, unless it is external, adds it to
  /// the action's group: the bookkeeping `spawn` and its inspected form share.
  @inlinable
  func enroll(
    _ task: Task<Void, Never>, serial: Int, ids: [EffectID], isExternal: Bool,
    in group: inout EffectGroup?
  ) {
    registry.register(task, serial: serial, ids: ids, isExternal: isExternal)
    if !isExternal {
      let actionGroup = group ?? EffectGroup()
      actionGroup.append(task)
      group = actionGroup
    }
  }

  // MARK: - Running effects in a task

  /// Runs an effect to its end, sending a thrown error to the reactor's `recover(from:)`.
  @inlinable
  static func run<R: Reactor, Output>(
    _ effect: Effect<Output>, _ reactor: WeakReactor<R>, _ sink: Sink<R, Output>
  ) async where R.Action == Action, R.Mutation == Mutation, R.State == State {
    do {
      try await perform(effect, reactor, sink)
    } catch is CancellationError {
      // Cancellation is how effects are stopped on purpose; it is not a failure.
      return
    } catch {
      report(error, reactor)
    }
  }

  @inlinable
  static func report<R: Reactor>(_ error: any Error, _ reactor: WeakReactor<R>)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    guard let reactor = reactor.value else { return }
    if let mutation = reactor.recover(from: error) {
      reactor.runtime.receive(mutation, reactor)
    }
  }

  @inlinable
  static func perform<R: Reactor, Output>(
    _ effect: Effect<Output>, _ reactor: WeakReactor<R>, _ sink: Sink<R, Output>
  ) async throws where R.Action == Action, R.Mutation == Mutation, R.State == State {
    switch effect.operation {
    case .none:
      return
    case .output(let output):
      deliver(output, reactor, sink)
    case .outputs(let outputs):
      for output in outputs { deliver(output, reactor, sink) }
    case .run(_, let body):
      try await EffectTasks.run(body, sending: Send { output in deliver(output, reactor, sink) })
    case .merge(let effects):
      // Each merged effect fails or is cancelled on its own; cancelling the merge cancels all.
      let tasks = effects.map { effect in
        EffectTasks.start { await run(effect, reactor, sink) }
      }
      await withTaskCancellationHandler {
        for task in tasks { await EffectTasks.wait(for: task) }
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
        await EffectTasks.wait(for: task)
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
      // earlier output was reduced.
      try await perform(make(), reactor, sink)
    case .finally(let inner, let closing):
      do {
        try await perform(inner, reactor, sink)
      } catch {
        await runClosing(closing, reactor, sink)
        throw error
      }
      await runClosing(closing, reactor, sink)
    }
  }

  /// Runs the closing piece of a `finally`, delivering its outputs even when the effect was
  /// cancelled: a task of its own does not inherit the cancellation. It still ends early when
  /// the reactor is gone (its outputs are then dropped).
  @inlinable
  static func runClosing<R: Reactor, Output>(
    _ closing: Effect<Output>, _ reactor: WeakReactor<R>, _ sink: Sink<R, Output>
  ) async where R.Action == Action, R.Mutation == Mutation, R.State == State {
    guard Task.isCancelled else {
      await run(closing, reactor, sink)
      return
    }
    await EffectTasks.wait(for: EffectTasks.start { await run(closing, reactor, sink) })
  }

  @inlinable
  static func deliver<R: Reactor, Output>(
    _ output: Output, _ reactor: WeakReactor<R>, _ sink: Sink<R, Output>
  ) where R.Action == Action, R.Mutation == Mutation, R.State == State {
    guard !Task.isCancelled, let reactor = reactor.value else { return }
    sink.later(reactor, output)
  }

  @inlinable
  static func startNested<R: Reactor, Output>(
    _ effect: Effect<Output>,
    _ id: EffectID,
    _ cancelInFlight: Bool,
    _ reactor: WeakReactor<R>,
    _ sink: Sink<R, Output>
  ) -> Task<Void, Never>? where R.Action == Action, R.Mutation == Mutation, R.State == State {
    guard let reactor = reactor.value, !Task.isCancelled else { return nil }
    if cancelInFlight { reactor.runtime.cancelEffects(id: id) }
    var noGroup: EffectGroup?
    return reactor.runtime.spawn(effect, reactor, &noGroup, sink, ids: [id], isExternal: true)
  }

  // MARK: - Bookkeeping

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
  public var activeEffectCount: Int {
    effects?.activeCount ?? 0
  }

  @inlinable
  func openThrottleWindow<R: Reactor>(
    id: EffectID, sleep: @escaping @Sendable () async throws -> Void, _ reactor: R
  ) -> Bool where R.Action == Action, R.Mutation == Mutation, R.State == State {
    let registry = self.registry
    guard registry.throttleWindows[id] == nil else { return false }
    let weakReactor = WeakReactor(value: reactor)
    registry.throttleWindows[id] = EffectTasks.start {
      // The window closes when the sleep ends, or early if the reactor goes away (the sleep
      // then throws `CancellationError`): either way the result is the same.
      _ = try? await EffectTasks.run(sleep)
      weakReactor.value?.runtime.effects?.throttleWindows[id] = nil
    }
    return true
  }
}
