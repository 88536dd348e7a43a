/// Where the outputs of an effect go: mutations are reduced, external actions are sent.
@MainActor
@usableFromInline
struct Sink<R: Reactor, Output: Sendable>: Sendable {
  /// Delivers an output while the runtime is processing (the synchronous part of an effect).
  @usableFromInline let now: @MainActor @Sendable (R, Output) -> Void
  /// Delivers an output from a running task.
  @usableFromInline let later: @MainActor @Sendable (R, Output) -> Void

  @inlinable
  init(
    now: @escaping @MainActor @Sendable (R, Output) -> Void,
    later: @escaping @MainActor @Sendable (R, Output) -> Void
  ) {
    self.now = now
    self.later = later
  }
}

extension Sink where Output == R.Mutation {
  @inlinable
  static var mutations: Sink {
    Sink(now: { $0.runtime.apply($1, $0) }, later: { $0.runtime.receive($1, $0) })
  }
}

extension Sink where Output == R.Action {
  @inlinable
  static var actions: Sink {
    // An action is queued while the runtime processes, so both paths are a plain send.
    let send: @MainActor @Sendable (R, R.Action) -> Void = {
      if _slowPath($0.runtime.hooks != nil) { $0.runtime.noteEffectAction() }  // Inspection/.
      _ = $0.runtime.send($1, to: $0)
    }
    return Sink(now: send, later: send)
  }

  /// The actions that `transform(action:)` produced: they are mutated, not transformed again, and
  /// their effects join `group`, the group of the action they came from.
  @inlinable
  static func transformedActions(_ group: EffectGroup?) -> Sink {
    Sink(
      now: {
        if _slowPath($0.runtime.hooks != nil) { $0.runtime.reportTransformed($1) }  // Inspection/.
        _ = $0.runtime.mutate($1, group: group, $0)
      },
      later: {
        if _slowPath($0.runtime.hooks != nil) { $0.runtime.reportTransformed($1) }
        $0.runtime.receiveTransformed($1, group: group, $0)
      })
  }
}
