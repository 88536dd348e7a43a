#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal settings of standard input with the echo of typed keys turned off, so that keys
/// typed while the spinner runs do not land in the middle of its line.
struct TerminalEcho: Sendable {
  private let saved: termios

  /// Turns the echo off; `nil` when standard input is not a terminal.
  static func silence() -> TerminalEcho? {
    var settings = termios()
    guard isatty(0) == 1, tcgetattr(0, &settings) == 0 else { return nil }
    let echo = TerminalEcho(saved: settings)
    settings.c_lflag &= ~tcflag_t(ECHO)
    tcsetattr(0, TCSANOW, &settings)
    return echo
  }

  /// Turns the echo back on, from a signal handler (async-signal-safe, no saved state).
  static func turnOn() {
    var settings = termios()
    guard tcgetattr(0, &settings) == 0 else { return }
    settings.c_lflag |= tcflag_t(ECHO)
    tcsetattr(0, TCSANOW, &settings)
  }

  /// Puts the settings back; with `discardingInput`, keys typed meanwhile are dropped too.
  func restore(discardingInput: Bool) {
    var settings = saved
    tcsetattr(0, discardingInput ? TCSAFLUSH : TCSANOW, &settings)
  }
}
