import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the command reads lines and writes text: the real terminal, or a script in tests.
struct Console: Sendable {
  /// Writes to standard output.
  var write: @Sendable (String) -> Void
  /// Writes to standard error.
  var writeError: @Sendable (String) -> Void
  /// Reads one line of input without its newline; `nil` at the end of input.
  var readLine: @Sendable () -> String?
  /// Whether standard input is a terminal (otherwise commands are echoed, so a piped
  /// transcript reads like a typed one).
  var isInputTerminal: Bool
  /// Whether standard error is a terminal (otherwise progress is one plain line, not an animation).
  var isErrorTerminal: Bool

  /// The process's standard streams. Writes go straight to the file descriptors, unbuffered,
  /// so a prompt shows before the command blocks on input and nothing is lost at `exit`.
  static let standard = Console(
    write: { writeAll($0, to: 1) },
    writeError: { writeAll($0, to: 2) },
    readLine: { Swift.readLine(strippingNewline: true) },
    isInputTerminal: isatty(0) == 1,
    isErrorTerminal: isatty(2) == 1
  )

  private static func writeAll(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return }
      var offset = 0
      while offset < bytes.count {
        let written = Foundation.write(descriptor, base + offset, bytes.count - offset)
        if written < 0, errno == EINTR { continue }
        // A closed pipe or a full disk: nothing sensible to report it on, so stop writing.
        guard written > 0 else { return }
        offset += written
      }
    }
  }
}
