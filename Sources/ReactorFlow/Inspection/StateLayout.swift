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
    /// How it is written when its outline is one line read straight from its bytes.
    let leaf: Leaf?
    /// The start of its lines of the old value, after the reactor's name: `− label: `.
    let removed: String
    /// The start of its lines of the new value: `+ label: `.
    let added: String
  }

  /// The rest of a change log's line after its start.
  enum LineEnd {
    /// Text.
    case text(String)
    /// A plain value, at a place in a state's bytes that lasts as long as the call it is passed to.
    case value(Leaf, UnsafeRawPointer)

    /// The text it writes.
    var text: String {
      switch self {
      case .text(let text): text
      case .value(let leaf, let pointer): leaf.text(at: pointer)
      }
    }
  }

  /// Types whose outline is `String(reflecting:)` of the value, written from their bytes without
  /// a `Mirror`.
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

    /// Whether two values of different bytes always have different outlines: true of integers
    /// and `Bool`, not of floating-point numbers (NaNs) or strings (two copies of one string).
    var differsWithItsBytes: Bool {
      switch self {
      case .double, .float, .string: false
      default: true
      }
    }

    /// Adds the value at `pointer` to `buffer` as its outline writes it, an integer without
    /// making a string of it.
    func write(at pointer: UnsafeRawPointer, to buffer: StandardErrorBuffer) {
      switch self {
      case .int: buffer.appendDecimal(Int64(pointer.load(as: Int.self)))
      case .int8: buffer.appendDecimal(Int64(pointer.load(as: Int8.self)))
      case .int16: buffer.appendDecimal(Int64(pointer.load(as: Int16.self)))
      case .int32: buffer.appendDecimal(Int64(pointer.load(as: Int32.self)))
      case .int64: buffer.appendDecimal(pointer.load(as: Int64.self))
      case .uint: buffer.appendDecimal(UInt64(pointer.load(as: UInt.self)), negative: false)
      case .uint8: buffer.appendDecimal(UInt64(pointer.load(as: UInt8.self)), negative: false)
      case .uint16: buffer.appendDecimal(UInt64(pointer.load(as: UInt16.self)), negative: false)
      case .uint32: buffer.appendDecimal(UInt64(pointer.load(as: UInt32.self)), negative: false)
      case .uint64: buffer.appendDecimal(pointer.load(as: UInt64.self), negative: false)
      case .bool, .double, .float, .string: buffer.append(text(at: pointer))
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

    /// An integer's `description`, written by `DecimalDigits`.
    private static func decimal(_ value: Int64) -> String {
      DecimalDigits.string(value.magnitude, negative: value < 0)
    }

    private static func decimal(_ magnitude: UInt64, negative: Bool) -> String {
      DecimalDigits.string(magnitude, negative: negative)
    }
  }

  private let fields: [Field]
  /// Where each field's bytes are, apart from the rest so that comparing them copies nothing and
  /// retains nothing.
  private let spans: UnsafeMutablePointer<(offset: Int, size: Int)>
  /// How many bytes the state takes.
  private let size: Int
  /// The start of each field's lines after the last prefix, so that a line is one
  /// concatenation.
  // Unchecked, which saves an exclusivity check per state change: its change log uses it from the
  // main actor only, and holds no access to it across a call out.
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
        fields.append(
          Field(
            label: label, offset: offset, size: size,
            leaf: isReference ? nil : Leaf(type), removed: "− \(label): ", added: "+ \(label): "))
        end = offset + size
      }
      return true
    }
    guard placed, end == MemoryLayout<State>.size, !fields.isEmpty,
      !fields.allSatisfy({ $0.label.hasPrefix("_") })
    else { return nil }
    self.fields = fields
    spans = .allocate(capacity: fields.count)
    for (index, field) in fields.enumerated() { (spans + index).initialize(to: (field.offset, field.size)) }
    size = end
  }

  deinit {
    spans.deallocate()
  }

  /// Passes `emit` the change log's lines for the fields that differ between `old` and `new`:
  /// for each, the changed lines of its outline, each after `prefix` and its marker (`−` for a
  /// line of the old value, `+` for one of the new), without the outline's indentation. Each line
  /// comes as its start and its end, so that it need not be made a string of its own.
  func changes<State>(
    old: UnsafePointer<State>, new: UnsafePointer<State>, prefix: String,
    _ emit: (String, LineEnd) -> Void
  ) {
    if leads?.prefix != prefix {
      leads = (prefix, fields.map { (prefix + $0.removed, prefix + $0.added) })
    }
    let leads = self.leads?.lines ?? []
    // The two states' fields as their mirrors give them, made only when a field that is not a
    // plain value changed.
    var children: (old: [Any], new: [Any])?
    var changed = ChangedFields(old, new, layout: self)
    while let index = changed.next() {
      // The field's parts read one by one: a copy of the whole would retain its strings.
      guard let leaf = fields[index].leaf else {
        guard let lines = outlineChanges(of: index, old: old, new: new, children: &children) else { return }
        for line in lines { emit(prefix, .text(line)) }
        continue
      }
      let before = UnsafeRawPointer(old) + spans[index].offset
      let after = UnsafeRawPointer(new) + spans[index].offset
      if leaf.differsWithItsBytes {
        emit(leads[index].removed, .value(leaf, before))
        emit(leads[index].added, .value(leaf, after))
        continue
      }
      let oldText = leaf.text(at: before)
      let newText = leaf.text(at: after)
      guard oldText != newText else { continue }
      emit(leads[index].removed, .text(oldText))
      emit(leads[index].added, .text(newText))
    }
  }

  /// Adds the change log's lines for the fields that differ between `old` and `new` to `buffer`,
  /// as ``changes(old:new:prefix:_:)`` passes them, at most `limit` of them: a plain value's
  /// lines as bytes, their starts taken from `starts`, other fields' lines through `other`.
  /// - Returns: How many lines were left out.
  func writeChanges<State>(
    old: UnsafePointer<State>, new: UnsafePointer<State>, starts: LineStarts, prefix: String,
    to buffer: StandardErrorBuffer, limit: Int, other: (String, LineEnd) -> Void
  ) -> Int {
    var lines = LineCount(limit: limit)
    var children: (old: [Any], new: [Any])?
    var changed = ChangedFields(old, new, layout: self)
    while let index = changed.next() {
      guard let leaf = fields[index].leaf else {
        guard let texts = outlineChanges(of: index, old: old, new: new, children: &children) else { break }
        for text in texts where lines.take() { other(prefix, .text(text)) }
        continue
      }
      let before = UnsafeRawPointer(old) + spans[index].offset
      let after = UnsafeRawPointer(new) + spans[index].offset
      if leaf.differsWithItsBytes {
        if lines.take() { Self.write(starts, index &* 2, leaf, at: before, to: buffer) }
        if lines.take() { Self.write(starts, index &* 2 &+ 1, leaf, at: after, to: buffer) }
        continue
      }
      let oldText = leaf.text(at: before)
      let newText = leaf.text(at: after)
      guard oldText != newText else { continue }
      if lines.take() { Self.write(starts, index &* 2, oldText, to: buffer) }
      if lines.take() { Self.write(starts, index &* 2 &+ 1, newText, to: buffer) }
    }
    return lines.leftOut
  }

  /// Counts lines against a limit.
  private struct LineCount {
    let limit: Int
    var written = 0
    var leftOut = 0

    /// Whether one more line may be written; counts it either way.
    @inline(__always)
    mutating func take() -> Bool {
      guard written < limit else {
        leftOut &+= 1
        return false
      }
      written &+= 1
      return true
    }
  }

  /// Adds a line: the start at `start`, the value at `pointer`, a line break.
  @inline(__always)
  private static func write(
    _ starts: LineStarts, _ start: Int, _ leaf: Leaf, at pointer: UnsafeRawPointer,
    to buffer: StandardErrorBuffer
  ) {
    starts.append(start, to: buffer)
    leaf.write(at: pointer, to: buffer)
    buffer.append(byte: UInt8(ascii: "\n"))
  }

  /// Adds a line: the start at `start`, `text`, a line break.
  private static func write(
    _ starts: LineStarts, _ start: Int, _ text: String, to buffer: StandardErrorBuffer
  ) {
    starts.append(start, to: buffer)
    buffer.append(text)
    buffer.append(byte: UInt8(ascii: "\n"))
  }

  /// The indices of the fields whose bytes differ between two states, in order.
  ///
  /// The states' bytes are compared eight at a time, and only the fields where they differ
  /// looked at: most changes touch a field or two. Plain data, so that going through it
  /// retains nothing.
  private struct ChangedFields {
    private let before: UnsafeRawPointer
    private let after: UnsafeRawPointer
    private let spans: UnsafeMutablePointer<(offset: Int, size: Int)>
    private let fieldCount: Int
    private let size: Int
    /// The end of the bytes compared so far.
    private var offset = 0
    /// The first field not looked at yet.
    private var field = 0
    /// Whether the last word compared differed, and its fields are being looked at.
    private var inWord = false

    init<State>(_ old: UnsafePointer<State>, _ new: UnsafePointer<State>, layout: StateLayout) {
      before = UnsafeRawPointer(old)
      after = UnsafeRawPointer(new)
      spans = layout.spans
      fieldCount = layout.fields.count
      size = layout.size
    }

    mutating func next() -> Int? {
      while true {
        if inWord {
          // Each field the differing word overlaps, not looked at yet.
          while field < fieldCount, spans[field].offset < offset {
            let index = field
            field &+= 1
            let span = spans[index]
            if !StateLayout.equalBytes(before + span.offset, after + span.offset, count: span.size) {
              return index
            }
          }
          inWord = false
        }
        guard offset < size, field < fieldCount else { return nil }
        // Equal whole words skipped in a loop of their own, the usual case.
        while offset &+ 8 <= size,
          before.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            == after.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        {
          offset &+= 8
        }
        guard offset < size else { return nil }
        let width = min(8, size - offset)
        let equal = width < 8 && StateLayout.equalBytes(before + offset, after + offset, count: width)
        offset += width
        guard !equal else { continue }
        while field < fieldCount, spans[field].offset + spans[field].size <= offset - width { field += 1 }
        inWord = true
      }
    }
  }

  /// The changed lines of the outlines of the field at `index`, a field that is not a plain
  /// value, read back through the states' mirrors (made once, in `children`), without the
  /// outline's indentation; `nil` if the mirrors do not hold the field.
  private func outlineChanges<State>(
    of index: Int, old: UnsafePointer<State>, new: UnsafePointer<State>,
    children: inout (old: [Any], new: [Any])?
  ) -> [String]? {
    if children == nil {
      children = (
        Mirror(reflecting: old.pointee).children.map(\.value),
        Mirror(reflecting: new.pointee).children.map(\.value)
      )
    }
    guard let children, index < children.old.count, index < children.new.count else { return nil }
    let label = fields[index].label
    let oldLines = StateDiff.outline(children.old[index], label: label, depth: 1)
    let newLines = StateDiff.outline(children.new[index], label: label, depth: 1)
    return StateDiff.changedLines(old: oldLines, new: newLines).map(ChangeLog.withoutIndentation)
  }

  /// The starts of the change log's lines of each field, `prefix` then the field's marker and
  /// label, as bytes: `2 * index` for the old value's line, `2 * index + 1` for the new one's.
  /// The caller deallocates them.
  func lineStarts(prefix: String) -> LineStarts {
    var lines: [String] = []
    for field in fields {
      lines.append(prefix + field.removed)
      lines.append(prefix + field.added)
    }
    return LineStarts(lines)
  }

  /// Lines' starts as bytes in one allocation, read without a retain.
  struct LineStarts {
    private let bytes: UnsafeMutablePointer<UInt8>
    /// Where each start is in `bytes`: its offset, then its count.
    private let spans: UnsafeMutablePointer<Int>

    init(_ lines: [String]) {
      let total = lines.reduce(0) { $0 + $1.utf8.count }
      bytes = .allocate(capacity: max(total, 1))
      spans = .allocate(capacity: max(lines.count * 2, 1))
      var offset = 0
      for (index, line) in lines.enumerated() {
        let utf8 = Array(line.utf8)
        (bytes + offset).initialize(from: utf8, count: utf8.count)
        spans[index * 2] = offset
        spans[index * 2 + 1] = utf8.count
        offset += utf8.count
      }
    }

    /// Adds the start at `index` to `buffer`.
    @inline(__always)
    func append(_ index: Int, to buffer: StandardErrorBuffer) {
      buffer.append(
        UnsafeBufferPointer(start: bytes + spans[index &* 2], count: spans[index &* 2 &+ 1]))
    }

    func deallocate() {
      bytes.deallocate()
      spans.deallocate()
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
