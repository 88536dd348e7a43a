import Foundation

/// The `randomuser` command: `swift run randomuser --help` lists the options.
@main
enum RandomUserCommand {
  /// Parses the arguments, runs, and exits with an ``ExitStatus``. Errors are one line on standard
  /// error (followed by the usage only for a bad command line), never a crash.
  @MainActor
  static func main() async {
    let console = Console.standard()
    var status: ExitStatus
    do {
      let options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
      status = await CommandRunner(options: options, console: console, clock: ContinuousClock()).run()
    } catch {
      console.writeError(CommandRunner.usageReport(error.message))
      status = .usage
    }
    if let reason = console.outputFailure() {
      console.writeError(CommandRunner.errorLine("could not write the output: \(reason)"))
      status = .failure
    }
    exit(status.rawValue)
  }
}
