/// Where the elements of an effect go: mutations are reduced, external actions are sent.
@MainActor
@usableFromInline
struct Sink<R: Reactor, Element: Sendable>: Sendable {
  /// Delivers an element of an effect's synchronous part, inside the loop (which is processing):
  /// it is handled in place.
  @usableFromInline let inLoop: @MainActor @Sendable (R, Element) -> Void
  /// Delivers an element from outside the loop (a running task, or a `SharedValue` that
  /// changed): it enters the loop, which queues it while it processes other work.
  @usableFromInline let fromOutside: @MainActor @Sendable (R, Element) -> Void

  @inlinable
  init(
    inLoop: @escaping @MainActor @Sendable (R, Element) -> Void,
    fromOutside: @escaping @MainActor @Sendable (R, Element) -> Void
  ) {
    self.inLoop = inLoop
    self.fromOutside = fromOutside
  }
}

extension Sink where Element == R.Mutation {
  @inlinable
  static var mutations: Sink {
    Sink(inLoop: { $0.runtime.apply($1, $0) }, fromOutside: { $0.runtime.receive($1, $0) })
  }
}

extension Sink where Element == R.Action {
  @inlinable
  static var actions: Sink {
    // An action is queued while the runtime processes, so both paths are a plain send.
    let send: @MainActor @Sendable (R, R.Action) -> Void = {
      if _slowPath($0.runtime.attachments != nil) { $0.runtime.noteEffectAction() }  // Inspection/.
      _ = $0.runtime.send($1, to: $0)
    }
    return Sink(inLoop: send, fromOutside: send)
  }

  /// The actions that `transform(action:)` produced: they are mutated, not transformed again, and
  /// their effects join `group`, the group of the action they came from.
  @inlinable
  static func transformedActions(_ group: EffectGroup?) -> Sink {
    Sink(
      inLoop: {
        if _slowPath($0.runtime.attachments != nil) { $0.runtime.reportTransformed($1) }  // Inspection/.
        _ = $0.runtime.mutate($1, group: group, $0)
      },
      fromOutside: {
        if _slowPath($0.runtime.attachments != nil) { $0.runtime.reportTransformed($1) }
        $0.runtime.receiveTransformed($1, group: group, $0)
      })
  }
}
