import Foundation

/// The `randomuser` command: `swift run randomuser --help` lists the options.
@main
enum RandomUserCommand {
  /// Parses the arguments, runs, and exits with the status: 0, 1 for a failed load, 2 for a
  /// bad command line. Errors are one line on standard error, never a crash.
  @MainActor
  static func main() async {
    let console = Console.standard
    let status: ExitStatus
    do {
      let options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
      status = await CommandRunner(options: options, console: console, clock: ContinuousClock()).run()
    } catch {
      console.writeError(CommandRunner.errorReport(error.message))
      status = .usage
    }
    exit(status.rawValue)
  }
}
