import Foundation

/// Where the command reads lines and writes text: the real terminal, or a script in tests.
struct Console: Sendable {
  var write: @Sendable (String) -> Void
  var writeError: @Sendable (String) -> Void
  /// Reads one line of input without its newline; `nil` at the end of input.
  var readLine: @Sendable () -> String?
  /// Why writing to standard output failed (a full disk, a closed pipe), once it has.
  var outputFailure: @Sendable () -> String?
  /// Whether standard input is a terminal (if not, commands are echoed, so a transcript reads as typed).
  var isInputTerminal: Bool
  /// Whether standard error is a terminal (otherwise progress is one plain line, not an animation).
  var isErrorTerminal: Bool

  /// The standard streams, unbuffered (a prompt shows before input blocks). After a failed write to
  /// standard output, ``outputFailure`` gives the reason and later writes are skipped.
  static func standard() -> Console {
    let failure = OutputFailure()
    return Console(
      write: { text in failure.record { $0 ?? writeAll(text, to: 1) } },
      writeError: { _ = writeAll($0, to: 2) },
      readLine: { Swift.readLine(strippingNewline: true) },
      outputFailure: { failure.record { $0 } },
      isInputTerminal: isatty(0) == 1,
      isErrorTerminal: isatty(2) == 1
    )
  }

  /// Writes all of `text`; returns why it could not, if it could not.
  private static func writeAll(_ text: String, to descriptor: Int32) -> String? {
    var text = text
    return text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count, let base = bytes.baseAddress {
        let written = Foundation.write(descriptor, base + offset, bytes.count - offset)
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { return String(cString: strerror(written < 0 ? errno : EIO)) }
        offset += written
      }
      return nil
    }
  }

  private final class OutputFailure: @unchecked Sendable {
    // `@unchecked Sendable`: `reason` is only touched with `lock` held.
    private let lock = NSLock()
    private var reason: String?

    /// Replaces the reason with what `update` makes of it, and returns the new one.
    @discardableResult
    func record(_ update: (String?) -> String?) -> String? {
      lock.withLock {
        reason = update(reason)
        return reason
      }
    }
  }
}
