/// A line diff of two values' `dump`-like outlines: the tester's failure messages and the change
/// log (``Reactor/logChanges(to:)``) both show states through it.
package enum StateDiff {
  /// The outlines of `expected` and `actual`, with `−` before lines only in the expected value,
  /// `+` before lines only in the actual one, and two spaces before the rest.
  package static func lines<Value>(expected: Value, actual: Value) -> String {
    let old = outline(expected)
    let new = outline(actual)
    return diff(old, new).joined(separator: "\n")
  }

  /// Only the lines that differ between the outlines of `old` and `new`: `−` before a line of
  /// the old value, `+` before a line of the new one. Empty when the outlines are the same.
  package static func changes<Value>(old: Value, new: Value) -> [String] {
    diff(outline(old), outline(new)).filter { !$0.hasPrefix("  ") }
  }

  /// The value's outline in `dump`'s shape, except that a reactor held in the state is one line
  /// with its type and identity: its runtime's internals say nothing about the state under test.
  ///
  /// Without `identities`, a reactor is its type alone, so that the outlines of two runs compare
  /// equal (a recording's states).
  package static func outline(_ value: Any, identities: Bool = true) -> [String] {
    var lines: [String] = []
    var visited: Set<ObjectIdentifier> = []
    write(value, label: nil, depth: 0, identities: identities, visited: &visited, into: &lines)
    return lines
  }

  /// The line diff of two outlines, as ``lines(expected:actual:)`` writes it.
  package static func lines(expected: [String], actual: [String]) -> String {
    diff(expected, actual).joined(separator: "\n")
  }

  private static func write(
    _ value: Any, label: String?, depth: Int, identities: Bool, visited: inout Set<ObjectIdentifier>,
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
        wrapped, label: label, depth: depth, identities: identities, visited: &visited, into: &lines)
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
      guard visited.insert(ObjectIdentifier(object)).inserted else {
        lines.append("\(indent)- \(name)\(type(of: value)) (already shown)")
        return
      }
    }
    defer {
      if mirror.displayStyle == .class { visited.remove(ObjectIdentifier(value as AnyObject)) }
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
    for child in mirror.children {
      write(
        child.value, label: child.label, depth: depth + 1, identities: identities, visited: &visited,
        into: &lines)
    }
  }

  /// A longest-common-subsequence diff; states are small, so O(n·m) is fine.
  private static func diff(_ old: [String], _ new: [String]) -> [String] {
    var common = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
      for j in stride(from: new.count - 1, through: 0, by: -1) {
        common[i][j] =
          old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
      }
    }
    var lines: [String] = []
    var i = 0
    var j = 0
    while i < old.count || j < new.count {
      if i < old.count, j < new.count, old[i] == new[j] {
        lines.append("  \(old[i])")
        i += 1
        j += 1
      } else if j == new.count || (i < old.count && common[i + 1][j] >= common[i][j + 1]) {
        lines.append("− \(old[i])")
        i += 1
      } else {
        lines.append("+ \(new[j])")
        j += 1
      }
    }
    return lines
  }
}
