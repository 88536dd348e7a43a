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

/// A struct state's stored fields, learned once per type, so that the change log finds the fields
/// a mutation changed by comparing their bytes, and outlines only those: a mutation's lines then
/// cost what the changed fields cost, whatever the size of the rest of the state.
///
/// Equal bytes are an unchanged field: for a value that is sound, and a class reference whose
/// object changed shows alike in the old and the new outline anyway, since both show that one
/// object as it is now. A field whose bytes differ but whose outline does not (padding, another
/// copy of an equal string) writes nothing, as in the whole state's diff.
@usableFromInline
final class StateLayout {
  /// One stored property of the state.
  private struct Field {
    /// Its name, as its outline shows it.
    let label: String
    /// Where its bytes start in the state's.
    let offset: Int
    /// How many bytes it takes.
    let size: Int
    /// How it is written when its outline is one line read straight from its bytes.
    let leaf: Leaf?
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

    /// The value at `pointer`, as its outline writes it: its `debugDescription`.
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

    /// An integer's digits, as its `description` writes them. Written here: the standard
    /// library's `description` is generic over `BinaryInteger` and runs unspecialized, several
    /// times the cost of these few lines for a change log's every changed number.
    private static func decimal(_ magnitude: UInt64, negative: Bool) -> String {
      var count = negative ? 1 : 0
      var rest = magnitude
      repeat {
        count += 1
        rest /= 10
      } while rest > 0
      return String(unsafeUninitializedCapacity: count) { bytes in
        if negative { bytes[0] = UInt8(ascii: "-") }
        var rest = magnitude
        for index in stride(from: count - 1, through: negative ? 1 : 0, by: -1) {
          bytes[index] = UInt8(ascii: "0") + UInt8(rest % 10)
          rest /= 10
        }
        return count
      }
    }
  }

  private let fields: [Field]
  /// Where each field's bytes are, apart from the rest, so that comparing them copies nothing.
  private let spans: [(offset: Int, size: Int)]
  /// The start of each field's lines after the last prefix, `prefix − label: ` and
  /// `prefix + label: `, so that a line is one concatenation.
  @exclusivity(unchecked) private var leads: (prefix: String, lines: [(removed: String, added: String)])?

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
  /// - Parameter sample: A value of the state, whose mirror says how it is shown.
  init?<State>(of sample: State) {
    let mirror = Mirror(reflecting: sample)
    guard mirror.displayStyle == .struct, !(sample is any CustomReflectable),
      !String(reflecting: State.self).hasPrefix("Foundation")
    else { return nil }
    var fields: [Field] = []
    var end = 0
    let placed = withUnsafeBytes(of: sample) { state in
      for child in mirror.children {
        guard let label = child.label else { return false }
        let type = Swift.type(of: child.value)
        // A class instance's dynamic type may be a subclass of the field's; its place is a
        // reference either way.
        let isReference = type is AnyClass
        func place<Value>(_ value: Value) -> (size: Int, alignment: Int, matches: Bool) {
          let size = isReference ? MemoryLayout<AnyObject>.size : MemoryLayout<Value>.size
          let alignment = isReference ? MemoryLayout<AnyObject>.alignment : MemoryLayout<Value>.alignment
          let offset = (end + alignment - 1) / alignment * alignment
          guard offset + size <= state.count else { return (size, alignment, false) }
          let matches = withUnsafeBytes(of: value) { own in
            own.count == size && state[offset..<(offset + size)].elementsEqual(own)
          }
          return (size, alignment, matches)
        }
        let (size, alignment, matches) = _openExistential(child.value, do: place)
        guard matches else { return false }
        let offset = (end + alignment - 1) / alignment * alignment
        fields.append(Field(label: label, offset: offset, size: size, leaf: isReference ? nil : Leaf(type)))
        end = offset + size
      }
      return true
    }
    guard placed, end == MemoryLayout<State>.size, !fields.isEmpty,
      !fields.allSatisfy({ $0.label.hasPrefix("_") })
    else { return nil }
    self.fields = fields
    spans = fields.map { ($0.offset, $0.size) }
  }

  /// Passes `emit` the change log's lines for the fields that differ between the states at
  /// `old` and `new`: for each, the changed lines of its outline, each after `prefix` and its
  /// marker (`−` for a line of the old value, `+` for one of the new), without the outline's
  /// indentation. A field that is not a plain value is read back through the states' mirrors,
  /// which `mirrors` makes when one changed.
  @usableFromInline
  func changes(
    old: UnsafeRawPointer, new: UnsafeRawPointer, prefix: String, mirrors: () -> (old: Mirror, new: Mirror),
    _ emit: (String) -> Void
  ) {
    if leads?.prefix != prefix {
      leads = (prefix, fields.map { ("\(prefix)− \($0.label): ", "\(prefix)+ \($0.label): ") })
    }
    let leads = self.leads?.lines ?? []
    var children: (old: [Any], new: [Any])?
    for index in spans.indices {
      let (offset, size) = spans[index]
      guard memcmp(old + offset, new + offset, size) != 0 else { continue }
      let field = fields[index]
      guard let leaf = field.leaf else {
        if children == nil {
          let (oldMirror, newMirror) = mirrors()
          children = (oldMirror.children.map(\.value), newMirror.children.map(\.value))
        }
        guard let children, index < children.old.count, index < children.new.count else { return }
        let oldLines = StateDiff.outline(children.old[index], label: field.label, depth: 1)
        let newLines = StateDiff.outline(children.new[index], label: field.label, depth: 1)
        for line in StateDiff.changedLines(old: oldLines, new: newLines) {
          emit(prefix + ChangeLog.withoutIndentation(line))
        }
        continue
      }
      let oldText = leaf.text(at: old + offset)
      let newText = leaf.text(at: new + offset)
      guard oldText != newText else { continue }
      emit(leads[index].removed + oldText)
      emit(leads[index].added + newText)
    }
  }
}
