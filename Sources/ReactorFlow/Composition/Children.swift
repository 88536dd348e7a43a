/// A collection of child reactors in a parent's state, in order, each under an identifier: the
/// cell reactors of a list.
///
/// The collection owns its children: one that is removed or replaced is released (its effects
/// cancelled) as soon as no state holds it. Two collections are equal when they hold the same
/// identifiers, in the same order, with the same reactor instances. Identifiers are unique:
/// adding a child under an identifier that is taken replaces the child there.
///
/// ```swift
/// struct State: Equatable, Sendable {
///   var cells = Children<TaskItem.ID, TaskCellReactor>()
/// }
///
/// state.cells.append(adopt(TaskCellReactor(task)) { .cell(task.id, $0) }, id: task.id)
/// state.cells[id: task.id]?.send(.toggle)
/// state.cells.remove(id: task.id)
/// ```
public struct Children<ID: Hashable & Sendable, R: Reactor>: Equatable, Sendable,
  RandomAccessCollection
{
  /// The identifiers, in order.
  public private(set) var ids: [ID] = []
  /// The children, in the order of ``ids``.
  private var elements: [Child<R>] = []
  /// The position of each identifier.
  private var positions: [ID: Int] = [:]

  /// Creates an empty collection.
  public nonisolated init() {}

  /// The first position: `0`.
  public nonisolated var startIndex: Int { elements.startIndex }
  /// The position after the last child: the number of children.
  public nonisolated var endIndex: Int { elements.endIndex }

  /// The child at `position`, in order.
  /// - Parameter position: A valid position.
  public nonisolated subscript(position: Int) -> Child<R> { elements[position] }

  /// The child under `id`, or `nil`.
  /// - Parameter id: The identifier.
  public nonisolated subscript(id id: ID) -> Child<R>? {
    positions[id].map { elements[$0] }
  }

  /// Whether both hold the same identifiers in the same order, with the same reactors.
  public nonisolated static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.ids == rhs.ids && lhs.elements == rhs.elements
  }

  /// Adds a child at the end, or replaces the child under `id` in its place.
  /// - Parameters:
  ///   - child: The child, made with `Child(_:)` or ``Reactor/adopt(_:output:)``.
  ///   - id: Its identifier.
  public nonisolated mutating func append(_ child: Child<R>, id: ID) {
    if let position = positions[id] {
      elements[position] = child
      return
    }
    positions[id] = elements.count
    ids.append(id)
    elements.append(child)
  }

  /// Removes the child under `id`, if any, and returns it.
  /// - Parameter id: The identifier.
  /// - Returns: The removed child, or `nil`.
  @discardableResult
  public nonisolated mutating func remove(id: ID) -> Child<R>? {
    guard let position = positions.removeValue(forKey: id) else { return nil }
    ids.remove(at: position)
    let child = elements.remove(at: position)
    for index in position..<ids.count { positions[ids[index]] = index }
    return child
  }

  /// Removes every child whose identifier matches.
  /// - Parameter shouldBeRemoved: Whether to remove the child under this identifier.
  public nonisolated mutating func removeAll(where shouldBeRemoved: (ID) throws -> Bool) rethrows {
    var kept = Self()
    for (id, child) in zip(ids, elements) where try !shouldBeRemoved(id) {
      kept.append(child, id: id)
    }
    self = kept
  }

  /// Moves the child under `id` to `position` among the others.
  /// - Parameters:
  ///   - id: The identifier of the child to move; nothing happens when it is absent.
  ///   - position: Its new position, clamped to the collection.
  public nonisolated mutating func move(id: ID, to position: Int) {
    guard let child = remove(id: id) else { return }
    let position = Swift.min(Swift.max(position, 0), elements.count)
    ids.insert(id, at: position)
    elements.insert(child, at: position)
    for index in position..<ids.count { positions[ids[index]] = index }
  }
}
