import Foundation
import ReactorFlow

extension ReactorRecording {
  /// How a recorded state differs from the state recorded before it (the previous mutation's, or
  /// the initial state): what a recording keeps at a mutation of a large state instead of the
  /// whole state. <doc:RecordingFormat> describes how it is written.
  ///
  /// A state whose `Codable` conformance writes one keyed container (the synthesized one) changes
  /// by fields: each changed field's new value, or, for an array whose other elements stayed, the
  /// elements that changed. A state kept as an outline changes by lines. A replay checks the
  /// replayed state against the recorded one rebuilt from the changes; ``TimeTravel`` shows it.
  public struct StateChanges {
    let storage: RecordedChanges

    /// The coding keys of the fields that changed, in the order the state encodes them; empty
    /// when the state is kept as an outline, whose changed lines are kept instead.
    public var fields: [String] {
      guard case .fields(let changes) = storage else { return [] }
      return changes.map(\.key)
    }
  }
}

// A state's fields are parts of the state: sendable when it is.
extension ReactorRecording.StateChanges: @unchecked Sendable where State: Sendable {}

/// The changes of one step, whatever the reactor's types: of fields, or of outline lines.
enum RecordedChanges {
  case fields([FieldChange])
  case lines([LineSplice])

  /// How much the changes hold (see `StateFields.weight`).
  var weight: Int {
    switch self {
    case .fields(let changes): changes.reduce(0) { $0 + $1.weight }
    case .lines(let splices): splices.reduce(0) { $0 + $1.inserted.count + 1 }
    }
  }
}

/// One changed field: its new value, or the splices that turn its array into the new one.
struct FieldChange {
  enum Kind {
    case value(any Codable)
    case elements([ElementSplice])
  }

  var key: String
  var kind: Kind

  var weight: Int {
    switch kind {
    case .value(let value): StateFields.weight(of: value)
    case .elements(let splices): splices.reduce(0) { $0 + $1.count + 1 }
    }
  }
}

/// `removed` elements at `at` replaced by `inserted` (an array of the field's element type, of
/// `count` elements). The splices of a change apply in order, each at an index of the array as
/// the ones before it left it, and do not overlap.
struct ElementSplice {
  var at: Int
  var removed: Int
  var inserted: any Codable
  var count: Int
}

/// `removed` outline lines at `at` replaced by `inserted`; ordered like ``ElementSplice``.
struct LineSplice: Equatable {
  var at: Int
  var removed: Int
  var inserted: [String]
}

/// Why changes cannot be applied or read: the reason a ``RecordingError/malformedStep(_:reason:)``
/// gives.
struct ChangesError: Error {
  let reason: String
}

enum Splicing {
  /// The splices (as ranges: where, how many removed, which elements of `new` inserted) that turn
  /// `old` into `new`: each run of changed elements when the counts are equal, otherwise one
  /// splice between the common prefix and suffix. `nil` when they would insert more than half of
  /// `new`: the whole array is then smaller to write.
  static func ranges<Element: Equatable>(
    from old: [Element], to new: [Element]
  ) -> [(at: Int, removed: Int, inserted: Range<Int>)]? {
    var ranges: [(at: Int, removed: Int, inserted: Range<Int>)] = []
    if old.count == new.count {
      // The same storage: nothing changed (what a field that was not written to keeps).
      let oldStart = old.withUnsafeBufferPointer { $0.baseAddress }
      if oldStart != nil && oldStart == new.withUnsafeBufferPointer({ $0.baseAddress }) { return [] }
      var index = 0
      var inserted = 0
      while index < new.count {
        index = firstDifference(old, new, from: index)
        guard index < new.count else { break }
        guard old[index] != new[index] else {
          index += 1
          continue
        }
        let start = index
        while index < new.count && old[index] != new[index] { index += 1 }
        inserted += index - start
        if inserted > new.count / 2 { return nil }
        ranges.append((start, index - start, start..<index))
      }
      return ranges
    }
    var prefix = 0
    let shorter = min(old.count, new.count)
    while prefix < shorter && old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < shorter - prefix && old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
      suffix += 1
    }
    let inserted = prefix..<(new.count - suffix)
    guard inserted.count <= new.count / 2 else { return nil }
    return [(prefix, old.count - suffix - prefix, inserted)]
  }

  /// The first index from `start` where `old` and `new` (of equal counts) may differ. Elements of
  /// plain bits are skipped by blocks whose bytes are equal: a changed element among 100,000 is
  /// found without calling `==` on each through its witness, which generic code cannot avoid.
  private static func firstDifference<Element>(_ old: [Element], _ new: [Element], from start: Int) -> Int {
    guard _isPOD(Element.self) else { return start }
    let stride = MemoryLayout<Element>.stride
    let block = 64
    return old.withUnsafeBytes { old in
      new.withUnsafeBytes { new in
        guard let oldBase = old.baseAddress, let newBase = new.baseAddress else { return start }
        var index = start
        while index < old.count / stride {
          let length = min(block, old.count / stride - index) * stride
          if memcmp(oldBase + index * stride, newBase + index * stride, length) != 0 { return index }
          index += length / stride
        }
        return index
      }
    }
  }

  /// Checks that splices of `counts` (removed, inserted) fit an array of `count` elements, in
  /// order and without overlapping, and returns the count after them.
  static func count(
    after splices: some Sequence<(at: Int, removed: Int, inserted: Int)>, from count: Int
  ) throws(ChangesError) -> Int {
    var count = count
    var end = 0
    for splice in splices {
      guard splice.at >= 0, splice.removed >= 0 else {
        throw ChangesError(reason: "a negative index or count (\(splice.at), \(splice.removed))")
      }
      guard splice.at >= end, splice.at <= count, splice.removed <= count - splice.at else {
        throw ChangesError(
          reason: "\(splice.removed) elements at \(splice.at) of \(count) are out of range or overlap the "
            + "change before")
      }
      count += splice.inserted - splice.removed
      end = splice.at + splice.inserted
    }
    return count
  }

  /// `array` with `splices` applied, which must fit it.
  static func apply<Element>(
    _ splices: [(at: Int, removed: Int, inserted: [Element])], to array: [Element]
  ) throws(ChangesError) -> [Element] {
    _ = try count(
      after: splices.lazy.map { (at: $0.at, removed: $0.removed, inserted: $0.inserted.count) },
      from: array.count)
    var array = array
    for splice in splices {
      array.replaceSubrange(splice.at..<(splice.at + splice.removed), with: splice.inserted)
    }
    return array
  }

  /// The splices that turn `old` outline into `new`, or `nil` when `new` is smaller to write.
  static func lines(from old: [String], to new: [String]) -> [LineSplice]? {
    ranges(from: old, to: new)?.map {
      LineSplice(at: $0.at, removed: $0.removed, inserted: Array(new[$0.inserted]))
    }
  }

  /// `outline` with `splices` applied.
  static func apply(_ splices: [LineSplice], to outline: [String]) throws(ChangesError) -> [String] {
    try apply(splices.map { ($0.at, $0.removed, $0.inserted) }, to: outline)
  }
}

/// An array field whose elements can be compared and coded: one whose changes a recording keeps
/// as splices.
protocol SplicedArray: Codable {
  /// The splices from `old` (the field's previous value) to this array, or `nil` when `old` is
  /// not an array of the same type or the whole array is smaller to write.
  func splices(from old: any Codable) -> [ElementSplice]?
  /// This array with `splices` applied.
  func applying(_ splices: [ElementSplice]) throws(ChangesError) -> any Codable
  /// Decodes the elements a splice inserts.
  static func decodeElements<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> (elements: any Codable, count: Int)
}

extension Array: SplicedArray where Element: Codable & Equatable {
  func splices(from old: any Codable) -> [ElementSplice]? {
    guard let old = old as? [Element], let ranges = Splicing.ranges(from: old, to: self) else { return nil }
    return ranges.map {
      ElementSplice(
        at: $0.at, removed: $0.removed, inserted: Array(self[$0.inserted]), count: $0.inserted.count)
    }
  }

  func applying(_ splices: [ElementSplice]) throws(ChangesError) -> any Codable {
    var typed: [(at: Int, removed: Int, inserted: [Element])] = []
    typed.reserveCapacity(splices.count)
    for splice in splices {
      guard let elements = splice.inserted as? [Element] else {
        throw ChangesError(reason: "elements of another type than \(Element.self)")
      }
      typed.append((splice.at, splice.removed, elements))
    }
    return try Splicing.apply(typed, to: self)
  }

  static func decodeElements<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> (elements: any Codable, count: Int) {
    let elements = try container.decode([Element].self, forKey: key)
    return (elements, elements.count)
  }
}

extension StateFields {
  /// The changes from `old` to these fields, which have the same keys, each weighed.
  func changes(from old: StateFields) -> [FieldChange] {
    var changes: [FieldChange] = []
    for index in values.indices {
      let value = values[index]
      // An array is compared once, by the splices from its old value (none when it is the same).
      if let array = value as? any SplicedArray, let splices = array.splices(from: old.values[index]) {
        if !splices.isEmpty { changes.append(FieldChange(key: keys[index], kind: .elements(splices))) }
      } else if !Self.isSame(old.values[index], value) {
        changes.append(FieldChange(key: keys[index], kind: .value(value)))
      }
    }
    return changes
  }

  /// These fields with `changes` applied.
  func applying(_ changes: [FieldChange]) throws(ChangesError) -> StateFields {
    var fields = self
    for change in changes {
      guard let old = value(of: change.key) else {
        throw ChangesError(reason: "the state has no field \(change.key)")
      }
      let new: any Codable
      switch change.kind {
      case .value(let value):
        new = value
      case .elements(let splices):
        guard let array = old as? any SplicedArray else {
          throw ChangesError(reason: "the field \(change.key) is not an array of comparable elements")
        }
        new = try array.applying(splices)
      }
      _ = fields.set(change.key, to: new)
    }
    return fields
  }
}
