/// A problem with the command line: printed as one line, followed by the usage.
struct UsageError: Error, Equatable {
  /// What is wrong, for example `unknown option --frobnicate`.
  let message: String

  init(_ message: String) {
    self.message = message
  }
}
