/// The exit statuses of the `randomuser` command.
enum ExitStatus: Int32 {
  /// Everything worked.
  case success = 0
  /// Every load failed, or the output could not be written.
  case failure = 1
  /// The command line was not understood.
  case usage = 2
}
