@_spi(Reflection) import Swift

/// A struct state's stored fields, learned once per type, so that the change log finds the fields
/// a mutation changed by comparing their bytes, and outlines only those.
///
/// Equal bytes are an unchanged field: for a value that is sound, and a class reference whose
/// object changed shows alike in the old and the new outline anyway, since both show that one
/// object as it is now. A field whose bytes differ but whose outline does not (padding, another
/// copy of an equal string) writes nothing, as in the whole state's diff.
final class StateLayout {
  /// One stored property of the state.
  private struct Field {
    /// Its name, as its outline shows it.
    let label: String
    /// Where its bytes start in the state's.
    let offset: Int
    /// How many bytes it takes.
    let size: Int
    /// Its type, to read it as a value when its bytes differ.
    let type: Any.Type
    /// How it is written when its outline is one line read straight from its bytes.
    let leaf: Leaf?
    /// The start of its lines of the old value, after the reactor's name: `− label: `.
    let removed: String
    /// The start of its lines of the new value: `+ label: `.
    let added: String
  }

  /// Types whose outline is `String(reflecting:)` of the value, written from their bytes without
  /// a `Mirror`.
  private enum Leaf {
    case int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64
    case bool, double, float, string

    init?(_ type: Any.Type) {
      switch ObjectIdentifier(type) {
      case ObjectIdentifier(Int.self): self = .int
      case ObjectIdentifier(Int8.self): self = .int8
      case ObjectIdentifier(Int16.self): self = .int16
      case ObjectIdentifier(Int32.self): self = .int32
      case ObjectIdentifier(Int64.self): self = .int64
      case ObjectIdentifier(UInt.self): self = .uint
      case ObjectIdentifier(UInt8.self): self = .uint8
      case ObjectIdentifier(UInt16.self): self = .uint16
      case ObjectIdentifier(UInt32.self): self = .uint32
      case ObjectIdentifier(UInt64.self): self = .uint64
      case ObjectIdentifier(Bool.self): self = .bool
      case ObjectIdentifier(Double.self): self = .double
      case ObjectIdentifier(Float.self): self = .float
      case ObjectIdentifier(String.self): self = .string
      default: return nil
      }
    }

    /// The value at `pointer`, as its outline writes it: its `debugDescription`, called on its
    /// type rather than through `String(reflecting:)`'s dynamic casts.
    func text(at pointer: UnsafeRawPointer) -> String {
      switch self {
      case .int: Self.decimal(Int64(pointer.load(as: Int.self)))
      case .int8: Self.decimal(Int64(pointer.load(as: Int8.self)))
      case .int16: Self.decimal(Int64(pointer.load(as: Int16.self)))
      case .int32: Self.decimal(Int64(pointer.load(as: Int32.self)))
      case .int64: Self.decimal(pointer.load(as: Int64.self))
      case .uint: Self.decimal(UInt64(pointer.load(as: UInt.self)), negative: false)
      case .uint8: Self.decimal(UInt64(pointer.load(as: UInt8.self)), negative: false)
      case .uint16: Self.decimal(UInt64(pointer.load(as: UInt16.self)), negative: false)
      case .uint32: Self.decimal(UInt64(pointer.load(as: UInt32.self)), negative: false)
      case .uint64: Self.decimal(pointer.load(as: UInt64.self), negative: false)
      case .bool: pointer.load(as: Bool.self) ? "true" : "false"
      case .double: pointer.load(as: Double.self).debugDescription
      case .float: pointer.load(as: Float.self).debugDescription
      case .string: pointer.load(as: String.self).debugDescription
      }
    }

    private static func decimal(_ value: Int64) -> String {
      decimal(value.magnitude, negative: value < 0)
    }

    /// An integer's `description`, written here: the standard library's runs unspecialized
    /// (see CONTRIBUTING.md).
    private static func decimal(_ magnitude: UInt64, negative: Bool) -> String {
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 21) { digits in
        var index = digits.count
        var rest = magnitude
        repeat {
          index -= 1
          digits[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
          rest /= 10
        } while rest != 0
        if negative {
          index -= 1
          digits[index] = UInt8(ascii: "-")
        }
        return String(decoding: UnsafeMutableBufferPointer(rebasing: digits[index...]), as: UTF8.self)
      }
    }
  }

  private let fields: [Field]
  /// Where each field's bytes are, apart from the rest so that comparing them copies nothing.
  private let spans: [(offset: Int, size: Int)]
  /// The start of each field's lines after the last prefix, so that a line is one
  /// concatenation.
  private var leads: (prefix: String, lines: [(removed: String, added: String)])?

  /// The layout of `State`, or `nil` when the state's outline is not the list of its stored
  /// fields' outlines, or when its fields cannot all be read from its bytes: an enum, a tuple, a
  /// class, a type with a custom mirror or one of Foundation's, a struct without fields, one
  /// with a weak or unowned reference or a closure.
  /// - Parameter sample: A value of the state, whose mirror says how it is shown.
  init?<State>(of sample: State) {
    let mirror = Mirror(reflecting: sample)
    guard mirror.displayStyle == .struct, !(sample is any CustomReflectable),
      !String(reflecting: State.self).hasPrefix("Foundation")
    else { return nil }
    // Key paths are made only for strong stored properties of types a key path can hold: a
    // weak reference's bytes are not the value its type says, and are read only through a mirror.
    var readable = 0
    let allReadable = _forEachFieldWithKeyPath(of: State.self) { _, _ in
      readable += 1
      return true
    }
    guard allReadable else { return nil }
    var fields: [Field] = []
    let listed = _forEachField(of: State.self) { name, offset, type, _ in
      func size<Value>(of _: Value.Type) -> Int { MemoryLayout<Value>.size }
      let label = String(cString: name)
      fields.append(
        Field(
          label: label, offset: offset, size: size(of: type), type: type, leaf: Leaf(type),
          removed: "− \(label): ", added: "+ \(label): "))
      return true
    }
    let labels = mirror.children.map(\.label)
    guard listed, !fields.isEmpty, fields.count == readable, fields.map(\.label) == labels,
      !fields.allSatisfy({ $0.label.hasPrefix("_") })
    else { return nil }
    self.fields = fields
    spans = fields.map { ($0.offset, $0.size) }
  }

  /// Passes `emit` the change log's lines for the fields that differ between `old` and `new`:
  /// for each, the changed lines of its outline, each after `prefix` and its marker (`−` for a
  /// line of the old value, `+` for one of the new), without the outline's indentation.
  func changes<State>(old: State, new: State, prefix: String, _ emit: (String) -> Void) {
    if leads?.prefix != prefix {
      leads = (prefix, fields.map { (prefix + $0.removed, prefix + $0.added) })
    }
    let leads = self.leads?.lines ?? []
    withUnsafeBytes(of: old) { old in
      withUnsafeBytes(of: new) { new in
        guard let old = old.baseAddress, let new = new.baseAddress else { return }
        for index in spans.indices {
          let before = old + spans[index].offset
          let after = new + spans[index].offset
          guard !Self.equalBytes(before, after, count: spans[index].size) else { continue }
          changes(of: fields[index], before, after, prefix: prefix, lead: leads[index], emit)
        }
      }
    }
  }

  private func changes(
    of field: Field, _ before: UnsafeRawPointer, _ after: UnsafeRawPointer, prefix: String,
    lead: (removed: String, added: String), _ emit: (String) -> Void
  ) {
    if let leaf = field.leaf {
      let old = leaf.text(at: before)
      let new = leaf.text(at: after)
      guard old != new else { return }
      emit(lead.removed + old)
      emit(lead.added + new)
      return
    }
    func value<Value>(of _: Value.Type, at pointer: UnsafeRawPointer) -> Any {
      pointer.load(as: Value.self)
    }
    let old = StateDiff.outline(value(of: field.type, at: before), label: field.label, depth: 1)
    let new = StateDiff.outline(value(of: field.type, at: after), label: field.label, depth: 1)
    for change in StateDiff.changedLines(old: old, new: new) {
      emit(prefix + ChangeLog.withoutIndentation(change))
    }
  }

  private static func equalBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
    var index = 0
    while index + 8 <= count {
      guard
        a.loadUnaligned(fromByteOffset: index, as: UInt64.self)
          == b.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      else { return false }
      index += 8
    }
    while index < count {
      guard a.load(fromByteOffset: index, as: UInt8.self) == b.load(fromByteOffset: index, as: UInt8.self)
      else { return false }
      index += 1
    }
    return true
  }
}
