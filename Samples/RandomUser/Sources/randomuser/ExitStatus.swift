/// The exit statuses of the `randomuser` command.
enum ExitStatus: Int32 {
  /// Everything worked.
  case success = 0
  /// Every load failed (network, HTTP status, a body that is not randomuser.me JSON), or the
  /// output could not be written.
  case failure = 1
  /// The command line was not understood.
  case usage = 2
}
