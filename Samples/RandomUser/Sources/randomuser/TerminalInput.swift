/// What the interactive mode makes of a typed line before it reads or echoes any of it.
///
/// A terminal sends more than text: an arrow key is `ESC [ D`, a function key `ESC O P`, a paste
/// may carry `ESC ] … BEL`, and Ctrl-letter combinations are bare control characters. Echoed back
/// raw, `ESC [ d` moves the cursor to the first row and the next lines overwrite the screen. So
/// escape sequences are removed whole, every other control or format character is dropped (a tab
/// is a space), and what the session quotes back is cut to a short, printable excerpt.
///
/// The same filter is the one every text from outside goes through before it is printed: names,
/// cities and countries from a server or a recording, the seed, and error lines
/// (`SectionPrinter.shown(_:)`, `CommandRunner.errorLine(_:)`), so that there is one filter.
enum TerminalInput {
  /// `line` without escape sequences, control characters or format characters (such as
  /// right-to-left overrides); tabs become spaces. What is left is plain, printable text.
  static func sanitized(_ line: String) -> String {
    var output = String.UnicodeScalarView()
    var scalars = line.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      switch scalar.value {
      case 0x1B:  // ESC: drop the sequence it starts.
        skipEscapeSequence(&scalars)
      case 0x9B:  // The 8-bit CSI: the same as `ESC [`.
        skipControlSequence(&scalars)
      case 0x09:
        output.append(" ")
      default:
        if isPrintable(scalar) { output.append(scalar) }
      }
    }
    return String(output)
  }

  /// `text` for quoting in a message: at most `limit` characters, with `…` when it was longer.
  static func excerpt(_ text: String, limit: Int = 32) -> String {
    text.count <= limit ? text : text.prefix(limit - 1) + "…"
  }

  private static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator:
      false
    default:
      true
    }
  }

  /// Skips what follows an ESC: a control sequence (`[`), a string (`]`, `P`, `X`, `^`, `_`, ended
  /// by BEL or `ESC \`), or one more character (`O P`, `7`, and the like: SS3 takes two).
  private static func skipEscapeSequence(_ scalars: inout String.UnicodeScalarView.Iterator) {
    guard let introducer = scalars.next() else { return }
    switch introducer {
    case "[":
      skipControlSequence(&scalars)
    case "]", "P", "X", "^", "_":
      while let scalar = scalars.next() {
        if scalar == "\u{07}" { return }
        if scalar == "\u{1B}" {
          _ = scalars.next()  // The `\` of the string terminator.
          return
        }
      }
    case "O":
      _ = scalars.next()
    default:
      return  // A two-character sequence such as `ESC 7`: the introducer was the last of it.
    }
  }

  /// Skips a control sequence's parameters and intermediates up to its final byte (`@` to `~`).
  private static func skipControlSequence(_ scalars: inout String.UnicodeScalarView.Iterator) {
    while let scalar = scalars.next() {
      if (0x40...0x7E).contains(scalar.value) { return }
      // Anything that cannot be part of a control sequence ends it, and is itself dropped.
      if !(0x20...0x3F).contains(scalar.value) { return }
    }
  }
}
