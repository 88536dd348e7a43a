import Foundation

@testable import randomuser

/// A console that reads the given lines and keeps what is written, for driving the command.
final class ScriptedConsole: @unchecked Sendable {
  // `@unchecked Sendable`: `lines`, `output` and `errors` are only touched with `lock` held.
  private let lock = NSLock()
  private var lines: ArraySlice<String>
  private var output = ""
  private var errors = ""

  init(lines: [String] = []) {
    self.lines = lines[...]
  }

  /// What was written to standard output and to standard error.
  var written: (output: String, errors: String) {
    lock.withLock { (output, errors) }
  }

  /// A console on this script, as piped input (not a terminal).
  var console: Console {
    Console(
      write: { text in self.lock.withLock { self.output += text } },
      writeError: { text in self.lock.withLock { self.errors += text } },
      readLine: { self.lock.withLock { self.lines.popFirst() } },
      outputFailure: { nil },
      isInputTerminal: false,
      isErrorTerminal: false)
  }

  /// Throws when anything written holds a character that drives a terminal (a control or format
  /// character other than a line break: an escape sequence, a bidi override). A `--json`
  /// document is left out when `includingJSON` is false: it escapes control characters itself.
  func checkNothingDrivesTheTerminal(includingJSON: Bool = true) throws(FuzzFailure) {
    let (output, errors) = written
    for (stream, text) in [("output", output), ("errors", errors)] {
      if stream == "output", !includingJSON, text.hasPrefix("{") { continue }
      try Self.checkNothingDrivesTheTerminal(in: text, named: "the \(stream)")
    }
  }

  /// Throws when `text`, which the command would print, holds a character that drives a
  /// terminal: C0 and C1 controls (ESC, the 8-bit CSI), DEL, format characters (the bidi
  /// embeddings, overrides and isolates U+202A–U+202E and U+2066–U+2069 among them) and the
  /// Unicode line and paragraph separators. A line feed is allowed: it ends a printed line.
  /// - Parameter what: What the text is, for the failure's message.
  static func checkNothingDrivesTheTerminal(in text: String, named what: String) throws(FuzzFailure) {
    if let scalar = text.unicodeScalars.first(where: drivesTheTerminal) {
      throw FuzzFailure(
        "\(what) holds U+\(String(scalar.value, radix: 16, uppercase: true)): \(text.debugDescription)")
    }
  }

  private static func drivesTheTerminal(_ scalar: Unicode.Scalar) -> Bool {
    guard scalar != "\n" else { return false }
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator: return true
    default: return false
    }
  }
}
