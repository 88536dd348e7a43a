/// Runs `body` and returns the failures that ReactorFlowTesting reported during it, instead of
/// failing the test.
///
/// Use it to test a helper's failure path and its messages: `XCTExpectFailure` does not exist in
/// swift-corelibs-xctest on Linux, and Swift Testing's `withKnownIssue` does not return messages.
/// Failures reported from tasks that `body` starts (effects, observers) are captured too, as long
/// as they run while `body` runs.
///
/// ```swift
/// let failures = await captureFailures {
///   await tester.send(.increment) { $0.count = 2 }
/// }
/// XCTAssertEqual(failures.count, 1)
/// guard let failure = failures.first else { return }
/// XCTAssertTrue(failure.message.contains("+   - count: 1"))
/// ```
/// - Parameters:
///   - isolation: The actor `body` runs on; the caller's, by default.
///   - body: The code whose failures to capture.
/// - Returns: The captured failures, in the order they were reported.
public func captureFailures(
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async throws -> Void
) async rethrows -> [TestFailure] {
  let collector = FailureCollector()
  try await FailureReporter.$capture.withValue(collector) {
    try await body()
  }
  return collector.all
}

/// Runs `body` and returns the failures that ReactorFlowTesting reported during it, instead of
/// failing the test. The synchronous form of ``captureFailures(isolation:_:)``.
///
/// ```swift
/// let failures = captureFailures { _ = mock.userIsLoggedIn() }
/// ```
/// - Parameter body: The code whose failures to capture.
/// - Returns: The captured failures, in the order they were reported.
public func captureFailures(_ body: () throws -> Void) rethrows -> [TestFailure] {
  let collector = FailureCollector()
  try FailureReporter.$capture.withValue(collector) {
    try body()
  }
  return collector.all
}
