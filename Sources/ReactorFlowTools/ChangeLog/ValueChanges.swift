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

/// The change log's lines for a value that changed, found through its mirror: a field of a state
/// that is not plain data, or a state without a ``StateLayout``.
///
/// A struct shows its changed fields by their path (`point.y`), an array of an unchanged count its
/// changed elements by their index (`items[42]`), a few of them, and any other value the changed
/// lines of its outline. A collection of more than ``maximumOutlinedElements`` elements is never
/// outlined: a state may hold a hundred thousand of them, and a mutation's lines stay a few.
enum ValueChanges {
  /// The most elements of a collection whose outline is diffed; a larger one shows its count.
  static let maximumOutlinedElements = 100
  /// The most changed elements of an array shown; the rest are counted.
  static let maximumChangedElements = 5

  /// The lines that show how `new` differs from `old`, without indentation: a value of one line
  /// before and after as one line, `  items[42]: 3 → 4`, any other as its changed lines, each a
  /// marker (`−` for the old value, `+` for the new one) and a text, `− items[42]: 3`.
  /// - Parameter label: The value's path in the state, `nil` for the state itself.
  static func lines(old: Any, new: Any, label: String?) -> [String] {
    let (old, oldMirror) = unwrapped(old)
    let (new, newMirror) = unwrapped(new)
    if type(of: old) == type(of: new), isPlainStruct(old, mirror: oldMirror) {
      return zip(oldMirror.children, newMirror.children).flatMap { oldField, newField in
        let name = oldField.label ?? ""
        return lines(old: oldField.value, new: newField.value, label: label.map { "\($0).\(name)" } ?? name)
      }
    }
    if oldMirror.displayStyle == .collection, let newList = new as? any RandomAccessCollection,
      let lines = elementLines(old: old, new: newList, label: label)
    {
      return lines
    }
    if isLarge(oldMirror) || isLarge(newMirror) {
      return joined([
        line("−", label, summary(of: old, oldMirror)), line("+", label, summary(of: new, newMirror)),
      ])
    }
    let changes =
      if let label {
        StateDiff.changedLines(
          old: StateDiff.outline(old, label: label, depth: 1),
          new: StateDiff.outline(new, label: label, depth: 1))
      } else {
        StateDiff.changes(old: old, new: new)
      }
    return joined(changes.map(withoutIndentation))
  }

  /// `lines`, or when they are one old line and one new one of the same label, the one line
  /// `  label: old → new`.
  private static func joined(_ lines: [String]) -> [String] {
    guard lines.count == 2, lines[0].hasPrefix("− "), lines[1].hasPrefix("+ "),
      let oldEnd = lines[0].firstRange(of: ": "), let newEnd = lines[1].firstRange(of: ": ")
    else { return lines }
    let label = lines[0][..<oldEnd.lowerBound].dropFirst(2)
    guard label == lines[1][..<newEnd.lowerBound].dropFirst(2) else { return lines }
    return ["  \(label): \(lines[0][oldEnd.upperBound...]) → \(lines[1][newEnd.upperBound...])"]
  }

  /// Whether `value`'s outline is the list of its stored fields' outlines: a struct of its own
  /// fields, neither with a custom mirror nor one of Foundation's, nor shown as its description
  /// (all its fields private storage, `_`-prefixed).
  static func isPlainStruct(_ value: Any, mirror: Mirror) -> Bool {
    guard mirror.displayStyle == .struct, !(value is any CustomReflectable), !mirror.children.isEmpty,
      !mirror.children.allSatisfy({ $0.label?.hasPrefix("_") ?? true })
    else { return false }
    return !String(reflecting: type(of: value)).hasPrefix("Foundation")
  }

  /// The lines of the changed elements of two arrays of one type and count, by their index, at
  /// most ``maximumChangedElements`` of them, then how many more changed; `nil` when `old` is not
  /// one of them or their elements are not stored contiguously. Equal bytes are an equal
  /// element; an element whose bytes differ is compared by its outline.
  private static func elementLines<List: RandomAccessCollection>(old: Any, new: List, label: String?)
    -> [String]?
  {
    guard let old = old as? List, old.count == new.count,
      let changed = new.withContiguousStorageIfAvailable({ new in
        old.withContiguousStorageIfAvailable { old in
          changedElements(
            old: UnsafeRawBufferPointer(old), new: UnsafeRawBufferPointer(new),
            size: MemoryLayout<List.Element>.size, stride: MemoryLayout<List.Element>.stride)
        }
      }) ?? nil
    else { return nil }
    var lines: [String] = []
    var shown = 0
    for (position, offset) in changed.enumerated() {
      guard shown < maximumChangedElements else {
        lines.append("… and \(changed.count - position) more changed elements in \(label ?? "the state")")
        break
      }
      let element = Self.lines(
        old: old[old.index(old.startIndex, offsetBy: offset)],
        new: new[new.index(new.startIndex, offsetBy: offset)],
        label: "\(label ?? "")[\(offset)]")
      lines += element
      if !element.isEmpty { shown += 1 }
    }
    return lines
  }

  /// The positions of the elements whose bytes differ between `old` and `new`, the bytes of two
  /// arrays of one count, whose elements take `size` bytes each, `stride` apart.
  static func changedElements(
    old: UnsafeRawBufferPointer, new: UnsafeRawBufferPointer, size: Int, stride: Int
  ) -> [Int] {
    guard let oldBase = old.baseAddress, let newBase = new.baseAddress, oldBase != newBase, size > 0
    else { return [] }
    let count = min(old.count, new.count) / stride
    var changed: [Int] = []
    // By blocks of elements: only a block whose bytes differ is compared element by element.
    var start = 0
    while start < count {
      let end = min(start + 256, count)
      if memcmp(oldBase + start * stride, newBase + start * stride, (end - start) * stride) != 0 {
        for index in start..<end where memcmp(oldBase + index * stride, newBase + index * stride, size) != 0 {
          changed.append(index)
        }
      }
      start = end
    }
    return changed
  }

  /// A diff line of an outline as the log writes it: its marker and its content, without the
  /// outline's indentation (`"−     - count: 0"` is `"− count: 0"`).
  static func withoutIndentation(_ line: String) -> String {
    let marker = line.prefix(1)
    var rest = line.dropFirst().drop { $0 == " " }
    if rest.hasPrefix("- ") || rest.hasPrefix("▿ ") { rest = rest.dropFirst(2) }
    return "\(marker) \(rest)"
  }

  /// The value an optional holds, or the value itself, with its mirror.
  private static func unwrapped(_ value: Any) -> (Any, Mirror) {
    var value = value
    var mirror = Mirror(reflecting: value)
    while mirror.displayStyle == .optional, let wrapped = mirror.children.first?.value {
      value = wrapped
      mirror = Mirror(reflecting: wrapped)
    }
    return (value, mirror)
  }

  private static func isLarge(_ mirror: Mirror) -> Bool {
    switch mirror.displayStyle {
    case .collection, .set, .dictionary: mirror.children.count > maximumOutlinedElements
    default: false
    }
  }

  /// A value in one line: a collection's count, `nil`, or a short description.
  private static func summary(of value: Any, _ mirror: Mirror) -> String {
    switch mirror.displayStyle {
    case .collection, .set, .dictionary:
      let count = mirror.children.count
      return "\(count) element\(count == 1 ? "" : "s")"
    case .optional: return "nil"
    default: return shortDescription(of: value, limit: ChangeLog.maximumValueLength)
    }
  }

  private static func line(_ marker: String, _ label: String?, _ text: String) -> String {
    label.map { "\(marker) \($0): \(text)" } ?? "\(marker) \(text)"
  }
}
