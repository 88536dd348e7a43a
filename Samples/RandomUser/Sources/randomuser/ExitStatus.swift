/// The exit statuses of the `randomuser` command.
enum ExitStatus: Int32 {
  /// Everything worked.
  case success = 0
  /// The load failed: network, HTTP status, or a body that is not randomuser.me JSON.
  case loadFailed = 1
  /// The command line was not understood.
  case usage = 2
}
