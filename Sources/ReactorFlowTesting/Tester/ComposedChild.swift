/// A child reactor found in a state, as ReactorFlowTesting sees it: what it is and whether it
/// still works.
struct ComposedChild {
  /// The child reactor.
  let reactor: AnyObject
  /// The child's type, for messages.
  let type: Any.Type
  /// The effects of the child's actions that are still running.
  let activeEffectCount: Int
  /// The child's current state, where its own children are.
  let state: Any

  /// Every child reactor held in `value`, at any depth, and the children of their states in
  /// turn; each reactor once.
  ///
  /// It walks the value with `Mirror`, stopping at ``Child``, ``Children`` and ``ChildStack``: a
  /// test's cost, paid by the tester when it checks that no child effect is left running.
  /// - Parameter value: A parent's state.
  /// - Returns: The children, parents before their own children.
  @MainActor
  static func all(in value: Any) -> [ComposedChild] {
    var found: [ComposedChild] = []
    var seen: Set<ObjectIdentifier> = []
    collect(value, into: &found, seen: &seen)
    return found
  }

  @MainActor
  private static func collect(
    _ value: Any, into found: inout [ComposedChild], seen: inout Set<ObjectIdentifier>
  ) {
    if let holder = value as? any ChildHolding {
      for child in holder.composedChildren where seen.insert(ObjectIdentifier(child.reactor)).inserted {
        found.append(child)
        collect(child.state, into: &found, seen: &seen)
      }
      return
    }
    let mirror = Mirror(reflecting: value)
    // Leaves (numbers, strings) and classes other than children end the walk.
    guard mirror.displayStyle != .class else { return }
    for case let (_, child) in mirror.children {
      collect(child, into: &found, seen: &seen)
    }
  }
}

/// A value that holds child reactors: ``Child``, ``Children`` and ``ChildStack``.
protocol ChildHolding {
  /// The children it holds.
  @MainActor var composedChildren: [ComposedChild] { get }
}

extension Child: ChildHolding {
  /// This child.
  @MainActor
  var composedChildren: [ComposedChild] {
    [
      ComposedChild(
        reactor: reactor, type: R.self, activeEffectCount: reactor.runtime.activeEffectCount,
        state: reactor.currentState)
    ]
  }
}

extension Children: ChildHolding {
  /// The children, in order.
  @MainActor
  var composedChildren: [ComposedChild] { flatMap(\.composedChildren) }
}

extension ChildStack: ChildHolding {
  /// The children, bottom first.
  @MainActor
  var composedChildren: [ComposedChild] { children.flatMap(\.composedChildren) }
}
