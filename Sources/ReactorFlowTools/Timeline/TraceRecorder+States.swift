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

extension TraceRecorder {
  /// What a step did to its reactor's state, in lines of the state's outline: the page rebuilds
  /// every state from a reactor's first one and these, so that the recorder keeps per step what
  /// changed, not a state whose size is the whole state's.
  enum StateChange {
    /// The first state kept for the reactor: the page starts from it.
    case first
    /// The lines the step replaced in the reactor's previous state, in order.
    case hunks([Hunk])
  }

  /// One run of replaced lines of an outline.
  struct Hunk: Equatable {
    /// Where the lines start, once the hunks before this one are applied.
    let at: Int
    /// The lines it removes.
    let removed: [String]
    /// The lines it puts in their place.
    let added: [String]
    /// The value whose outline these lines are, as a path from the state: `items[42]`, `total`.
    let path: String
  }

  /// A reactor's latest state and its outline: the only whole outline the recorder keeps of it.
  ///
  /// A new state is compared with the latest one byte for byte, field by field, descending only
  /// into what differs; the elements of an array are compared in their buffers, without a
  /// `Mirror` each. Only a changed part is outlined again, so that a step costs what it changed,
  /// plus a comparison of memory for an array that changed, whatever the size of the rest.
  ///
  /// Equal bytes are an unchanged value: for a value that is sound. An object held by reference
  /// that changed behind an unchanged reference keeps the outline it had when the reference last
  /// changed, as the value the page shows then.
  final class StateTrack {
    /// The latest state.
    private(set) var state: Any
    /// Its outline, as `StateDiff.outline` writes it without identities.
    private(set) var lines: [String]
    /// For each line, how many lines its value takes: itself and the deeper lines after it.
    private var extents: [Int]

    init(state: Any) {
      self.state = state
      lines = StateDiff.outline(state, identities: false)
      extents = Self.extents(of: lines)
    }

    /// Makes `new` the latest state and returns the hunks that turn the previous outline into
    /// its outline.
    func update(to new: Any) -> [Hunk] {
      var found: [(at: Int, count: Int, added: [String], path: String)] = []
      if !compare(state, new, label: nil, depth: 0, line: 0, path: "", into: &found) {
        // Too deep to outline a part on its own (an outline stops descending at a fixed depth):
        // the whole outline is written again and compared line by line.
        found = []
        diff(lines: 0..<lines.count, with: StateDiff.outline(new, identities: false), path: "", into: &found)
      }
      state = new
      var hunks: [Hunk] = []
      hunks.reserveCapacity(found.count)
      var shift = 0
      var keepsShape = true
      for change in found {
        let removed = Array(lines[change.at..<(change.at + change.count)])
        hunks.append(Hunk(at: change.at + shift, removed: removed, added: change.added, path: change.path))
        shift += change.added.count - change.count
        keepsShape =
          keepsShape && change.count == change.added.count
          && zip(removed, change.added).allSatisfy { Self.indentation($0) == Self.indentation($1) }
      }
      if keepsShape {
        for change in found {
          for (offset, line) in change.added.enumerated() { lines[change.at + offset] = line }
        }
      } else {
        var updated: [String] = []
        updated.reserveCapacity(lines.count + shift)
        var next = 0
        for change in found {
          updated += lines[next..<change.at]
          updated += change.added
          next = change.at + change.count
        }
        updated += lines[next...]
        lines = updated
        extents = Self.extents(of: lines)
      }
      return hunks
    }

    /// Finds what differs between `old`, whose outline starts at `line`, and `new`, as changes
    /// at lines of the old outline in order. Returns `false` when a part is too deep to outline
    /// on its own.
    private func compare(
      _ old: Any, _ new: Any, label: String?, depth: Int, line: Int, path: String,
      into found: inout [(at: Int, count: Int, added: [String], path: String)]
    ) -> Bool {
      if Self.sameBytes(old, new) { return true }
      let oldMirror = Mirror(reflecting: old)
      let newMirror = Mirror(reflecting: new)
      let style = newMirror.displayStyle
      if style == .optional, oldMirror.displayStyle == .optional,
        let oldValue = oldMirror.children.first?.value, let newValue = newMirror.children.first?.value
      {
        // An optional's outline is its value's.
        return compare(oldValue, newValue, label: label, depth: depth, line: line, path: path, into: &found)
      }
      // A value shown with its children, of the same type and the same shape, keeps its first
      // line: only the children that differ are compared further.
      if Self.isHeader(lines[line]), type(of: old) == type(of: new), oldMirror.displayStyle == style {
        switch style {
        case .struct, .tuple, .enum:
          let oldChildren = Array(oldMirror.children)
          let newChildren = Array(newMirror.children)
          guard !newChildren.isEmpty, oldChildren.count == newChildren.count,
            zip(oldChildren, newChildren).allSatisfy({ $0.label == $1.label })
          else { break }
          var child = line + 1
          for (oldChild, newChild) in zip(oldChildren, newChildren) {
            let childPath = Self.path(path, newChild.label)
            guard
              compare(
                oldChild.value, newChild.value, label: newChild.label, depth: depth + 1, line: child,
                path: childPath, into: &found)
            else { return false }
            child += extents[child]
          }
          return true
        case .collection:
          if let compared = compareElements(
            old, new, oldMirror, newMirror, label: label, depth: depth, line: line, path: path, into: &found)
          {
            return compared
          }
        default: break
        }
      }
      let newLines = Self.outline(new, label: label, depth: depth)
      guard newLines.allSatisfy({ Self.indentation($0) < 2 * Self.deepest }) else { return false }
      diff(lines: line..<(line + extents[line]), with: newLines, path: path, into: &found)
      return true
    }

    /// `compare` for two collections of the same type, or `nil` when they are outlined whole.
    /// `path` names the collection; its elements are `path[offset]`.
    private func compareElements(
      _ old: Any, _ new: Any, _ oldMirror: Mirror, _ newMirror: Mirror, label: String?, depth: Int,
      line: Int, path: String, into found: inout [(at: Int, count: Int, added: [String], path: String)]
    ) -> Bool? {
      let elements: Elements
      if let oldElements = contiguousElements(of: old), let newElements = contiguousElements(of: new) {
        elements = Elements(old: oldElements, new: newElements)
      } else {
        elements = Elements(old: oldMirror, new: newMirror)
      }
      let oldCount = elements.oldCount
      let newCount = elements.newCount
      // An empty collection is one line.
      guard oldCount > 0, newCount > 0 else { return nil }
      if oldCount == newCount {
        var child = line + 1
        var index = 0
        for changed in elements.differingOffsets() {
          while index < changed {
            child += extents[child]
            index += 1
          }
          guard
            compare(
              elements.old(changed), elements.new(changed), label: elements.label(changed), depth: depth + 1,
              line: child, path: "\(path)[\(changed)]", into: &found)
          else { return false }
        }
        return true
      }
      // A count that changed: the first line says so, and the elements between the common
      // start and the common end are outlined again.
      let header = lines[line]
      guard header.hasSuffix(Self.countSummary(oldCount)) else { return nil }
      let newHeader = header.dropLast(Self.countSummary(oldCount).count) + Self.countSummary(newCount)
      found.append((line, 1, [String(newHeader)], path))
      let (prefix, suffix) = elements.commonEnds()
      var start = line + 1
      for _ in 0..<prefix { start += extents[start] }
      var end = start
      for _ in prefix..<(oldCount - suffix) { end += extents[end] }
      var newLines: [String] = []
      for offset in prefix..<(newCount - suffix) {
        newLines += Self.outline(elements.new(offset), label: elements.label(offset), depth: depth + 1)
      }
      guard newLines.allSatisfy({ Self.indentation($0) < 2 * Self.deepest }) else { return false }
      diff(lines: start..<end, with: newLines, path: path, into: &found)
      return true
    }

    /// The changes that turn `lines[range]` into `new`: the lines between their common start and
    /// common end, line by line where that is small enough.
    private func diff(
      lines range: Range<Int>, with new: [String], path: String,
      into found: inout [(at: Int, count: Int, added: [String], path: String)]
    ) {
      var start = 0
      let old = lines[range]
      while start < old.count, start < new.count, old[range.lowerBound + start] == new[start] { start += 1 }
      var oldEnd = old.count
      var newEnd = new.count
      while oldEnd > start, newEnd > start, old[range.lowerBound + oldEnd - 1] == new[newEnd - 1] {
        oldEnd -= 1
        newEnd -= 1
      }
      guard oldEnd > start || newEnd > start else { return }
      let removed = Array(old[(range.lowerBound + start)..<(range.lowerBound + oldEnd)])
      let added = Array(new[start..<newEnd])
      // What is left is usually a few lines; past a bound, it is replaced as a whole.
      guard removed.count * added.count <= 250_000, !removed.isEmpty, !added.isEmpty else {
        found.append((range.lowerBound + start, removed.count, added, path))
        return
      }
      var at = range.lowerBound + start
      var run: (at: Int, count: Int, added: [String])?
      for edit in StateDiff.edits(removed, added) {
        switch edit {
        case .kept:
          if let done = run { found.append((done.at, done.count, done.added, path)) }
          run = nil
          at += 1
        case .removed:
          run = run.map { ($0.at, $0.count + 1, $0.added) } ?? (at, 1, [])
          at += 1
        case .added(let index):
          run = run.map { ($0.at, $0.count, $0.added + [added[index]]) } ?? (at, 0, [added[index]])
        }
      }
      if let done = run { found.append((done.at, done.count, done.added, path)) }
    }

    /// The depth from which an outline shows a value as one line (`StateDiff.outline`'s): a part
    /// outlined on its own must not reach it.
    private static let deepest = 40

    /// A value's outline as it is inside a larger one, under `label`, at `depth`.
    static func outline(_ value: Any, label: String?, depth: Int) -> [String] {
      var lines = StateDiff.outline(value, identities: false)
      guard depth > 0 || label != nil else { return lines }
      let indent = String(repeating: "  ", count: depth)
      for index in lines.indices {
        if index == 0, let label {
          // Every outline's first line is a marker (`- ` or `▿ `), then the value.
          let line = lines[0]
          lines[0] = "\(indent)\(line.prefix(2))\(label): \(line.dropFirst(2))"
        } else {
          lines[index] = indent + lines[index]
        }
      }
      return lines
    }

    /// `dump`'s summary of a collection of `count` elements, as an outline writes it.
    private static func countSummary(_ count: Int) -> String {
      "\(count) element\(count == 1 ? "" : "s")"
    }

    /// The path of a child: `total`, `detail.name`, `pair.0` (a tuple's labels start with a dot).
    private static func path(_ path: String, _ label: String?) -> String {
      guard let label else { return path }
      if path.isEmpty { return label.hasPrefix(".") ? String(label.dropFirst()) : label }
      return label.hasPrefix(".") ? path + label : path + "." + label
    }

    /// Whether a line shows a value with its children.
    private static func isHeader(_ line: String) -> Bool {
      line.utf8.drop { $0 == UInt8(ascii: " ") }.starts(with: "▿ ".utf8)
    }

    static func indentation(_ line: String) -> Int {
      var count = 0
      for byte in line.utf8 {
        guard byte == UInt8(ascii: " ") else { break }
        count += 1
      }
      return count
    }

    /// Each line's extent: itself and the deeper lines that follow it.
    static func extents(of lines: [String]) -> [Int] {
      var extents = [Int](repeating: 1, count: lines.count)
      var open: [(line: Int, indentation: Int)] = []
      for (index, line) in lines.enumerated() {
        let indentation = indentation(line)
        while let last = open.last, last.indentation >= indentation {
          extents[last.line] = index - last.line
          open.removeLast()
        }
        open.append((index, indentation))
      }
      for last in open { extents[last.line] = lines.count - last.line }
      return extents
    }

    /// Whether two values are of one type and have the same bytes.
    static func sameBytes(_ old: Any, _ new: Any) -> Bool {
      guard ObjectIdentifier(type(of: old)) == ObjectIdentifier(type(of: new)) else { return false }
      func compare<Value>(_ old: Value) -> Bool {
        guard let new = new as? Value else { return false }
        return withUnsafeBytes(of: old) { old in
          withUnsafeBytes(of: new) { new in
            guard old.count == new.count, let oldBase = old.baseAddress, let newBase = new.baseAddress else {
              return old.count == new.count
            }
            return memcmp(oldBase, newBase, old.count) == 0
          }
        }
      }
      return _openExistential(old, do: compare)
    }
  }

  /// The elements of two collections of one type: through their buffers when they have one,
  /// through their mirrors otherwise.
  private struct Elements {
    private let contiguous: (old: any ContiguousElements, new: any ContiguousElements)?
    private let children: (old: [Mirror.Child], new: [Mirror.Child])

    init(old: any ContiguousElements, new: any ContiguousElements) {
      contiguous = (old, new)
      children = ([], [])
    }

    init(old: Mirror, new: Mirror) {
      contiguous = nil
      children = (Array(old.children), Array(new.children))
    }

    var oldCount: Int { contiguous?.old.elementCount ?? children.old.count }
    var newCount: Int { contiguous?.new.elementCount ?? children.new.count }

    func old(_ offset: Int) -> Any { contiguous?.old.element(at: offset) ?? children.old[offset].value }
    func new(_ offset: Int) -> Any { contiguous?.new.element(at: offset) ?? children.new[offset].value }
    func label(_ offset: Int) -> String? { contiguous == nil ? children.new[offset].label : nil }

    /// The offsets of the elements that differ, of two collections of one count.
    func differingOffsets() -> [Int] {
      guard let (old, new) = contiguous else {
        return children.old.indices.filter {
          children.old[$0].label != children.new[$0].label
            || !StateTrack.sameBytes(children.old[$0].value, children.new[$0].value)
        }
      }
      return old.withElementBytes { oldBytes, stride in
        new.withElementBytes { newBytes, _ in
          ValueChanges.changedElements(old: oldBytes, new: newBytes, size: stride, stride: stride)
        }
      }
    }

    /// How many elements the two collections share at their start, and then at their end.
    func commonEnds() -> (prefix: Int, suffix: Int) {
      let (oldCount, newCount) = (self.oldCount, self.newCount)
      func count(_ same: (Int, Int) -> Bool) -> (prefix: Int, suffix: Int) {
        let shorter = min(oldCount, newCount)
        var prefix = 0
        while prefix < shorter, same(prefix, prefix) { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix, same(oldCount - 1 - suffix, newCount - 1 - suffix) { suffix += 1 }
        return (prefix, suffix)
      }
      guard let (old, new) = contiguous else {
        return count { old, new in
          children.old[old].label == children.new[new].label
            && StateTrack.sameBytes(children.old[old].value, children.new[new].value)
        }
      }
      return old.withElementBytes { oldBytes, stride in
        new.withElementBytes { newBytes, _ in
          guard stride > 0 else { return count { _, _ in true } }
          guard let oldBase = oldBytes.baseAddress, let newBase = newBytes.baseAddress else {
            return count { _, _ in false }
          }
          return count { old, new in memcmp(oldBase + old * stride, newBase + new * stride, stride) == 0 }
        }
      }
    }
  }
}

/// The elements of an array (`Array`, `ContiguousArray`, `ArraySlice`): they lie in one buffer,
/// in the order its mirror lists them, without labels, so that two arrays are compared element
/// by element in memory.
private protocol ContiguousElements {
  /// The number of elements.
  var elementCount: Int { get }
  /// The element at `offset` from the first.
  func element(at offset: Int) -> Any
  /// Passes `body` the elements' bytes and the distance between two elements.
  func withElementBytes<Result>(_ body: (UnsafeRawBufferPointer, Int) -> Result) -> Result
}

/// An array, as ``ContiguousElements``.
private struct ArrayElements<Elements: RandomAccessCollection>: ContiguousElements {
  let array: Elements

  var elementCount: Int { array.count }
  func element(at offset: Int) -> Any { array[array.index(array.startIndex, offsetBy: offset)] }
  func withElementBytes<Result>(_ body: (UnsafeRawBufferPointer, Int) -> Result) -> Result {
    let stride = MemoryLayout<Elements.Element>.stride
    // An array always has its storage: the empty buffer is never used.
    return array.withContiguousStorageIfAvailable { body(UnsafeRawBufferPointer($0), stride) }
      ?? body(UnsafeRawBufferPointer(start: nil, count: 0), stride)
  }
}

/// The elements of `value` when it is an array.
private func contiguousElements(of value: Any) -> (any ContiguousElements)? {
  guard let collection = value as? any RandomAccessCollection else { return nil }
  func wrap<Elements: RandomAccessCollection>(_ collection: Elements) -> (any ContiguousElements)? {
    // Only these three are known to list their elements as their mirrors do.
    let type = Elements.self
    guard
      type == [Elements.Element].self || type == ContiguousArray<Elements.Element>.self
        || type == ArraySlice<Elements.Element>.self
    else { return nil }
    return ArrayElements(array: collection)
  }
  return wrap(collection)
}
