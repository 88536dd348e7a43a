import XCTest

// Test support shared by the test targets (package access): one copy of each helper.

/// The end of a bounded wait: the operation's value or the timeout, whichever comes first.
///
/// `@unchecked Sendable`: `lock` protects every field.
private final class BoundedWait<T: Sendable>: @unchecked Sendable {
  enum Ending {
    case value(T)
    case timedOut
  }

  private let lock = NSLock()
  private var continuation: CheckedContinuation<Ending, Never>?
  private var ending: Ending?

  /// Waits until ``end(_:)`` is first called.
  func wait(timeout: TimeInterval) async -> Ending {
    await withCheckedContinuation { continuation in
      let ending = lock.withLock {
        if self.ending == nil { self.continuation = continuation }
        return self.ending
      }
      if let ending { continuation.resume(returning: ending) }
      // A timer of its own, on a global queue: the wait ends even when the main run loop or
      // XCTest's waiters are stuck after an earlier failure.
      DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { self.end(.timedOut) }
    }
  }

  /// Ends the wait with `ending`, unless it has already ended.
  func end(_ ending: Ending) {
    let continuation: CheckedContinuation<Ending, Never>? = lock.withLock {
      guard self.ending == nil else { return nil }
      self.ending = ending
      defer { self.continuation = nil }
      return self.continuation
    }
    continuation?.resume(returning: ending)
  }
}

extension XCTestCase {
  /// Awaits `operation` for at most `timeout` seconds of real time.
  ///
  /// A regression that makes the operation hang fails the test after the bound with "Exceeded
  /// timeout of 5 seconds waiting for: <what>", instead of hanging the suite; the operation's task
  /// is then cancelled. A passing test never waits for the bound. The bound has a timer of its
  /// own, so it holds even after an earlier failure left XCTest's own waiting stuck.
  /// - Parameters:
  ///   - what: What is awaited, for the failure.
  ///   - timeout: The bound, in seconds.
  ///   - file: Where the failure is reported; leave the default.
  ///   - line: The line where the failure is reported; leave the default.
  ///   - operation: The wait.
  /// - Returns: The operation's result, or `nil` when it did not end in time.
  @MainActor
  @discardableResult
  package func bounded<T: Sendable>(
    _ what: String,
    timeout: TimeInterval = 5,
    file: StaticString = #filePath,
    line: UInt = #line,
    _ operation: @escaping @MainActor @Sendable () async -> T
  ) async -> T? {
    let wait = BoundedWait<T>()
    let task = Task { @MainActor in
      wait.end(.value(await operation()))
    }
    switch await wait.wait(timeout: timeout) {
    case .value(let value):
      return value
    case .timedOut:
      task.cancel()
      XCTFail(
        "Exceeded timeout of \(Int(timeout)) seconds waiting for: \(what)", file: file, line: line)
      return nil
    }
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
