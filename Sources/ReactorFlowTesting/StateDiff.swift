/// A line diff of two values' `dump` output, for failure messages.
enum StateDiff {
  /// The lines of `dump(expected)` and `dump(actual)`, with `−` before lines only in the
  /// expected value, `+` before lines only in the actual one, and two spaces before the rest.
  static func lines<Value>(expected: Value, actual: Value) -> String {
    let old = dumped(expected)
    let new = dumped(actual)
    return diff(old, new).joined(separator: "\n")
  }

  private static func dumped<Value>(_ value: Value) -> [String] {
    var text = ""
    dump(value, to: &text)
    return text.split(separator: "\n").map(String.init)
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
    var output: [String] = []
    var i = 0
    var j = 0
    while i < old.count || j < new.count {
      if i < old.count, j < new.count, old[i] == new[j] {
        output.append("  \(old[i])")
        i += 1
        j += 1
      } else if j == new.count || (i < old.count && common[i + 1][j] >= common[i][j + 1]) {
        output.append("− \(old[i])")
        i += 1
      } else {
        output.append("+ \(new[j])")
        j += 1
      }
    }
    return output
  }
}
