/// Shows on standard error that a load is running.
///
/// On a terminal it animates a spinner on one line and erases it at the end; otherwise (a pipe,
/// a log file) it writes one plain line, so captured output stays readable. Time comes from the
/// injected clock.
@MainActor
final class ProgressIndicator {
  private static let frames = ["|", "/", "-", "\\"]

  private let console: Console
  private let clock: any Clock<Duration>
  private let interval: Duration
  private var animation: Task<Void, Never>?

  /// Creates an indicator.
  ///
  /// - Parameters:
  ///   - console: Where to write.
  ///   - clock: The clock that paces the animation.
  ///   - interval: The time between two frames.
  init(console: Console, clock: any Clock<Duration>, interval: Duration = .milliseconds(100)) {
    self.console = console
    self.clock = clock
    self.interval = interval
  }

  /// Starts showing `message`; call ``stop()`` when the work is done.
  func start(_ message: String) {
    stop()
    guard console.isErrorTerminal else {
      console.writeError("\(message)...\n")
      return
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

  /// Stops the indicator and, on a terminal, erases its line.
  func stop() {
    guard let animation else { return }
    animation.cancel()
    self.animation = nil
    console.writeError("\r\u{1B}[K")
  }
}
