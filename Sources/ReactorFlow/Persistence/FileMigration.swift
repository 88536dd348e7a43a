#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Turns a file of one format into the next format, so that a file written by an earlier version
/// of the app is read, not kept aside.
///
/// Give ``FileStorage`` one migration per format it replaced; a file of format 1 read by a
/// storage of format 3 goes through the migrations from 1 and from 2, in turn:
/// ```swift
/// let storage = FileStorage<Cart>(
///   path: path, format: 3,
///   migrations: [
///     FileMigration(from: 1, decoding: [String].self) { names in
///       names.map { Item(name: $0, count: 1) }
///     },
///     FileMigration(from: 2, decoding: [Item].self) { items in Cart(items: items) },
///   ])
/// ```
/// Keep a file of each old format in your tests, and read it there with the current storage:
/// the test then fails on the day a change to the value would lose what those files hold.
public struct FileMigration: Sendable {
  /// The format this migration reads; it writes the next one.
  public let from: Int
  /// The file's bytes in format `from`, to its bytes in format `from + 1`.
  package let migrate: @Sendable (Data) throws -> Data

  /// A migration from the value of format `from`, decoded as `Old`, to that of the next format.
  /// - Parameters:
  ///   - from: The format it reads.
  ///   - old: The type of the value in that format.
  ///   - convert: Makes the value of the next format; what it throws keeps the file aside as
  ///     ``PersistenceError/unreadable(path:keptAs:reason:)``.
  public init<Old: Decodable & Sendable, New: Encodable & Sendable>(
    from: Int, decoding old: Old.Type, _ convert: @escaping @Sendable (Old) throws -> New
  ) {
    self.from = from
    migrate = { data in
      let stored = try JSONDecoder().decode(Envelope<Old>.self, from: data)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      return try encoder.encode(Envelope(format: from + 1, value: try convert(stored.value)))
    }
  }
}

/// A value with its format number: the content of a file of ``FileStorage``.
struct Envelope<Value> {
  var format: Int
  var value: Value
}

extension Envelope: Decodable where Value: Decodable {}
extension Envelope: Encodable where Value: Encodable {}
