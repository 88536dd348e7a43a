/// A navigation stack of child reactors in a parent's state: push and pop are reductions.
///
/// The stack owns its children: a popped child is released (its effects cancelled) as soon as no
/// state holds it. Two stacks are equal when they hold the same reactor instances in the same
/// order. ``children`` is the path that SwiftUI's `NavigationStack(path:)` takes, through a
/// binding whose writes (a back swipe) send a pop.
///
/// ```swift
/// func reduce(state: State, mutation: Mutation) -> State {
///   var state = state
///   switch mutation {
///   case .push(let cell): state.path.push(cell)
///   case .pop: state.path.pop()
///   case .popTo(let count): state.path.pop(toCount: count)
///   }
///   return state
/// }
/// ```
public struct ChildStack<R: Reactor>: Equatable, Sendable, RandomAccessCollection {
  /// The children, bottom first: the last one is on top.
  public private(set) var children: [Child<R>]

  /// Creates a stack of these children, bottom first (none by default).
  /// - Parameter children: The children.
  public nonisolated init(_ children: [Child<R>] = []) {
    self.children = children
  }

  /// The first position: `0`.
  public nonisolated var startIndex: Int { children.startIndex }
  /// The position after the top child: the number of children.
  public nonisolated var endIndex: Int { children.endIndex }

  /// The child at `position`, counted from the bottom.
  /// - Parameter position: A valid position.
  public nonisolated subscript(position: Int) -> Child<R> { children[position] }

  /// The child on top, if any.
  public nonisolated var top: Child<R>? { children.last }

  /// Pushes a child on top.
  /// - Parameter child: The child, made with `Child(_:)` or ``Reactor/adopt(_:output:)``.
  public nonisolated mutating func push(_ child: Child<R>) {
    children.append(child)
  }

  /// Removes the child on top, if any, and returns it.
  /// - Returns: The removed child, or `nil` when the stack is empty.
  @discardableResult
  public nonisolated mutating func pop() -> Child<R>? {
    children.popLast()
  }

  /// Removes every child above the first `count`: `pop(toCount: 0)` empties the stack. A count at
  /// or above the stack's does nothing.
  /// - Parameter count: How many children to keep, from the bottom.
  public nonisolated mutating func pop(toCount count: Int) {
    guard count < children.count else { return }
    children.removeSubrange(Swift.max(count, 0)...)
  }

  /// Removes every child above `child`; does nothing when `child` is not in the stack.
  /// - Parameter child: The child to show on top.
  public nonisolated mutating func pop(to child: Child<R>) {
    guard let index = children.lastIndex(of: child) else { return }
    pop(toCount: index + 1)
  }
}
