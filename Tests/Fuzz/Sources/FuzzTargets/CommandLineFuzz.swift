import Foundation
import RandomUserCore

@testable import randomuser

/// The `randomuser` command line: the input's arguments (split at NUL bytes and line feeds, at
/// most ``maximumArguments``) through `Options.parse`, the parser the binary runs.
///
/// - A bad command line is a usage error whose report (`CommandRunner.usageReport`, what the
///   binary prints) starts with one error line, holds no character that drives the terminal
///   (the argument it quotes included), and ends with the synopsis.
/// - A good one holds a count the API accepts and an `--open` route that reads back as itself.
///   When it loads offline, writes no file and stays out of `--interactive` (at most
///   ``maximumRunCount`` people), it is also run, `--open` included: it ends in a success or in
///   one error line, and nothing it prints drives the terminal.
@MainActor
enum CommandLineFuzz {
  /// Arguments read from one input; more would only repeat what fewer reach.
  static let maximumArguments = 32
  /// The most people a run loads, so that one input stays quick: the default count.
  static let maximumRunCount = 100

  static func check(_ data: Data) async throws(FuzzFailure) {
    let arguments = arguments(in: data)
    let options: Options
    do {
      options = try Options.parse(arguments)
    } catch {
      try checkUsageReport(error.message, arguments: arguments)
      return
    }
    guard PeopleClientLimits.allowedCounts.contains(options.count) else {
      throw FuzzFailure("\(arguments.debugDescription) gave the count \(options.count)")
    }
    if let route = options.route, MainReactor.Route(route.description) != route {
      throw FuzzFailure("the route \(route) does not read back as itself")
    }
    try await runIfHarmless(options)
  }

  /// The arguments as the shell would pass them: split at NUL bytes and line feeds, so that a
  /// seed file reads one argument a line. A separator at the very end ends the last argument
  /// (a file's last line feed); empty arguments elsewhere are kept (`--seed ''`). Invalid UTF-8
  /// is repaired, as `CommandLine.arguments` repairs it.
  static func arguments(in data: Data) -> [String] {
    let isSeparator = { (byte: UInt8) in byte == 0 || byte == UInt8(ascii: "\n") }
    let bytes = data.last.map(isSeparator) == true ? data.dropLast() : data[...]
    guard !bytes.isEmpty else { return [] }
    return bytes.split(omittingEmptySubsequences: false, whereSeparator: isSeparator)
      .prefix(maximumArguments)
      .map { String(decoding: $0, as: UTF8.self) }
  }

  /// What the binary prints for a usage error: one error line, then the synopsis.
  private static func checkUsageReport(_ message: String, arguments: [String]) throws(FuzzFailure) {
    let report = CommandRunner.usageReport(message)
    try ScriptedConsole.checkNothingDrivesTheTerminal(
      in: report, named: "the usage error for \(arguments.debugDescription)")
    let errorLine = CommandRunner.errorLine(message)
    guard report.hasPrefix(errorLine), report.dropFirst(errorLine.count).hasPrefix(Usage.synopsis),
      errorLine.hasPrefix("randomuser: error: "),
      errorLine.firstIndex(of: "\n") == errorLine.index(before: errorLine.endIndex)
    else {
      throw FuzzFailure(
        "the usage error for \(arguments.debugDescription) is not one error line and the synopsis: "
          + report.debugDescription)
    }
    guard !TerminalInput.sanitized(message).allSatisfy(\.isWhitespace) else {
      throw FuzzFailure("the usage error for \(arguments.debugDescription) says nothing")
    }
  }

  /// Runs the command when it can harm nothing: offline, without a file to read or write (no
  /// `--trace`, `--record`, `--replay` or state file) and without a session to type in.
  private static func runIfHarmless(_ options: Options) async throws(FuzzFailure) {
    guard options.source == .offline, !options.isInteractive, options.tracePath == nil,
      options.recordPath == nil, options.replayPath == nil, options.count <= maximumRunCount
    else { return }
    let script = ScriptedConsole()
    let status = await CommandRunner(options: options, console: script.console, clock: ContinuousClock())
      .run()
    try script.checkNothingDrivesTheTerminal(includingJSON: false)
    let (output, errors) = script.written
    switch status {
    case .success where errors.isEmpty && !output.isEmpty: return
    case .failure
    where errors.hasPrefix("randomuser: error: ")
      && errors.firstIndex(of: "\n") == errors.index(before: errors.endIndex):
      return
    default:
      throw FuzzFailure(
        "\(options) ended in \(status), output \(output.debugDescription), errors \(errors.debugDescription)")
    }
  }
}
