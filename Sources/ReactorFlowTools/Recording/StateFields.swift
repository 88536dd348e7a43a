import Foundation
import ReactorFlow

/// A state's top-level fields as its `Encodable` conformance writes them: each field's coding key
/// and its value, not encoded. What lets a recorder find the fields that changed with `==` and
/// encode only those, and a replay rebuild a recorded state from its changes without decoding
/// JSON.
///
/// Only a state that encodes one keyed container of `Codable` values has fields (what the
/// synthesized conformance writes); any other is recorded whole.
struct StateFields {
  /// The coding keys, in the order the state encodes them.
  private(set) var keys: [String]
  /// Each key's value.
  private(set) var values: [any Codable]

  /// The fields of `state`, or `nil` when it has none (see the type).
  init?(of state: Any) {
    guard let encodable = state as? any Encodable else { return nil }
    let capture = FieldCapture()
    do {
      try encodable.encode(to: capture)
    } catch {
      return nil
    }
    guard capture.isKeyed, capture.containers == 1 else { return nil }
    keys = capture.keys
    values = capture.values
  }

  /// The value of `key`, if the state has that field.
  func value(of key: String) -> (any Codable)? {
    keys.firstIndex(of: key).map { values[$0] }
  }

  /// How much there is to encode, roughly: one for a value, the count of a collection, a string's
  /// length in eights. Where a recorder weighs a change against the whole state.
  var weight: Int {
    values.reduce(0) { $0 + Self.weight(of: $1) }
  }

  /// Whether every state with these fields weighs what this one does, less than a state that is
  /// kept as changes: no field is a string, a collection or an optional that is `nil` now.
  var staysSmall: Bool {
    values.count < StateLog<Never, Never, Never>.smallWeight
      && values.allSatisfy { value in
        !(value is String || value is any Collection || (value as? any OptionalValue)?.isNone == true)
      }
  }

  /// The weight (see ``weight``) of one value.
  static func weight(of value: Any) -> Int {
    if let string = value as? String { return string.utf8.count / 8 + 1 }
    if let collection = value as? any Collection { return collection.count + 1 }
    return 1
  }

  /// Sets the field `key`, which must exist, to `value`.
  mutating func set(_ key: String, to value: any Codable) -> Bool {
    guard let index = keys.firstIndex(of: key) else { return false }
    values[index] = value
    return true
  }

  /// The state that these fields decode to, or `nil` when its `Decodable` conformance does not
  /// read them back (it reads other types or containers than its encoding writes).
  func state<State>(as _: State.Type) -> State? {
    guard let type = State.self as? any Decodable.Type else { return nil }
    return (try? type.init(from: FieldDecoder(fields: self))) as? State
  }

  /// Whether two field values are the same: `==` when their type is `Equatable`, the same
  /// encoding otherwise.
  static func isSame(_ lhs: any Codable, _ rhs: any Codable) -> Bool {
    // An array of plain values is compared by blocks of bytes first (see `Splicing`).
    if let array = lhs as? any SplicedArray, let splices = array.splices(from: rhs) { return splices.isEmpty }
    func compare<Value: Codable>(_ lhs: Value) -> Bool {
      guard let rhs = rhs as? Value else { return false }
      if let isEqual = Equality.of(Value.self) { return isEqual(lhs, rhs) }
      let encoder = JSONEncoder()
      encoder.outputFormatting = .sortedKeys
      return (try? encoder.encode(lhs)) == (try? encoder.encode(rhs))
    }
    return compare(lhs)
  }
}

// MARK: - Capture

/// An `Encoder` that keeps the values of the top-level keyed container instead of encoding them.
private final class FieldCapture: Encoder {
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }
  var keys: [String] = []
  var values: [any Codable] = []
  /// How many top-level containers the state asked for.
  var containers = 0
  /// Whether everything it encoded was a keyed field of a `Codable` value, once per key.
  var isKeyed = true

  func store<Value: Encodable>(_ value: Value, _ key: String) {
    guard let codable = value as? any Codable, !keys.contains(key) else {
      isKeyed = false
      return
    }
    keys.append(key)
    values.append(codable)
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    containers += 1
    return KeyedEncodingContainer(CaptureContainer<Key>(capture: self))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    isKeyed = false
    return DiscardingUnkeyed()
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    isKeyed = false
    return DiscardingSingleValue()
  }
}

private struct CaptureContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let capture: FieldCapture
  var codingPath: [any CodingKey] { [] }

  // A `nil` without its type: a later value of the field could not be decoded.
  mutating func encodeNil(forKey key: Key) throws { capture.isKeyed = false }
  // An optional field is kept with its type even when it is `nil`, so that a later value of it
  // can be decoded.
  mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
    capture.store(value, key.stringValue)
  }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    capture.store(value, key.stringValue)
  }
  mutating func encode(_ value: Bool, forKey key: Key) throws { capture.store(value, key.stringValue) }
  mutating func encode(_ value: String, forKey key: Key) throws { capture.store(value, key.stringValue) }
  mutating func encode(_ value: Double, forKey key: Key) throws { capture.store(value, key.stringValue) }
  mutating func encode(_ value: Float, forKey key: Key) throws { capture.store(value, key.stringValue) }
  mutating func encode(_ value: Int, forKey key: Key) throws { capture.store(value, key.stringValue) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { capture.store(value, key.stringValue) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { capture.store(value, key.stringValue) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { capture.store(value, key.stringValue) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { capture.store(value, key.stringValue) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { capture.store(value, key.stringValue) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { capture.store(value, key.stringValue) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { capture.store(value, key.stringValue) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { capture.store(value, key.stringValue) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { capture.store(value, key.stringValue) }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    capture.isKeyed = false
    return FieldCapture().container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    capture.isKeyed = false
    return DiscardingUnkeyed()
  }

  mutating func superEncoder() -> any Encoder {
    capture.isKeyed = false
    return FieldCapture()
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    capture.isKeyed = false
    return FieldCapture()
  }
}

/// What a state that is not one keyed container writes: nothing is kept of it.
private struct DiscardingSingleValue: SingleValueEncodingContainer {
  var codingPath: [any CodingKey] { [] }
  mutating func encodeNil() throws {}
  mutating func encode<T: Encodable>(_ value: T) throws {}
  mutating func encode(_ value: Bool) throws {}
  mutating func encode(_ value: String) throws {}
  mutating func encode(_ value: Double) throws {}
  mutating func encode(_ value: Float) throws {}
  mutating func encode(_ value: Int) throws {}
  mutating func encode(_ value: Int8) throws {}
  mutating func encode(_ value: Int16) throws {}
  mutating func encode(_ value: Int32) throws {}
  mutating func encode(_ value: Int64) throws {}
  mutating func encode(_ value: UInt) throws {}
  mutating func encode(_ value: UInt8) throws {}
  mutating func encode(_ value: UInt16) throws {}
  mutating func encode(_ value: UInt32) throws {}
  mutating func encode(_ value: UInt64) throws {}
}

/// What an array at the top of a state writes: nothing is kept of it. The standard library's
/// defaults route each primitive `encode` to the generic one.
private struct DiscardingUnkeyed: UnkeyedEncodingContainer {
  var codingPath: [any CodingKey] { [] }
  var count: Int { 0 }
  mutating func encodeNil() throws {}
  mutating func encode<T: Encodable>(_ value: T) throws {}
  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  { FieldCapture().container(keyedBy: keyType) }
  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { DiscardingUnkeyed() }
  mutating func superEncoder() -> any Encoder { FieldCapture() }
}

// MARK: - Decoding fields

/// A `Decoder` that reads a state back from its fields: each value is the kept one, cast to the
/// type the state's `Decodable` conformance asks for.
private struct FieldDecoder: Decoder {
  let fields: StateFields
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(FieldContainer<Key>(fields: fields))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    throw DecodingError.typeMismatch(
      [Any].self, .init(codingPath: [], debugDescription: "a state's fields are a keyed container"))
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    throw DecodingError.typeMismatch(
      Any.self, .init(codingPath: [], debugDescription: "a state's fields are a keyed container"))
  }
}

private struct FieldContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let fields: StateFields
  var codingPath: [any CodingKey] { [] }
  var allKeys: [Key] { fields.keys.compactMap(Key.init(stringValue:)) }

  func contains(_ key: Key) -> Bool { fields.value(of: key.stringValue) != nil }

  func decodeNil(forKey key: Key) throws -> Bool {
    guard let value = fields.value(of: key.stringValue) else { return true }
    return (value as? any OptionalValue)?.isNone ?? false
  }

  func value<T>(forKey key: Key) throws -> T {
    guard let value = fields.value(of: key.stringValue) else {
      throw DecodingError.keyNotFound(key, .init(codingPath: [], debugDescription: "no such field"))
    }
    guard let typed = value as? T else {
      throw DecodingError.typeMismatch(T.self, .init(codingPath: [key], debugDescription: "another type"))
    }
    return typed
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try value(forKey: key) }
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(forKey: key) }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(forKey: key) }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(forKey: key) }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try value(forKey: key) }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(forKey: key) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(forKey: key) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try value(forKey: key) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(forKey: key) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(forKey: key) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(forKey: key) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try value(forKey: key) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try value(forKey: key) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try value(forKey: key) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try value(forKey: key) }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    throw DecodingError.typeMismatch(
      type, .init(codingPath: [key], debugDescription: "a state's fields are kept as values"))
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    throw DecodingError.typeMismatch(
      [Any].self, .init(codingPath: [key], debugDescription: "a state's fields are kept as values"))
  }

  func superDecoder() throws -> any Decoder { FieldDecoder(fields: fields) }
  func superDecoder(forKey key: Key) throws -> any Decoder { FieldDecoder(fields: fields) }
}

/// Whether a kept value is an optional's `nil`.
protocol OptionalValue {
  var isNone: Bool { get }
}

extension Optional: OptionalValue {
  var isNone: Bool { self == nil }
}
