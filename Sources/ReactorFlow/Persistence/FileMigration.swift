#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Turns a file of one format into the next format, so that a file written by an earlier version
/// of the app is read, not kept aside.
///
/// Give ``FileStorage`` (or ``KeyValueStorage``) one migration per format it replaced; a file of format 1 read by a
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

/// A value with its format number: the content of a file of ``FileStorage``, and of a key of
/// ``KeyValueStorage`` (one format, so the same migrations read both).
struct Envelope<Value> {
  var format: Int
  var value: Value
}

extension Envelope: Decodable where Value: Decodable {}
extension Envelope: Encodable where Value: Encodable {}

/// What stored bytes decoded to.
enum Decoded<Value> {
  /// The value, migrated to the current format.
  case value(Value)
  /// The bytes are not a value of a known format; why, in a few words.
  case unreadable(reason: String)
  /// The bytes are of format `found`, newer than the current one.
  case futureFormat(found: Int)
}

extension Envelope where Value: Codable {
  /// The bytes of `value` in `format`: JSON, with sorted keys.
  /// - Throws: ``PersistenceError/writeFailed(path:reason:)`` at `path` when it cannot be encoded.
  static func encode(_ value: Value, format: Int, path: String) throws(PersistenceError) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    do {
      return try encoder.encode(Envelope(format: format, value: value))
    } catch {
      throw .writeFailed(path: path, reason: describe(error))
    }
  }

  /// Decodes `data`, of `format` or of an earlier one read through `migrations`.
  static func decode(_ data: Data, format: Int, migrations: [FileMigration]) -> Decoded<Value> {
    let decoder = JSONDecoder()
    let found: Int
    do {
      found = try decoder.decode(Header.self, from: data).format
    } catch {
      return .unreadable(reason: describe(error))
    }
    guard found <= format else { return .futureFormat(found: found) }
    var current = data
    var at = found
    while at < format, let migration = migrations.first(where: { $0.from == at }) {
      do {
        current = try migration.migrate(current)
      } catch {
        return .unreadable(reason: "format \(at) could not be migrated: \(describe(error))")
      }
      at += 1
    }
    do {
      return .value(try decoder.decode(Envelope.self, from: current).value)
    } catch {
      return .unreadable(reason: describe(error))
    }
  }

  private struct Header: Decodable {
    var format: Int
  }

  /// A decoding error in a few words: what is wrong, and where.
  private static func describe(_ error: any Error) -> String {
    switch error {
    case DecodingError.dataCorrupted(let context):
      return "not valid JSON: \(context.debugDescription)"
    case DecodingError.keyNotFound(let key, _):
      return "no \"\(key.stringValue)\""
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
      let at = context.codingPath.map(\.stringValue).joined(separator: ".")
      return "unexpected content at \(at.isEmpty ? "the top" : at)"
    default:
      return "\(error)"
    }
  }
}
