/// A reactor's link to its parent: where its outputs go when it is a child.
///
/// The runtime holds one, created by ``Reactor/adopt(_:output:)``; a reactor that is not adopted
/// never has one, and its loop pays a single load of `nil` per mutation. ReactorFlowTesting's
/// tester routes the outputs of a reactor under test that no parent adopted to itself.
@MainActor
@usableFromInline
package final class Composition<Mutation> {
  /// Turns a reduced mutation of this reactor into an output and delivers it to the parent; set
  /// by ``Reactor/adopt(_:output:)``. It receives the reactor, which it does not retain.
  @usableFromInline package var route: ((AnyObject, Mutation) -> Void)? {
    didSet { link() }
  }
  /// Compares a property of this reactor's new state with the last one and, when it changed,
  /// sends the parent the action it maps to; set by ``Reactor/adopt(_:state:action:)``. It
  /// receives the reactor, which it does not retain.
  package var follow: ((AnyObject) -> Void)? {
    didSet { link() }
  }
  /// ``follow`` then ``route``, as one closure: a mutation reads one property and makes one call,
  /// as it did when a child had only outputs.
  var afterReduce: ((AnyObject, Mutation) -> Void)?

  package init() {}

  /// Called by the runtime after each mutation is reduced and its observers were notified.
  @usableFromInline
  func didReduce(_ mutation: Mutation, of reactor: AnyObject) {
    afterReduce?(reactor, mutation)
  }

  /// Makes ``afterReduce`` from the links that are set. The state comes first, then the output:
  /// a parent that maps both sees its copy of the child's state updated before it handles what
  /// the child announced.
  private func link() {
    switch (follow, route) {
    case (nil, nil):
      afterReduce = nil
    case (nil, let route?):
      afterReduce = route
    case (let follow?, nil):
      afterReduce = { reactor, _ in follow(reactor) }
    case (let follow?, let route?):
      afterReduce = { reactor, mutation in
        follow(reactor)
        route(reactor, mutation)
      }
    }
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
