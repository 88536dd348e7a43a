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
}
