/// Where a ``StoragePersistence`` keeps its value: a file (``FileStorage``), an app's key-value
/// store (``KeyValueStorage``), or memory (``MemoryStorage``, for tests and previews).
///
/// A storage reads and writes one whole value; the persistence decides when (it coalesces the
/// changes, writes off the main actor, and keeps the error state), so a new backend is a type
/// with these two methods:
/// ```swift
/// struct LoggingStorage: PersistentStorage {
///   let wrapped: MemoryStorage<[String]>
///
///   func load(default defaultValue: [String]) -> (value: [String], error: PersistenceError?) {
///     wrapped.load(default: defaultValue)
///   }
///
///   func save(_ value: [String]) throws(PersistenceError) {
///     print("saving \(value.count) items")
///     try wrapped.save(value)
///   }
/// }
/// ```
/// Both are called synchronously; ``save(_:)`` is called off the main actor, one call at a time
/// for one persistence.
public protocol PersistentStorage<Value>: Sendable {
  /// The value kept.
  associatedtype Value: Sendable

  /// Reads the value: `defaultValue` when nothing is stored; `defaultValue` and an error when
  /// what is stored cannot be used.
  ///
  /// Return ``PersistenceError/readFailed(path:reason:)`` when what is stored could not be read
  /// and must not be replaced (it may be all the user has): the persistence then writes nothing
  /// (``StoragePersistence/savesChanges`` is `false`). Any other error is reported, and the next
  /// change is written.
  /// - Parameter defaultValue: The value when nothing usable is stored.
  /// - Returns: The value, and the error when what is stored could not be used.
  func load(default defaultValue: Value) -> (value: Value, error: PersistenceError?)

  /// Writes the value, whole, in place of the one stored.
  /// - Parameter value: The value.
  /// - Throws: ``PersistenceError/writeFailed(path:reason:)``, or whatever the storage reports;
  ///   what was stored should then be unchanged.
  func save(_ value: Value) throws(PersistenceError)
}

/// A storage that must have one writer at a time (a file, which another process may write too):
/// ``StoragePersistence`` claims it before its first read, and holds the claim while it lives.
package protocol WriterClaiming {
  /// Claims the storage for this writer.
  /// - Returns: What keeps the claim while it lives (`nil` when there is nothing to hold), or
  ///   the error that says another writer holds it: the persistence then reads, and writes
  ///   nothing.
  func claimWriter() -> (holder: AnyObject?, refusal: PersistenceError?)
}
