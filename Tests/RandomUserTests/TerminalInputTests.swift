import XCTest

@testable import randomuser

/// What the interactive mode keeps of a typed line: text, never a byte that drives the terminal.
final class TerminalInputTests: XCTestCase {
  func test_sanitized_escapeSequences_areRemovedWhole() {
    let cases: [(String, String)] = [
      ("\u{1B}[D", ""),  // Left arrow.
      ("\u{1B}[d", ""),  // "Line position absolute": would move the cursor to row 1.
      ("op\u{1B}[Cen 1", "open 1"),  // An arrow key in the middle of a word.
      ("\u{1B}[1;5A\u{1B}[200~list\u{1B}[201~", "list"),  // Ctrl-Up, then a bracketed paste.
      ("\u{1B}OPhelp", "help"),  // F1 (SS3).
      ("\u{1B}]0;title\u{07}quit", "quit"),  // Set the window title, ended by BEL.
      ("\u{1B}]8;;http://x\u{1B}\\link", "link"),  // A hyperlink, ended by ESC \.
      ("\u{1B}Pq#0\u{1B}\\back", "back"),  // A device control string (sixel).
      ("\u{1B}7\u{1B}8back", "back"),  // Save and restore the cursor.
      ("\u{9B}2Jlist", "list"),  // The 8-bit CSI: erase the screen.
      ("list\u{1B}", "list"),  // A lone ESC at the end.
      ("list\u{1B}[", "list"),  // A sequence cut short.
    ]
    for (typed, kept) in cases {
      XCTAssertEqual(TerminalInput.sanitized(typed), kept, typed.debugDescription)
    }
  }

  func test_sanitized_controlAndFormatCharacters_areDroppedAndTabsAreSpaces() {
    XCTAssertEqual(TerminalInput.sanitized("op\u{08}en\u{07} 2\r"), "open 2")
    XCTAssertEqual(TerminalInput.sanitized("\u{00}open\u{7F}\u{85}\u{9C}"), "open")
    XCTAssertEqual(TerminalInput.sanitized("toggle\t3"), "toggle 3")
    XCTAssertEqual(TerminalInput.sanitized("open \u{202E}s02\u{200B}"), "open s02")  // Bidi override.
    XCTAssertEqual(TerminalInput.sanitized("open Jürgen 20s 😀"), "open Jürgen 20s 😀")
  }

  func test_sanitized_everyScalar_leavesNothingThatControlsTheTerminal() {
    // given: every Unicode scalar, each after an ESC and alone
    var line = ""
    for value in 0..<0x11_0000 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      line.unicodeScalars.append(scalar)
      line.unicodeScalars.append("\u{1B}")
      line.unicodeScalars.append(scalar)
    }

    // when
    let kept = TerminalInput.sanitized(line)

    // then
    let forbidden = kept.unicodeScalars.filter {
      [.control, .format, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory)
    }
    XCTAssertEqual(forbidden.map { String($0.value, radix: 16) }, [])
    XCTAssertTrue(kept.contains("A"))
  }

  func test_excerpt_longText_isCutWithAnEllipsis() {
    XCTAssertEqual(TerminalInput.excerpt("open"), "open")
    XCTAssertEqual(TerminalInput.excerpt(String(repeating: "x", count: 32)).count, 32)
    let long = TerminalInput.excerpt(String(repeating: "y", count: 500))
    XCTAssertEqual(long, String(repeating: "y", count: 31) + "…")
  }
}
