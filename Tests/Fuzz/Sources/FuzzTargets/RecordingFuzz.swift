import Foundation

@testable import randomuser

/// A recording file, read and replayed as `randomuser --replay FILE` does: decoded into the main
/// reactor's session, replayed into a fresh reactor, and its state printed. Every input ends in a
/// success or in an error line, never in a crash, and nothing printed drives the terminal.
@MainActor
enum RecordingFuzz {
  /// The file the input is written to: `--replay` reads a path.
  private static let path = FileManager.default.temporaryDirectory
    .appendingPathComponent("reactorflow-fuzz-recording-\(ProcessInfo.processInfo.processIdentifier).json")
    .path

  static func check(_ data: Data) async throws(FuzzFailure) {
    do {
      try data.write(to: URL(fileURLWithPath: path))
    } catch {
      throw FuzzFailure("cannot write the input to \(path): \(error)")
    }
    defer { try? FileManager.default.removeItem(atPath: path) }
    let script = ScriptedConsole()
    let status: ExitStatus
    do {
      let options = try Options.parse(["--replay", path])
      status = await CommandRunner(options: options, console: script.console, clock: ContinuousClock()).run()
    } catch {
      throw FuzzFailure("--replay \(path) is not a valid command line: \(error.message)")
    }
    // Names, cities and the seed come from the file: printed, they must not drive the terminal.
    try script.checkNothingDrivesTheTerminal(includingJSON: false)
    let (output, errors) = script.written
    switch status {
    case .success where errors.isEmpty && !output.isEmpty: return
    case .failure where errors.hasPrefix("randomuser: error: "): return
    default:
      throw FuzzFailure(
        "status \(status), output \(output.debugDescription), errors \(errors.debugDescription)")
    }
  }
}
