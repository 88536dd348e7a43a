/// A reactor's links in a tree of reactors: where its outputs go when it is a child, and who
/// watches the outputs its children deliver to it.
///
/// The runtime holds one, created by ``Reactor/adopt(_:output:)`` (and by ReactorFlowTesting's
/// tester); a reactor that is neither adopted nor tested never has one, and its loop pays a single
/// load of `nil` per mutation.
@MainActor
@usableFromInline
package final class Composition<Mutation> {
  /// Turns a reduced mutation of this reactor into an output and delivers it to the parent; set
  /// by ``Reactor/adopt(_:output:)``. It receives the reactor, which it does not retain.
  @usableFromInline package var route: ((AnyObject, Mutation) -> Void)?

  /// Sees each output that a child delivers to this reactor, with the child's type, before this
  /// reactor receives the action it maps to. The tester of this reactor sets it.
  @usableFromInline package var outputObserver: ((any Sendable, Any.Type) -> Void)?

  package init() {}

  /// Called by the runtime after each mutation is reduced and its observers were notified.
  @usableFromInline
  func didReduce(_ mutation: Mutation, of reactor: AnyObject) {
    route?(reactor, mutation)
  }
}

extension ReactorRuntime {
  /// The runtime's composition links, created on first use.
  @usableFromInline
  package var installedComposition: Composition<Mutation> {
    if let composition { return composition }
    let composition = Composition<Mutation>()
    self.composition = composition
    return composition
  }
}
