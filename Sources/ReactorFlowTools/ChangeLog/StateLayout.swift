import ReactorFlow

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Android)
  import Android
#endif

/// A struct state's stored fields, learned once per reactor, so that the change log finds the
/// fields a mutation changed by comparing their bytes, and describes only those: a mutation's
/// lines then cost what the changed fields cost, whatever the size of the rest of the state.
///
/// Equal bytes are an unchanged field: for a value that is sound, and a class reference whose
/// object changed shows alike in the old and the new outline anyway, since both show that one
/// object as it is now. A field whose bytes differ but whose description does not (padding,
/// another copy of an equal string) writes nothing.
final class StateLayout {
  /// One stored property of the state.
  private struct Field {
    /// Its name, as its outline shows it.
    let label: String
    /// Where its bytes start in the state's.
    let offset: Int
    /// How many bytes it takes.
    let size: Int
    /// How it is written when it is one line read straight from its bytes.
    let leaf: Leaf?
    /// How its elements are written when it is an array of ``Leaf`` values, whose changed
    /// elements are found and read straight from their bytes.
    let elements: Leaf?
    /// The start of its line, `[Name]       label: `, as UTF-8, which the line's bytes take whole.
    let lead: [UInt8]
  }

  /// Types whose outline is `String(reflecting:)` of the value, read from their bytes without a
  /// `Mirror`.
  enum Leaf {
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

    /// Whether two values of this type that differ in their bytes always differ in their text:
    /// integers and booleans. Two strings, or two floating-point values, of different bytes may
    /// read alike.
    var differsWithItsBytes: Bool {
      switch self {
      case .double, .float, .string: false
      default: true
      }
    }

    /// Appends the text of the value at `pointer` to `line`, as UTF-8: an integer's digits are
    /// written there directly, without a `String` of their own, which would cost as much as the
    /// rest of the line.
    func write(at pointer: UnsafeRawPointer, to line: inout [UInt8]) {
      switch self {
      case .int: Self.writeDecimal(pointer.load(as: Int.self), to: &line)
      case .int8: Self.writeDecimal(pointer.load(as: Int8.self), to: &line)
      case .int16: Self.writeDecimal(pointer.load(as: Int16.self), to: &line)
      case .int32: Self.writeDecimal(pointer.load(as: Int32.self), to: &line)
      case .int64: Self.writeDecimal(pointer.load(as: Int64.self), to: &line)
      case .uint: Self.writeDecimal(pointer.load(as: UInt.self), to: &line)
      case .uint8: Self.writeDecimal(pointer.load(as: UInt8.self), to: &line)
      case .uint16: Self.writeDecimal(pointer.load(as: UInt16.self), to: &line)
      case .uint32: Self.writeDecimal(pointer.load(as: UInt32.self), to: &line)
      case .uint64: Self.writeDecimal(pointer.load(as: UInt64.self), to: &line)
      default: line.append(contentsOf: text(at: pointer).utf8)
      }
    }

    /// Appends `value` in decimal, as `String(value)` writes it.
    static func writeDecimal<Value: BinaryInteger>(_ value: Value, to line: inout [UInt8]) {
      if value < 0 { line.append(UInt8(ascii: "-")) }
      let start = line.count
      var rest = UInt64(value.magnitude)
      repeat {
        line.append(UInt8(ascii: "0") + UInt8(rest % 10))
        rest /= 10
      } while rest > 0
      // The digits came last first.
      var (low, high) = (start, line.count - 1)
      while low < high {
        line.swapAt(low, high)
        (low, high) = (low + 1, high - 1)
      }
    }

    /// The type of the elements of `type`, when it is an array of one of these types.
    init?(elementsOf type: Any.Type) {
      switch ObjectIdentifier(type) {
      case ObjectIdentifier([Int].self): self = .int
      case ObjectIdentifier([Int8].self): self = .int8
      case ObjectIdentifier([Int16].self): self = .int16
      case ObjectIdentifier([Int32].self): self = .int32
      case ObjectIdentifier([Int64].self): self = .int64
      case ObjectIdentifier([UInt].self): self = .uint
      case ObjectIdentifier([UInt8].self): self = .uint8
      case ObjectIdentifier([UInt16].self): self = .uint16
      case ObjectIdentifier([UInt32].self): self = .uint32
      case ObjectIdentifier([UInt64].self): self = .uint64
      case ObjectIdentifier([Bool].self): self = .bool
      case ObjectIdentifier([Double].self): self = .double
      case ObjectIdentifier([Float].self): self = .float
      case ObjectIdentifier([String].self): self = .string
      default: return nil
      }
    }

    /// Calls `body` with the elements of the arrays of this type at `old` and at `new`, as bytes,
    /// and the distance from one element to the next.
    func withElements<Result>(
      old: UnsafeRawPointer, new: UnsafeRawPointer,
      _ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer, Int) -> Result
    ) -> Result {
      switch self {
      case .int: Self.withElements(of: Int.self, old: old, new: new, body)
      case .int8: Self.withElements(of: Int8.self, old: old, new: new, body)
      case .int16: Self.withElements(of: Int16.self, old: old, new: new, body)
      case .int32: Self.withElements(of: Int32.self, old: old, new: new, body)
      case .int64: Self.withElements(of: Int64.self, old: old, new: new, body)
      case .uint: Self.withElements(of: UInt.self, old: old, new: new, body)
      case .uint8: Self.withElements(of: UInt8.self, old: old, new: new, body)
      case .uint16: Self.withElements(of: UInt16.self, old: old, new: new, body)
      case .uint32: Self.withElements(of: UInt32.self, old: old, new: new, body)
      case .uint64: Self.withElements(of: UInt64.self, old: old, new: new, body)
      case .bool: Self.withElements(of: Bool.self, old: old, new: new, body)
      case .double: Self.withElements(of: Double.self, old: old, new: new, body)
      case .float: Self.withElements(of: Float.self, old: old, new: new, body)
      case .string: Self.withElements(of: String.self, old: old, new: new, body)
      }
    }

    private static func withElements<Element, Result>(
      of _: Element.Type, old: UnsafeRawPointer, new: UnsafeRawPointer,
      _ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer, Int) -> Result
    ) -> Result {
      let old = old.load(as: [Element].self)
      let new = new.load(as: [Element].self)
      return old.withUnsafeBytes { old in
        new.withUnsafeBytes { new in body(old, new, MemoryLayout<Element>.stride) }
      }
    }

    /// The value at `pointer`, as its outline writes it: its `debugDescription`.
    func text(at pointer: UnsafeRawPointer) -> String {
      switch self {
      case .int: String(pointer.load(as: Int.self))
      case .int8: String(pointer.load(as: Int8.self))
      case .int16: String(pointer.load(as: Int16.self))
      case .int32: String(pointer.load(as: Int32.self))
      case .int64: String(pointer.load(as: Int64.self))
      case .uint: String(pointer.load(as: UInt.self))
      case .uint8: String(pointer.load(as: UInt8.self))
      case .uint16: String(pointer.load(as: UInt16.self))
      case .uint32: String(pointer.load(as: UInt32.self))
      case .uint64: String(pointer.load(as: UInt64.self))
      case .bool: pointer.load(as: Bool.self) ? "true" : "false"
      case .double: pointer.load(as: Double.self).debugDescription
      case .float: pointer.load(as: Float.self).debugDescription
      case .string: pointer.load(as: String.self).debugDescription
      }
    }
  }

  private let fields: [Field]
  /// The start of each line, `[Name]     `.
  private let lead: String

  /// The layout of `State`, or `nil` when the state's outline is not the list of its stored
  /// fields' outlines, or when its fields' places cannot be checked against its bytes: an enum, a
  /// tuple, a class, a type with a custom mirror or one of Foundation's, a struct without fields,
  /// one with an existential field.
  ///
  /// A struct's stored fields lie in declaration order, each at the next offset its alignment
  /// allows; the sample's mirror gives their names and types, and each field's place is accepted
  /// only when the sample's bytes there are the field's own and the last one ends where the state
  /// does. Bytes are only compared, and a value is read from them only for the plain types of
  /// ``Leaf``: any other changed field is read back through the state's mirror, so that a field
  /// whose bytes are not its value (a weak reference) is never reinterpreted.
  /// - Parameters:
  ///   - sample: A value of the state, whose mirror says how it is shown.
  ///   - lead: The start of each line.
  init?<State>(of sample: State, lead: String) {
    let mirror = Mirror(reflecting: sample)
    guard ValueChanges.isPlainStruct(sample, mirror: mirror) else { return nil }
    var fields: [Field] = []
    var end = 0
    let placed = withUnsafeBytes(of: sample) { state in
      for child in mirror.children {
        guard let label = child.label else { return false }
        let type = Swift.type(of: child.value)
        // A class instance's dynamic type may be a subclass of the field's; its place is a
        // reference either way.
        let isReference = type is AnyClass
        func place<Value>(_ value: Value) -> (offset: Int, size: Int)? {
          let size = isReference ? MemoryLayout<AnyObject>.size : MemoryLayout<Value>.size
          let alignment = isReference ? MemoryLayout<AnyObject>.alignment : MemoryLayout<Value>.alignment
          let offset = (end + alignment - 1) / alignment * alignment
          guard offset + size <= state.count else { return nil }
          let matches = withUnsafeBytes(of: value) { own in
            own.count == size && state[offset..<(offset + size)].elementsEqual(own)
          }
          return matches ? (offset, size) : nil
        }
        guard let (offset, size) = _openExistential(child.value, do: place) else { return false }
        fields.append(
          Field(
            label: label, offset: offset, size: size, leaf: isReference ? nil : Leaf(type),
            elements: isReference ? nil : Leaf(elementsOf: type), lead: Array("\(lead)  \(label): ".utf8)))
        end = offset + size
      }
      return true
    }
    guard placed, end == MemoryLayout<State>.size, end > 0 else { return nil }
    self.fields = fields
    self.lead = lead
  }

  /// Whether the `size` bytes at `old` and at `new` differ: a word's compared in place, any
  /// other size with `memcmp`, whose call costs more than the comparison of one word.
  private func differ(_ old: UnsafeRawPointer, _ new: UnsafeRawPointer, size: Int) -> Bool {
    if size == 8 { return old.loadUnaligned(as: UInt64.self) != new.loadUnaligned(as: UInt64.self) }
    return memcmp(old, new, size) != 0
  }

  /// A line of a state's change.
  enum Line {
    /// A plain value that changed, a field or an array's element: its field's start of line,
    /// `[Name]       label: `, the element's index, and its type, its old value and its new one,
    /// which the line shows as `label: old → new`, or `label[index]: old → new`.
    case value(lead: [UInt8], index: Int?, Leaf, old: UnsafeRawPointer, new: UnsafeRawPointer)
    /// Any other line, without the state's start of line.
    case text(String)
  }

  /// Passes `write` the lines for the fields that differ between `old` and `new`, at most `limit`
  /// of them: a plain value's as a ``Line/value(lead:_:old:new:)``, whose pointers are valid only
  /// during the call; any other field's, read back through the states' mirrors, as the lines of
  /// ``ValueChanges``.
  /// - Returns: How many lines the change has, those past `limit` included.
  func changes<State>(old: State, new: State, limit: Int, _ write: (Line) -> Void) -> Int {
    withUnsafeBytes(of: old) { before in
      withUnsafeBytes(of: new) { after in
        // A state with a layout has bytes.
        guard let before = before.baseAddress, let after = after.baseAddress else { return 0 }
        var count = 0
        var children: (old: [Any], new: [Any])?
        for index in fields.indices {
          let offset = fields[index].offset
          guard differ(before + offset, after + offset, size: fields[index].size) else { continue }
          if let leaf = fields[index].leaf {
            if !leaf.differsWithItsBytes, leaf.text(at: before + offset) == leaf.text(at: after + offset) {
              continue
            }
            count += 1
            if count <= limit {
              write(
                .value(lead: fields[index].lead, index: nil, leaf, old: before + offset, new: after + offset))
            }
            continue
          }
          if let elements = fields[index].elements,
            let lines = elementChanges(
              of: fields[index], elements, old: before + offset, new: after + offset, limit: limit - count,
              write)
          {
            count += lines
            continue
          }
          if children == nil {
            children = (
              Mirror(reflecting: old).children.map(\.value), Mirror(reflecting: new).children.map(\.value)
            )
          }
          guard let children, index < children.old.count, index < children.new.count else { break }
          let lines = ValueChanges.lines(
            old: children.old[index], new: children.new[index], label: fields[index].label)
          for line in lines {
            count += 1
            if count <= limit { write(.text(line)) }
          }
        }
        return count
      }
    }
  }

  /// Passes `write` the lines of the changed elements of `field`, an array of `elements`, between
  /// its value at `old` and at `new`: at most ``ValueChanges/maximumChangedElements`` of them and
  /// at most `limit`, then how many more changed.
  /// - Returns: How many lines the change has, or `nil` when the two arrays' counts differ.
  private func elementChanges(
    of field: Field, _ elements: Leaf, old: UnsafeRawPointer, new: UnsafeRawPointer, limit: Int,
    _ write: (Line) -> Void
  ) -> Int? {
    elements.withElements(old: old, new: new) { old, new, stride in
      guard old.count == new.count, let oldBase = old.baseAddress, let newBase = new.baseAddress else {
        return old.count == new.count ? 0 : nil
      }
      var changed = ValueChanges.changedElements(old: old, new: new, size: stride, stride: stride)
      if !elements.differsWithItsBytes {
        changed.removeAll {
          elements.text(at: oldBase + $0 * stride) == elements.text(at: newBase + $0 * stride)
        }
      }
      let shown = changed.prefix(min(ValueChanges.maximumChangedElements, max(limit, 0)))
      for position in shown {
        write(
          .value(
            lead: field.lead, index: position, elements, old: oldBase + position * stride,
            new: newBase + position * stride))
      }
      guard changed.count > ValueChanges.maximumChangedElements else { return changed.count }
      let more = changed.count - ValueChanges.maximumChangedElements
      if limit > ValueChanges.maximumChangedElements {
        write(.text("… and \(more) more changed elements in \(field.label)"))
      }
      return ValueChanges.maximumChangedElements + 1
    }
  }
}
