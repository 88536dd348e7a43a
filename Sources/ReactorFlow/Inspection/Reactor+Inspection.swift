extension Reactor {
  /// Calls `handler` with everything this reactor does from now on (actions with their source,
  /// mutations with the effect that sent them, published states, effects as they start and end),
  /// until the token is cancelled or released.
  ///
  /// Neither the token nor the inspection keeps the reactor alive (unless `handler` captures it).
  /// With nothing attached, inspection costs nothing measurable: see ``ReactorInspection`` for
  /// every reactor of a process, ``logChanges(to:)`` for a readable log and ``TraceRecorder`` for a
  /// timeline.
  /// ```swift
  /// let token = reactor.inspect { event in
  ///   if case .effectEnded(let effect, .failed(let error)) = event {
  ///     print("\(effect) failed: \(error)")
  ///   }
  /// }
  /// ```
  /// - Parameter handler: Called on the main actor with each event, in order.
  /// - Returns: The token that keeps the inspection attached.
  public func inspect(
    _ handler: @escaping @MainActor (ReactorEvent<Action, Mutation, State>) -> Void
  ) -> ObservationToken {
    runtime.inspectors(reactorType: type(of: self)).add(handler, runtime: runtime)
  }
}

extension Reactor {
  /// Attaches a change log's handler: `handler` for every event, and `log`'s specialized calls for
  /// actions, mutations that no effect sent, and states, which then take no `ReactorEvent`.
  @usableFromInline
  func inspect(
    _ handler: @escaping @MainActor (ReactorEvent<Action, Mutation, State>) -> Void,
    log: InspectorHub<Action, Mutation, State>.LogCalls
  ) -> ObservationToken {
    runtime.inspectors(reactorType: type(of: self)).add(handler, log: log, runtime: runtime)
  }
}
