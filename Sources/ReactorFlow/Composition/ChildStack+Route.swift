extension ChildStack {
  /// Builds the stack that a route leads to, one child per destination, bottom first; or throws,
  /// building nothing, when a destination cannot be opened.
  ///
  /// `child` makes the child of each destination, given the children below it (a destination is
  /// often found in the screen below: an order in the orders of its customer). Make it with
  /// ``Reactor/adopt(_:output:)``, so that its outputs reach the parent, and in the state the
  /// destination shows, rather than by sending it actions: the whole stack is then one value,
  /// which one mutation puts in the state, and views see one new state. A child starts, as
  /// every reactor does, when it is first used.
  ///
  /// When `child` throws, the stack is not built and the children made so far are released
  /// (they never ran: nothing was started). The error is a ``RouteError`` at the destination's
  /// position, with the thrown error's text as its reason (a thrown ``RouteError`` is kept as it
  /// is).
  ///
  /// ```swift
  /// /// One folder screen per name, each found in the folder below it, adopted by this reactor.
  /// private func path(for route: [String]) throws(RouteError) -> ChildStack<FolderReactor> {
  ///   try ChildStack(route: route) { name, below in
  ///     let parent = below.top?.currentState.folder ?? root
  ///     guard let folder = parent.subfolder(named: name) else {
  ///       throw NoSuchFolder(description: "\(parent.name) has no folder \(name)")
  ///     }
  ///     return adopt(FolderReactor(folder: folder)) { [count = below.count] output in
  ///       switch output {
  ///       case .didClose: .popTo(count)
  ///       }
  ///     }
  ///   }
  /// }
  /// ```
  /// A parent's `mutate` sends the stack in one mutation, or the error in another; <doc:DeepLinks>
  /// shows the whole reactor.
  /// - Parameters:
  ///   - route: The destinations, in the order they are pushed.
  ///   - child: The child of a destination, given the stack below it; throws when the
  ///     destination cannot be opened.
  /// - Throws: A ``RouteError`` for the first destination that could not be opened.
  public nonisolated init<Route: Sequence>(
    route: Route,
    child: (_ destination: Route.Element, _ below: ChildStack) throws -> Child<R>
  ) throws(RouteError) {
    var stack = ChildStack()
    for (position, destination) in route.enumerated() {
      do {
        stack.push(try child(destination, stack))
      } catch let error as RouteError {
        throw error
      } catch {
        throw RouteError(
          position: position, destination: String(describing: destination),
          reason: DescribedError(error).description)
      }
    }
    self = stack
  }
}
