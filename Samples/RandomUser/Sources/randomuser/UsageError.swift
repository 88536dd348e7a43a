/// A problem with the command line: printed as one line, followed by the usage.
struct UsageError: Error, Equatable, CustomStringConvertible {
  /// What is wrong, for example `unknown option --frobnicate`.
  let message: String

  /// Creates an error with a one-line message.
  init(_ message: String) {
    self.message = message
  }

  var description: String { message }
}
