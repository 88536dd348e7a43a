/// How strictly a ``ReactorTester`` checks a test.
public enum Exhaustivity: Sendable, Equatable {
  /// The default: every state change must be asserted, every mutation from an effect must be
  /// received, and no effect may still run at ``ReactorTester/finish(timeout:fileID:filePath:line:column:)``.
  ///
  /// The closure of `send` and `receive` starts from the state *before* the step and must turn
  /// it into the state *after* it.
  case on

  /// Checks only what the test asserts: the closure of `send` and `receive` starts from the
  /// *actual* state after the step, so only the fields it sets are checked; `receive` skips
  /// mutations until one matches; unreceived mutations and running effects are not failures.
  ///
  /// Use it for integration-style tests of a large feature, where listing every change would
  /// hide what the test is about.
  case off
}
