import ReactorFlow

/// A line diff of two values' outlines: the tester's failure messages, the change log
/// (`Reactor.logChanges(to:)`) and a replay's divergences all show states through it.
///
/// An outline has `dump`'s shape, made stable: it shows what a value holds, never how a type
/// stores it, so that two processes, two platforms or two toolchains render equal values alike.
package enum StateDiff {
  /// The outlines of `expected` and `actual`, with `−` before lines only in the expected value,
  /// `+` before lines only in the actual one, and two spaces before the rest.
  package static func lines<Value>(expected: Value, actual: Value) -> String {
    lines(expected: outline(expected), actual: outline(actual))
  }

  /// Only the lines that differ between the outlines of `old` and `new`: `−` before a line of
  /// the old value, `+` before a line of the new one. Empty when the outlines are the same.
  package static func changes<Value>(old: Value, new: Value) -> [String] {
    changedLines(old: outline(old), new: outline(new))
  }

  /// The value's stable outline: one line per value, indented by depth, in `dump`'s shape.
  ///
  /// - A type's own rendering wins: a `CustomReflectable` type shows the children its mirror
  ///   names, and a value with no children is one line, its `String(reflecting:)`.
  /// - Private storage never shows: a URL is its string, a date its ISO 8601 form (UTC), a UUID
  ///   and a decimal their descriptions, data its size and a checksum, and any other value whose
  ///   stored properties all start with `_` its `description`.
  /// - A set's and a dictionary's elements are sorted by their outlines, so that the per-process
  ///   hash seed does not order them.
  /// - A reactor held in the state is one line with its type and, with `identities`, its
  ///   address: its runtime's internals say nothing about the state. Without `identities` it is
  ///   its type alone, so that the outlines of two runs compare equal (a recording's states).
  package static func outline(_ value: Any, identities: Bool = true) -> [String] {
    var lines: [String] = []
    var walk = Walk()
    write(value, label: nil, depth: 0, identities: identities, walk: &walk, into: &lines)
    return lines
  }

  /// The outline of one field of a value, as the value's outline shows it at `depth`.
  package static func outline(_ value: Any, label: String, depth: Int) -> [String] {
    var lines: [String] = []
    var walk = Walk()
    write(value, label: label, depth: depth, identities: true, walk: &walk, into: &lines)
    return lines
  }

  /// Only the lines that differ between two outlines, as ``changes(old:new:)`` writes them.
  package static func changedLines(old: [String], new: [String]) -> [String] {
    diff(old, new).filter { !$0.hasPrefix("  ") }
  }

  /// The line diff of two outlines, as ``lines(expected:actual:)`` writes it. A long run of
  /// unchanged lines (the rest of a large collection) is cut to its ends and the lines that lead
  /// to the next change, with how many were left out.
  package static func lines(expected: [String], actual: [String]) -> String {
    let lines = diff(expected, actual)
    var shown: [String] = []
    var runStart = 0
    for index in 0...lines.count {
      guard index == lines.count || !lines[index].hasPrefix("  ") else { continue }
      shown += shortened(lines[runStart..<index], before: index < lines.count ? lines[index] : nil)
      if index < lines.count { shown.append(lines[index]) }
      runStart = index + 1
    }
    return shown.joined(separator: "\n")
  }

  /// A run of unchanged diff lines, as a reader needs it: whole when short; otherwise its first
  /// and last lines of context and, between them, only the lines that lead to `next` (its
  /// parents).
  private static func shortened(_ run: ArraySlice<String>, before next: String?) -> [String] {
    let context = 3
    guard run.count > 2 * context + 1 else { return Array(run) }
    let head = run.prefix(context)
    let tail = run.suffix(context)
    var parents: [String] = []
    var depthBelow = (next ?? tail.first).map(depth(of:)) ?? 0
    for line in run.dropFirst(context).dropLast(context).reversed() where depth(of: line) < depthBelow {
      parents.append(line)
      depthBelow = depth(of: line)
    }
    var shown = Array(head)
    var leftOut = run.count - 2 * context
    var middle: [String] = []
    for line in parents.reversed() {
      middle.append(line)
      leftOut -= 1
    }
    shown.append("  … \(leftOut) unchanged line\(leftOut == 1 ? "" : "s")")
    shown += middle
    return shown + tail
  }

  /// The changed lines of two outlines, each under the lines that lead to it (its parents, and
  /// the first field of an unlabelled element, which names it), at most `limit` lines, then how
  /// many changed lines were left out.
  package static func changedFields(expected: [String], actual: [String], limit: Int = 20) -> String {
    let lines = diff(expected, actual)
    var shown: [String] = []
    // The unchanged lines that lead to the current line: (depth, index in `lines`, shown).
    var path: [(depth: Int, index: Int, shown: Bool)] = []
    var leftOut = 0
    for (index, line) in lines.enumerated() {
      let depth = self.depth(of: line)
      guard line.hasPrefix("  ") == false else {
        while let last = path.last, last.depth >= depth { path.removeLast() }
        path.append((depth, index, false))
        continue
      }
      guard shown.count < limit else {
        leftOut += 1
        continue
      }
      for position in path.indices where !path[position].shown && path[position].depth < depth {
        path[position].shown = true
        let parent = path[position].index
        shown.append(lines[parent])
        // An element of a collection has no label: its first field, when unchanged, says which
        // one it is.
        let next = parent + 1
        let nextIsOnPath =
          position + 1 < path.count && path[position + 1].index == next && path[position + 1].depth < depth
        if isUnlabelledHeader(lines[parent]), next < index, lines[next].hasPrefix("  "), !nextIsOnPath {
          shown.append(lines[next])
        }
      }
      shown.append(line)
    }
    if shown.count > limit {
      leftOut += shown[limit...].filter { !$0.hasPrefix("  ") }.count
      shown.removeLast(shown.count - limit)
    }
    if leftOut > 0 { shown.append("  … \(leftOut) more changed line\(leftOut == 1 ? "" : "s")") }
    return shown.joined(separator: "\n")
  }

  /// The depth of a diff line: its outline's indentation, after the two-character marker.
  private static func depth(of line: String) -> Int {
    line.dropFirst(2).prefix { $0 == " " }.count / 2
  }

  /// Whether a diff line is the header of a value without a label (`▿ Module.Type`).
  private static func isUnlabelledHeader(_ line: String) -> Bool {
    let content = line.dropFirst(2).drop { $0 == " " }
    return content.hasPrefix("▿ ") && !content.contains(": ")
  }

  private static func write(
    _ value: Any, label: String?, depth: Int, identities: Bool, walk: inout Walk,
    into lines: inout [String]
  ) {
    let indent = String(repeating: "  ", count: depth)
    let name = label.map { "\($0): " } ?? ""
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
      guard let wrapped = mirror.children.first?.value else {
        lines.append("\(indent)- \(name)nil")
        return
      }
      write(
        wrapped, label: label, depth: depth, identities: identities, walk: &walk, into: &lines)
      return
    }
    if let text = plainText(of: value, mirror: mirror, walk: &walk) {
      lines.append("\(indent)- \(name)\(text)")
      return
    }
    if mirror.displayStyle == .class {
      let object = value as AnyObject
      if value is any Reactor {
        let address = Unmanaged.passUnretained(object).toOpaque()
        lines.append("\(indent)- \(name)\(type(of: value))\(identities ? " at \(address)" : "")")
        return
      }
      // Only an object that contains itself is cut short: one shared by two fields is shown in
      // both, so that the outline does not depend on which values share storage.
      guard walk.visited.insert(ObjectIdentifier(object)).inserted else {
        lines.append("\(indent)- \(name)\(type(of: value)) (already shown)")
        return
      }
    }
    defer {
      if mirror.displayStyle == .class { walk.visited.remove(ObjectIdentifier(value as AnyObject)) }
    }
    guard !mirror.children.isEmpty, depth < 40 else {
      lines.append("\(indent)- \(name)\(String(reflecting: value))")
      return
    }
    // The header `dump` writes: the type, the enum case, or the element count.
    let count = mirror.children.count
    let summary =
      switch mirror.displayStyle {
      case .collection, .set, .dictionary: "\(count) element\(count == 1 ? "" : "s")"
      case .tuple: "(\(count) element\(count == 1 ? "" : "s"))"
      case .enum: "\(String(reflecting: type(of: value))).\(mirror.children.first?.label ?? "")"
      default: String(reflecting: type(of: value))
      }
    lines.append("\(indent)▿ \(name)\(summary)")
    guard mirror.displayStyle == .set || mirror.displayStyle == .dictionary else {
      for child in mirror.children {
        write(
          child.value, label: child.label, depth: depth + 1, identities: identities,
          walk: &walk, into: &lines)
      }
      return
    }
    var elements: [[String]] = []
    for child in mirror.children {
      var element: [String] = []
      write(
        child.value, label: child.label, depth: depth + 1, identities: identities, walk: &walk,
        into: &element)
      elements.append(element)
    }
    elements.sort { $0.lexicographicallyPrecedes($1) }
    lines.append(contentsOf: elements.joined())
  }

  /// The one line a value is shown as when its stored properties are private storage, or `nil`
  /// when its children show it.
  private static func plainText(of value: Any, mirror: Mirror, walk: inout Walk) -> String? {
    guard mirror.displayStyle == .struct || mirror.displayStyle == .class else { return nil }
    // Foundation's types live in `Foundation` on Apple platforms and in `FoundationEssentials`
    // elsewhere, with different storage: each is named by its type's own name, looked up once
    // per type and outline (a type's name is demangled, which is slow).
    let type = ObjectIdentifier(Swift.type(of: value))
    let foundationName: Substring?
    if let known = walk.foundationNames[type] {
      foundationName = known
    } else {
      let typeName = String(reflecting: Swift.type(of: value))
      foundationName = typeName.hasPrefix("Foundation") ? typeName.split(separator: ".").last : nil
      walk.foundationNames[type] = .some(foundationName)
    }
    if let foundationName {
      switch foundationName {
      case "URL", "UUID", "Decimal": return String(describing: value)
      case "Date":
        // Its one `Double`: the seconds since 2001, whatever the platform calls it.
        let seconds = mirror.children.lazy.compactMap { $0.value as? Double }.first
        return seconds.map(iso8601) ?? String(describing: value)
      case "Data":
        let bytes = mirror.children.first { $0.label == "bytes" }?.value as? [UInt8]
        return bytes.map(summary) ?? String(describing: value)
      default: break
      }
    }
    guard !(value is any CustomReflectable), !mirror.children.isEmpty,
      mirror.children.allSatisfy({ $0.label?.hasPrefix("_") ?? false })
    else { return nil }
    return String(describing: value)
  }

  /// What an outline keeps while it walks a value.
  private struct Walk {
    /// The objects being shown, to cut a cycle short.
    var visited: Set<ObjectIdentifier> = []
    /// For each type met, its name when it is one of Foundation's, `nil` otherwise.
    var foundationNames: [ObjectIdentifier: Substring?] = [:]
  }

  /// A `Date`'s seconds since its reference date in ISO 8601, with milliseconds when it has a
  /// fraction.
  private static func iso8601(_ secondsSince2001: Double) -> String {
    guard secondsSince2001.isFinite, abs(secondsSince2001) < 1e13 else { return "\(secondsSince2001)" }
    let milliseconds = Int64((secondsSince2001 * 1000).rounded()) + 978_307_200_000
    let (days, inDay) = floorDivision(milliseconds, 86_400_000)
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    func padded(_ value: Int64, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    var text = "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))T"
    text += "\(padded(inDay / 3_600_000, 2)):\(padded(inDay / 60_000 % 60, 2)):"
    text += padded(inDay / 1000 % 60, 2)
    if inDay % 1000 != 0 { text += ".\(padded(inDay % 1000, 3))" }
    return text + "Z"
  }

  private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
    let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
    return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
  }

  /// Bytes as their count and an FNV-1a checksum: equal data shows alike, without its bytes.
  private static func summary(_ bytes: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let hex = String(hash, radix: 16)
    return "\(bytes.count) bytes, FNV-1a \(String(repeating: "0", count: 16 - hex.count))\(hex)"
  }

  /// The outline diff shown to a reader: kept lines indented, removed ones `−`, added ones `+`.
  private static func diff(_ old: [String], _ new: [String]) -> [String] {
    edits(old, new).map { edit in
      switch edit {
      case .kept(let index, _): "  \(old[index])"
      case .removed(let index): "− \(old[index])"
      case .added(let index): "+ \(new[index])"
      }
    }
  }

  /// One line of a line diff, by its index in the old lines, the new lines, or both.
  package enum Edit: Equatable, Sendable {
    /// In both: the old line at the first index is the new line at the second.
    case kept(Int, Int)
    /// Only in the old lines.
    case removed(Int)
    /// Only in the new lines.
    case added(Int)
  }

  /// A longest-common-subsequence diff, in the order a diff shows it (a removed line before the
  /// line added in its place). Of large outlines, the common first and last lines are kept
  /// without the O(n·m) table, so that one changed field of a state of 100,000 lines is cheap; a
  /// middle too large for the table is shown as all removed, then all added.
  package static func edits<Line: Equatable>(_ old: [Line], _ new: [Line]) -> [Edit] {
    // Small outlines keep the table's choice among equally long diffs, which messages show.
    guard
      old.count.multipliedReportingOverflow(by: new.count).partialValue > 1_000_000
        || old.count > 1_000_000 || new.count > 1_000_000
    else { return middleEdits(old, new) }
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
    {
      suffix += 1
    }
    var edits: [Edit] = (0..<prefix).map { .kept($0, $0) }
    let oldMiddle = prefix..<(old.count - suffix)
    let newMiddle = prefix..<(new.count - suffix)
    if oldMiddle.count.multipliedReportingOverflow(by: newMiddle.count).partialValue > 4_000_000
      || oldMiddle.count > 4_000_000 || newMiddle.count > 4_000_000
    {
      edits += oldMiddle.map { .removed($0) } + newMiddle.map { .added($0) }
    } else {
      edits += middleEdits(Array(old[oldMiddle]), Array(new[newMiddle])).map { edit in
        switch edit {
        case .kept(let i, let j): .kept(i + prefix, j + prefix)
        case .removed(let i): .removed(i + prefix)
        case .added(let j): .added(j + prefix)
        }
      }
    }
    edits += (0..<suffix).map { .kept(old.count - suffix + $0, new.count - suffix + $0) }
    return edits
  }

  /// The longest-common-subsequence diff of two line arrays, with its O(n·m) table.
  private static func middleEdits<Line: Equatable>(_ old: [Line], _ new: [Line]) -> [Edit] {
    var common = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
      for j in stride(from: new.count - 1, through: 0, by: -1) {
        common[i][j] =
          old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
      }
    }
    var edits: [Edit] = []
    var i = 0
    var j = 0
    while i < old.count || j < new.count {
      if i < old.count, j < new.count, old[i] == new[j] {
        edits.append(.kept(i, j))
        i += 1
        j += 1
      } else if j == new.count || (i < old.count && common[i + 1][j] >= common[i][j + 1]) {
        edits.append(.removed(i))
        i += 1
      } else {
        edits.append(.added(j))
        j += 1
      }
    }
    return edits
  }
}
