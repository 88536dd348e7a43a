#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Shows on standard error that a load is running.
///
/// On a terminal it animates a spinner on one line and erases it at the end; otherwise (a pipe,
/// a log file) it writes one plain line, so captured output stays readable. Time comes from the
/// injected clock. While the spinner runs, typed keys are not echoed (they would break its line;
/// in the interactive mode they are dropped at the end), and Ctrl-C erases the line and restores
/// the terminal before the command exits with status 130.
@MainActor
final class ProgressIndicator {
  private static let frames = ["|", "/", "-", "\\"]

  private let console: Console
  private let clock: any Clock<Duration>
  private let interval: Duration
  private let discardsTypedInput: Bool
  private var animation: Task<Void, Never>?
  private var echo: TerminalEcho?

  /// Creates an indicator.
  ///
  /// - Parameters:
  ///   - console: Where to write.
  ///   - clock: The clock that paces the animation.
  ///   - interval: The time between two frames.
  ///   - discardsTypedInput: Whether keys typed while the spinner runs are dropped at its end.
  init(
    console: Console, clock: any Clock<Duration>, interval: Duration = .milliseconds(100),
    discardsTypedInput: Bool = false
  ) {
    self.console = console
    self.clock = clock
    self.interval = interval
    self.discardsTypedInput = discardsTypedInput
  }

  /// Starts showing `message`; call ``stop()`` when the work is done.
  func start(_ message: String) {
    stop()
    guard console.isErrorTerminal else {
      console.writeError("\(message)...\n")
      return
    }
    echo = TerminalEcho.silence()
    // A signal handler captures nothing and calls only async-signal-safe functions.
    signal(SIGINT) { _ in
      TerminalEcho.turnOn()
      let erase: StaticString = "\r\u{1B}[K"
      _ = write(2, erase.utf8Start, erase.utf8CodeUnitCount)
      _exit(130)
    }
    let console = console
    let clock = clock
    let interval = interval
    animation = Task {
      var frame = 0
      while !Task.isCancelled {
        console.writeError("\r\(Self.frames[frame % Self.frames.count]) \(message)")
        frame += 1
        do {
          try await clock.sleep(for: interval, tolerance: nil)
        } catch {
          // Cancelled: `stop()` erases the line.
          return
        }
      }
    }
  }

  /// Stops the indicator and, on a terminal, erases its line and restores the terminal.
  func stop() {
    guard let animation else { return }
    animation.cancel()
    self.animation = nil
    signal(SIGINT, SIG_DFL)
    echo?.restore(discardingInput: discardsTypedInput)
    echo = nil
    console.writeError("\r\u{1B}[K")
  }
}
