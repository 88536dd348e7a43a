/// A child reactor held in a parent's state: the state owns it.
///
/// A state that holds a `Child` keeps its reactor alive; when no state holds it any more (a
/// reduction set it to `nil`, removed it from ``Children`` or popped it from a ``ChildStack``), the
/// reactor is released and its running effects are cancelled. Two children are equal when they
/// hold the same reactor instance, whatever its state: a parent's state changes when a child is
/// added, replaced or removed, not when the child's own state changes (that is the child's state).
///
/// ```swift
/// struct State: Equatable, Sendable {
///   var cells = Children<Int, TaskCellReactor>()  // a collection keyed by identity
///   var path = ChildStack<TaskCellReactor>()  // a navigation stack
///   var sheet: Child<TaskCellReactor>?  // an optional destination
/// }
/// ```
/// Send to a child with plain ``send(_:)``. A child that announces outputs is made with
/// ``Reactor/adopt(_:output:)``, which returns it as a `Child`.
public struct Child<R: Reactor>: Hashable, Identifiable, Sendable {
  /// The child reactor.
  public let reactor: R

  /// Wraps a reactor that does not announce outputs to its parent (see
  /// ``Reactor/adopt(_:output:)`` for one that does).
  /// - Parameter reactor: The child reactor.
  public nonisolated init(_ reactor: R) {
    self.reactor = reactor
  }

  /// The reactor's identity: a child is identified by its instance.
  public nonisolated var id: ObjectIdentifier { ObjectIdentifier(reactor) }

  /// Whether both hold the same reactor instance.
  public nonisolated static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.reactor === rhs.reactor
  }

  /// Hashes the reactor's identity.
  /// - Parameter hasher: The hasher to feed.
  public nonisolated func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(reactor))
  }

  /// The child's current state.
  @MainActor
  public var currentState: R.State { reactor.currentState }

  /// Sends an action to the child: the same as `reactor.send(action)`.
  /// - Parameter action: The action.
  /// - Returns: The handle of the work the action started.
  @MainActor
  @discardableResult
  public func send(_ action: R.Action) -> ReactorTask {
    reactor.send(action)
  }
}
