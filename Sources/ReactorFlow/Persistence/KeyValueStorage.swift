#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Keeps a `Codable` value under a key of an app's key-value store (`UserDefaults`, say),
/// reached through two closures, as JSON with its format number: the same bytes as a
/// ``FileStorage`` file, read through the same ``FileMigration``s.
///
/// The package imports nothing of the store; the app passes its reads and writes:
/// ```swift
/// let storage = KeyValueStorage<[String]>(
///   key: "cart",
///   read: { UserDefaults.standard.data(forKey: $0) },
///   write: { UserDefaults.standard.set($1, forKey: $0) })
/// ```
///
/// - Nothing under the key gives the default.
/// - Bytes that cannot be decoded (or of a newer format) give the default and a
///   ``PersistenceError``, and are copied first to the first free `<key>.bad-N` key, which the
///   error names: a store has no rename, and a copy keeps them when the next save replaces the
///   key. Until the app saves a change, the bad bytes stay under the key too, and each load
///   reports them again, naming the copy already made rather than making another.
/// - When the copy cannot be written, nothing is written at all: ``load(default:)`` reports
///   ``PersistenceError/readFailed(path:reason:)``, and a ``StoragePersistence`` then keeps the
///   changes in memory only, as it does for a file it could not read.
///
/// Unlike a file, a key is not locked: two persistences of the same key both write it, and the
/// last write wins.
public struct KeyValueStorage<Value: Codable & Sendable>: PersistentStorage, Sendable {
  /// The key the value is kept under; it stands for the path in the errors.
  public let key: String
  /// The format this code writes and the newest it reads.
  public let format: Int
  /// The migrations of the formats this code no longer writes, each to the next format.
  public let migrations: [FileMigration]
  private let read: @Sendable (String) -> Data?
  private let write: @Sendable (String, Data) throws -> Void

  /// Describes the key that keeps the value, and how to reach the store.
  /// - Parameters:
  ///   - key: The key.
  ///   - format: The format number stored with the value; raise it when the value's encoding
  ///     changes in a way older versions cannot read.
  ///   - migrations: One migration from each earlier format to the next, as for a file.
  ///   - read: The bytes stored under a key, or `nil` when there are none.
  ///   - write: Stores bytes under a key; what it throws is reported as
  ///     ``PersistenceError/writeFailed(path:reason:)``.
  public init(
    key: String,
    format: Int = 1,
    migrations: [FileMigration] = [],
    read: @escaping @Sendable (_ key: String) -> Data?,
    write: @escaping @Sendable (_ key: String, _ data: Data) throws -> Void
  ) {
    self.key = key
    self.format = format
    self.migrations = migrations
    self.read = read
    self.write = write
  }

  /// Reads the value: `defaultValue` when nothing is stored under the key; `defaultValue` and an
  /// error when what is stored cannot be used (it is then copied to a `<key>.bad-N` key first).
  /// - Parameter defaultValue: The value when nothing usable is stored.
  /// - Returns: The value, and the error when what is stored could not be used.
  public func load(default defaultValue: Value) -> (value: Value, error: PersistenceError?) {
    guard let data = read(key) else { return (defaultValue, nil) }
    switch Envelope<Value>.decode(data, format: format, migrations: migrations) {
    case .value(let value):
      return (value, nil)
    case .unreadable(let reason):
      return (defaultValue, keepAside(data) { .unreadable(path: key, keptAs: $0, reason: reason) })
    case .futureFormat(let found):
      return (
        defaultValue,
        keepAside(data) { .futureFormat(path: key, keptAs: $0, found: found, supported: format) }
      )
    }
  }

  /// Writes the value under the key.
  /// - Parameter value: The value.
  /// - Throws: ``PersistenceError/writeFailed(path:reason:)`` with what `write` threw, or a
  ///   ``PersistenceError`` that it threw, as it is.
  public func save(_ value: Value) throws(PersistenceError) {
    let data = try Envelope.encode(value, format: format, path: key)
    do {
      try write(key, data)
    } catch let error as PersistenceError {
      throw error
    } catch {
      throw .writeFailed(path: key, reason: "\(error)")
    }
  }

  /// Copies `data` to the first `<key>.bad-N` that is free or already holds it, and returns
  /// `error(thatKey)`.
  private func keepAside(_ data: Data, _ error: (String) -> PersistenceError) -> PersistenceError {
    for number in 1...100 {
      let candidate = "\(key).bad-\(number)"
      switch read(candidate) {
      case .none:
        do {
          try write(candidate, data)
          return error(candidate)
        } catch {
          return .readFailed(path: key, reason: "it could not be kept aside: \(error)")
        }
      case .some(data):
        return error(candidate)  // Kept by an earlier load: one copy is enough.
      case .some:
        continue
      }
    }
    return .readFailed(path: key, reason: "it could not be kept aside: too many bad copies")
  }
}
