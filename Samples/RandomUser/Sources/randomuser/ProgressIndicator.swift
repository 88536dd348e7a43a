import Foundation

/// Shows on standard error that a load is running: on a terminal, a spinner on one line, paced by
/// the injected clock and erased at the end; otherwise one plain line. While it spins, typed keys
/// are not echoed into its line (the interactive mode drops them at the end), and Ctrl-C erases
/// the line and turns the echo back on before exiting with status 130.
@MainActor
final class ProgressIndicator {
  private static let frames = ["|", "/", "-", "\\"]
  private static let interval = Duration.milliseconds(100)

  private let console: Console
  private let clock: any Clock<Duration>
  private let discardsTypedInput: Bool
  private var animation: Task<Void, Never>?
  /// Standard input's terminal settings from before the spinner turned the echo off.
  private var savedTerminal: termios?

  init(console: Console, clock: any Clock<Duration>, discardsTypedInput: Bool) {
    self.console = console
    self.clock = clock
    self.discardsTypedInput = discardsTypedInput
  }

  /// Starts showing `message`; call ``stop()`` when the work is done.
  func start(_ message: String) {
    stop()
    guard console.isErrorTerminal else { return console.writeError("\(message)...\n") }
    var settings = termios()
    if isatty(0) == 1, tcgetattr(0, &settings) == 0 {
      savedTerminal = settings
      settings.c_lflag &= ~tcflag_t(ECHO)
      tcsetattr(0, TCSANOW, &settings)
    }
    // A signal handler captures nothing and calls only async-signal-safe functions.
    signal(SIGINT) { _ in
      var settings = termios()
      if tcgetattr(0, &settings) == 0 {
        settings.c_lflag |= tcflag_t(ECHO)
        tcsetattr(0, TCSANOW, &settings)
      }
      let erase: StaticString = "\r\u{1B}[K"
      _ = write(2, erase.utf8Start, erase.utf8CodeUnitCount)
      _exit(130)
    }
    animation = Task { [console, clock] in
      var frame = 0
      // Checked after every sleep: a frame must never follow `stop()`'s erase.
      while !Task.isCancelled {
        console.writeError("\r\(Self.frames[frame % Self.frames.count]) \(message)")
        frame += 1
        guard (try? await clock.sleep(for: Self.interval, tolerance: nil)) != nil else { return }
      }
    }
  }

  /// Stops the indicator and, on a terminal, erases its line and restores the terminal.
  func stop() {
    guard let animation else { return }
    animation.cancel()
    self.animation = nil
    signal(SIGINT, SIG_DFL)
    if var settings = savedTerminal {
      tcsetattr(0, discardsTypedInput ? TCSAFLUSH : TCSANOW, &settings)
      savedTerminal = nil
    }
    console.writeError("\r\u{1B}[K")
  }
}
