import XCTest

// Test support shared by the test targets (package access): one copy of each helper.

/// The value an awaited operation produced, once it has.
@MainActor
private final class Outcome<T> {
  var value: T?
}

extension XCTestCase {
  /// Awaits `operation` for at most `timeout` seconds of real time.
  ///
  /// A regression that makes the operation hang fails the test at once with XCTest's message
  /// "Exceeded timeout of 5 seconds, with unfulfilled expectations: <what>", instead of hanging
  /// the suite. The operation is fulfilled by its own end; a passing test never waits for the
  /// bound.
  /// - Parameters:
  ///   - what: What is awaited, for the failure.
  ///   - timeout: The bound, in seconds.
  ///   - operation: The wait.
  /// - Returns: The operation's result, or `nil` when it did not end in time.
  @MainActor
  @discardableResult
  package func bounded<T: Sendable>(
    _ what: String,
    timeout: TimeInterval = 5,
    _ operation: @escaping @MainActor @Sendable () async -> T
  ) async -> T? {
    let done = XCTestExpectation(description: what)
    let outcome = Outcome<T>()
    let task = Task { @MainActor in
      outcome.value = await operation()
      done.fulfill()
    }
    await fulfillment(of: [done], timeout: timeout)
    if outcome.value == nil { task.cancel() }
    return outcome.value
  }
}

extension XCTestCase {
  /// Every element of a finite asynchronous sequence, awaited for at most `timeout` seconds.
  ///
  /// A sequence that does not end in time fails the test ("Exceeded timeout …: <what>") and
  /// gives `nil`.
  /// - Parameters:
  ///   - what: What is awaited, for the failure.
  ///   - sequence: The sequence; it must end.
  ///   - timeout: The bound, in seconds.
  /// - Returns: The elements in order, or `nil` when the sequence did not end in time.
  @MainActor
  package func collected<S: AsyncSequence & Sendable>(
    _ what: String, _ sequence: S, timeout: TimeInterval = 5
  ) async -> [S.Element]? where S.Element: Sendable, S.Failure == Never {
    await bounded(what, timeout: timeout) {
      var elements: [S.Element] = []
      for await element in sequence { elements.append(element) }
      return elements
    }
  }
}
