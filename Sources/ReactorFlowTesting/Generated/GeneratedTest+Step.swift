extension GeneratedTest {
  /// One step of a generated run: an action sent, or the test clock moved forward.
  public enum Step {
    /// Sends the action, then waits until the effects it started are done or suspended.
    case send(R.Action)
    /// Advances the run's ``TestClock`` by the duration, running what wakes up.
    case advance(Duration)
  }
}

extension GeneratedTest.Step: CustomStringConvertible {
  /// The step as a test writes it: `send(.toggle(2))` or `advance(by: .seconds(2))`.
  public var description: String {
    switch self {
    case .send(let action): "send(\(SwiftSource.expression(action)))"
    case .advance(let duration): "advance(by: \(SwiftSource.expression(duration)))"
    }
  }
}

extension GeneratedTest.Step: Equatable where R.Action: Equatable {}

extension GeneratedTest.Step: Sendable where R.Action: Sendable {}
