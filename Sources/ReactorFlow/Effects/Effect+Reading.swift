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
  ///   - fileID: Where the effect is built, for inspection (``InspectedEffect``); leave the default.
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

  /// An effect that maps every element of an asynchronous sequence on the main actor, with the
  /// reactor's state at that moment, and sends what the map returns.
  ///
  /// ``sequence(_:fileID:line:)`` maps where the sequence is iterated, off the main actor, where
  /// there is no state to read. This one hands each element to `transform` on the main actor,
  /// with ``Reactor/currentState``, and the element it returns is reduced in the same turn of the
  /// main actor: no other mutation comes between the read and the reduction. It is ReactorKit's
  /// `transform(mutation:)` merging a global event stream whose mapping reads `currentState`:
  /// ```swift
  /// func externalMutations() -> Effect<Mutation> {
  ///   .sequence(shotEvents.events, reading: self) { state, event in
  ///     switch event {
  ///     case .updateLiked(let id, let isLiked) where id == state.shotID: .setLiked(isLiked)
  ///     default: nil  // another shot's event
  ///     }
  ///   }
  /// }
  /// ```
  /// The reactor is held weakly; elements that arrive once it is gone are dropped. The effect
  /// ends when the sequence ends.
  /// - Parameters:
  ///   - sequence: The elements to map.
  ///   - reactor: The reactor whose state to read, usually `self`.
  ///   - transform: The element to send for an element of the sequence and the current state,
  ///     or `nil` to send nothing; called on the main actor.
  ///   - fileID: Where the effect is built, for inspection (``InspectedEffect``); leave the default.
  ///   - line: The line where the effect is built; leave the default.
  /// - Returns: The effect.
  public static func sequence<S: AsyncSequence & Sendable, R: Reactor>(
    _ sequence: S,
    reading reactor: R,
    _ transform: @escaping @MainActor @Sendable (_ state: R.State, _ element: S.Element) -> Element?,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Effect where S.Element: Sendable {
    let weakReactor = WeakReactor(value: reactor)
    return Effect(
      operation: .run(priority: nil) { send in
        // One hop per element: the state is read, the element mapped and the result reduced in
        // one main-actor call, so the state cannot change between the read and the reduction.
        let deliver = Send<S.Element> { element in
          guard let reactor = weakReactor.value,
            let mapped = transform(reactor.currentState, element)
          else { return }
          send.deliver(mapped)
        }
        for try await element in sequence {
          await deliver(element)
        }
      },
      site: EffectSite(fileID: fileID, line: line))
  }
}
