extension Reactor {
  /// Calls `handler` with everything this reactor does from now on (actions with their source,
  /// mutations with the effect that sent them, published states, effects as they start and end),
  /// until the token is cancelled or released.
  ///
  /// Neither the token nor the inspection keeps the reactor alive (unless `handler` captures it).
  /// With nothing attached, inspection costs nothing measurable: see ``ReactorInspection`` for
  /// every reactor of a process. ReactorFlowTools builds on it: `logChanges()` for a readable
  /// log, `TraceRecorder` for a timeline.
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
