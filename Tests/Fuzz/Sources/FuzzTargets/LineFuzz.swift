import Foundation

@testable import randomuser

/// The lines typed in `randomuser --interactive` (offline, five people): each input is a script
/// of lines, at most ``maximumLines``. Whatever is typed, nothing written back may drive the
/// terminal: the output holds no control or format character but line breaks.
@MainActor
enum LineFuzz {
  /// Lines read from one input; more would only repeat what fewer reach.
  static let maximumLines = 16

  static func check(_ data: Data) async throws(FuzzFailure) {
    let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .prefix(maximumLines)
      .map(typedLine)
    let script = ScriptedConsole(lines: lines)
    do {
      // No state file: a check must never read or write the favourites of whoever runs it.
      let options = try Options.parse(["--interactive", "--no-state", "--count", "5"])
      _ = await CommandRunner(options: options, console: script.console, clock: ContinuousClock()).run()
    } catch {
      throw FuzzFailure("--interactive is not a valid command line: \(error.message)")
    }
    try script.checkNothingDrivesTheTerminal()
  }

  /// A line as `readLine` returns it: without a carriage return before its line feed, invalid
  /// UTF-8 repaired.
  private static func typedLine(_ bytes: Data) -> String {
    String(decoding: bytes.last == UInt8(ascii: "\r") ? bytes.dropLast() : bytes, as: UTF8.self)
  }
}
