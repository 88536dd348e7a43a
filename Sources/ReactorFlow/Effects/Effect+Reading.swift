// MARK: - Effects that read the state

extension Effect {
  /// An effect made from the reactor's state at the moment it is reached, not when `mutate`
  /// returns.
  ///
  /// In a concatenation each deferred piece sees the state that the pieces before it left, like
  /// ReactorKit's `Observable.create { self.currentState ... }` chains, and it stays synchronous
  /// when everything before it was: a chain of deferred `.send`s is reduced before `send(_:)`
  /// returns. The reactor is held weakly: once it is gone the piece is `.none`.
  /// ```swift
  /// case .addAndDouble(let value):
  ///   return .concatenate(  // synchronous, each piece sees the last
  ///     .send(.add(value)),
  ///     .deferred(reading: self) { state in .send(.set(state.total * 2)) }
  ///   )
  /// ```
  /// - Parameters:
  ///   - reactor: The reactor whose state to read, usually `self`.
  ///   - make: Makes the effect from the current state, on the main actor.
  /// - Returns: The deferred effect.
  public static func deferred<R: Reactor>(
    reading reactor: R,
    _ make: @escaping @MainActor @Sendable (R.State) -> Effect
  ) -> Effect {
    let weakReactor = WeakReactor(value: reactor)
    return Effect(
      operation: .deferred {
        guard let reactor = weakReactor.value else { return .none }
        return make(reactor.currentState)
      })
  }

  /// An asynchronous effect whose operation can read the reactor's current state without keeping
  /// the reactor alive.
  ///
  /// The operation receives a ``StateReader``: `try await state.current` reads the state at that
  /// moment. Prefer this to capturing `self`, which keeps the reactor alive until the effect ends;
  /// `.run { [weak self] send in ... }` works too but needs an unwrap at every use. The operation
  /// runs like the one of ``run(priority:operation:catch:fileID:line:)``.
  /// - Parameters:
  ///   - reactor: The reactor whose state to read, usually `self`; it is held weakly.
  ///   - priority: The priority of the task that runs the effect.
  ///   - operation: The work; it receives the state reader and a ``Send``.
  ///   - handler: Called with any error other than `CancellationError` that `operation` throws.
  ///   - fileID: Where the effect is built, for inspection (``EffectInfo``); leave the default.
  ///   - line: The line where the effect is built; leave the default.
  /// - Returns: The effect.
  public static func run<R: Reactor>(
    reading reactor: R,
    priority: TaskPriority? = nil,
    operation:
      @concurrent @escaping @Sendable (_ state: StateReader<R.State>, _ send: Send<Element>)
      async throws -> Void,
    catch handler: Catch? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Effect where R.State: Sendable {
    let weakReactor = WeakReactor(value: reactor)
    let reader = StateReader<R.State> { weakReactor.value?.currentState }
    return .run(
      priority: priority, operation: { send in try await operation(reader, send) }, catch: handler,
      fileID: fileID, line: line)
  }
}
