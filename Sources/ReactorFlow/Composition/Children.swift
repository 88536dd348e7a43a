/// A collection of child reactors in a parent's state, in order, each under an identifier: the
/// cell reactors of a list.
///
/// The collection owns its children: one that is removed or replaced is released (its effects
/// cancelled) as soon as no state holds it. Two collections are equal when they hold the same
/// identifiers, in the same order, with the same reactor instances. Identifiers are unique:
/// adding a child under an identifier that is taken replaces the child there.
///
/// ```swift
/// var cells = Children<Int, TaskCellReactor>()
/// cells.append(adopt(TaskCellReactor(title: "Milk")) { _ in .delete(id: 1) }, id: 1)
/// cells[id: 1]?.send(.toggle)
/// cells.remove(id: 1)
/// ```
public struct Children<ID: Hashable & Sendable, R: Reactor>: Equatable, Sendable,
  RandomAccessCollection
{
  /// The identifiers, the children and the positions, in one copy-on-write box: a copy of the
  /// state (the runtime makes several per mutation) retains one reference, not three.
  private var storage: Storage

  /// Creates an empty collection.
  public nonisolated init() {
    storage = Storage(ids: [], elements: [], positions: [:])
  }

  /// The identifiers, in order.
  public nonisolated var ids: [ID] { storage.ids }

  /// The first position: `0`.
  public nonisolated var startIndex: Int { 0 }
  /// The position after the last child: the number of children.
  public nonisolated var endIndex: Int { storage.elements.count }

  /// The child at `position`, in order.
  /// - Parameter position: A valid position.
  public nonisolated subscript(position: Int) -> Child<R> { storage.elements[position] }

  /// The child under `id`, or `nil`.
  /// - Parameter id: The identifier.
  public nonisolated subscript(id id: ID) -> Child<R>? {
    storage.positions[id].map { storage.elements[$0] }
  }

  /// Whether both hold the same identifiers in the same order, with the same reactors.
  public nonisolated static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.storage === rhs.storage
      || (lhs.storage.ids == rhs.storage.ids && lhs.storage.elements == rhs.storage.elements)
  }

  /// Adds a child at the end, or replaces the child under `id` in its place.
  /// - Parameters:
  ///   - child: The child, made with `Child(_:)` or ``Reactor/adopt(_:output:)``.
  ///   - id: Its identifier.
  public nonisolated mutating func append(_ child: Child<R>, id: ID) {
    let storage = uniqueStorage()
    if let position = storage.positions[id] {
      storage.elements[position] = child
      return
    }
    storage.positions[id] = storage.elements.count
    storage.ids.append(id)
    storage.elements.append(child)
  }

  /// Removes the child under `id`, if any, and returns it.
  /// - Parameter id: The identifier.
  /// - Returns: The removed child, or `nil`.
  @discardableResult
  public nonisolated mutating func remove(id: ID) -> Child<R>? {
    guard self.storage.positions[id] != nil else { return nil }
    let storage = uniqueStorage()
    guard let position = storage.positions.removeValue(forKey: id) else { return nil }
    storage.ids.remove(at: position)
    let child = storage.elements.remove(at: position)
    storage.reindex(from: position)
    return child
  }

  /// Removes every child whose identifier matches.
  /// - Parameter shouldBeRemoved: Whether to remove the child under this identifier.
  public nonisolated mutating func removeAll(where shouldBeRemoved: (ID) throws -> Bool) rethrows {
    var kept = Self()
    for (id, child) in zip(storage.ids, storage.elements) where try !shouldBeRemoved(id) {
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
    let storage = uniqueStorage()
    let position = Swift.min(Swift.max(position, 0), storage.elements.count)
    storage.ids.insert(id, at: position)
    storage.elements.insert(child, at: position)
    storage.reindex(from: position)
  }

  /// The storage, copied first unless this collection is its only owner.
  private nonisolated mutating func uniqueStorage() -> Storage {
    if !isKnownUniquelyReferenced(&storage) {
      storage = Storage(ids: storage.ids, elements: storage.elements, positions: storage.positions)
    }
    return storage
  }

  // `@unchecked Sendable`: a box is mutated only through `uniqueStorage()`, by the one collection
  // that owns it; a box that two values share (as two threads could) is never mutated, but copied.
  private final class Storage: @unchecked Sendable {
    var ids: [ID]
    var elements: [Child<R>]
    var positions: [ID: Int]

    init(ids: [ID], elements: [Child<R>], positions: [ID: Int]) {
      self.ids = ids
      self.elements = elements
      self.positions = positions
    }

    func reindex(from position: Int) {
      for index in position..<ids.count { positions[ids[index]] = index }
    }
  }
}
