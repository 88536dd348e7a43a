/// Where the elements of an effect go: mutations are reduced, external actions are sent.
@MainActor
@usableFromInline
struct Sink<R: Reactor, Element: Sendable>: Sendable {
  /// Delivers an element of an effect's synchronous part, while the loop is processing: it is
  /// handled in place.
  @usableFromInline let inPlace: @MainActor @Sendable (R, Element) -> Void
  /// Delivers an element from a running task: it enters the loop, which may queue it.
  @usableFromInline let fromTask: @MainActor @Sendable (R, Element) -> Void

  @inlinable
  init(
    inPlace: @escaping @MainActor @Sendable (R, Element) -> Void,
    fromTask: @escaping @MainActor @Sendable (R, Element) -> Void
  ) {
    self.inPlace = inPlace
    self.fromTask = fromTask
  }
}

extension Sink where Element == R.Mutation {
  @inlinable
  static var mutations: Sink {
    Sink(inPlace: { $0.runtime.apply($1, $0) }, fromTask: { $0.runtime.receive($1, $0) })
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
    return Sink(inPlace: send, fromTask: send)
  }

  /// The actions that `transform(action:)` produced: they are mutated, not transformed again, and
  /// their effects join `group`, the group of the action they came from.
  @inlinable
  static func transformedActions(_ group: EffectGroup?) -> Sink {
    Sink(
      inPlace: {
        if _slowPath($0.runtime.attachments != nil) { $0.runtime.reportTransformed($1) }  // Inspection/.
        _ = $0.runtime.mutate($1, group: group, $0)
      },
      fromTask: {
        if _slowPath($0.runtime.attachments != nil) { $0.runtime.reportTransformed($1) }
        $0.runtime.receiveTransformed($1, group: group, $0)
      })
  }
}
