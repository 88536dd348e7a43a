/// Reads a part of the state on every mutation without the generic key-path machinery.
///
/// `state[keyPath: keyPath]` goes through the key path's runtime projection on each call (generic
/// metadata lookups, tens of nanoseconds), which dominated the cost of key-path observers. When
/// the key path is a chain of stored properties of structs, `MemoryLayout.offset(of:)` gives the
/// value's byte offset inside the state once, and each read is a load at that offset. Other key
/// paths (computed properties, classes on the way) fall back to the subscript.
@usableFromInline
struct KeyPathOffset<Root, Value> {
  @usableFromInline let offset: Int?
  @usableFromInline let keyPath: KeyPath<Root, Value>

  @usableFromInline
  init(_ keyPath: KeyPath<Root, Value>) {
    self.keyPath = keyPath
    self.offset = MemoryLayout<Root>.offset(of: keyPath)
  }

  @inlinable
  func read(_ root: Root) -> Value {
    guard let offset else { return root[keyPath: keyPath] }
    // Safe: `offset(of:)` returned the offset of a stored `Value` inside `Root`'s inline
    // representation, so the bytes there are an initialized, aligned `Value`; `load` copies it
    // (retaining what it references) while `root` is borrowed.
    return withUnsafeBytes(of: root) { $0.load(fromByteOffset: offset, as: Value.self) }
  }
}

/// The last value an observer passed on, for the distinct filters.
///
/// A class rather than a captured `var`: a captured variable's box is checked for exclusive
/// access on every read and write; this one is touched only on the main actor, by the one
/// observer closure that owns it, never re-entrantly.
@usableFromInline
final class LastValue<Value> {
  @exclusivity(unchecked) @usableFromInline var value: Value?

  @usableFromInline
  init() {}
}
