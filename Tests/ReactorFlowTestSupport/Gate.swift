import Foundation
import XCTest

/// A gate between a test and the code it runs: one side waits at it until the other side opens
/// it. It lets a test put steps in order without time.
///
/// An effect waits at a gate that the test opens:
/// ```swift
/// let gate = Gate<Void>()
/// // in the effect: try await gate.wait()
/// await gate.nextArrival("the load waits at the gate", in: self)
/// gate.open()
/// ```
/// The test waits at a gate that the code under test opens, with a value:
/// ```swift
/// let cancelled = Gate<String>()
/// // in the effect, once cancelled: cancelled.open(query)
/// let query = await cancelled.opened("the search is cancelled", in: self)
/// ```
/// A gate opens once, for good: a wait after that passes at once with the first value, and a
/// later `open` changes nothing. Every wait reports its arrival, which ``nextArrival(_:in:timeout:)``
/// awaits. The test's waits (``opened(_:in:timeout:)``, ``nextArrival(_:in:timeout:)``) are
/// bounded: a gate that is never opened or reached fails the test in seconds, naming what was
/// awaited, instead of hanging the suite.
package final class Gate<Value: Sendable>: @unchecked Sendable {
  // `@unchecked Sendable`: `lock` protects `value`, `waiters`, `nextID` and `cancelledEarly`.
  private let lock = NSLock()
  private var value: Value?
  private var waiters: [Int: Waiter] = [:]
  private var nextID = 0
  /// The waits whose task was cancelled before they stored their continuation.
  private var cancelledEarly: Set<Int> = []
  private let arrivals: AsyncStream<Void>
  private let arrivalInput: AsyncStream<Void>.Continuation

  private enum Waiter {
    case cancellable(CheckedContinuation<Value, any Error>)
    case blind(CheckedContinuation<Value, Never>)

    func resume(with value: Value) {
      switch self {
      case .cancellable(let continuation): continuation.resume(returning: value)
      case .blind(let continuation): continuation.resume(returning: value)
      }
    }
  }

  /// A closed gate.
  package init() {
    (arrivals, arrivalInput) = AsyncStream.makeStream(of: Void.self)
  }

  /// Opens the gate for good with `value`, resuming every task that waits at it.
  /// - Parameter value: What every wait returns; only the first `open` counts.
  package func open(_ value: Value) {
    let waiting: [Waiter] = lock.withLock {
      guard self.value == nil else { return [] }
      self.value = value
      defer { waiters = [:] }
      return Array(waiters.values)
    }
    for waiter in waiting { waiter.resume(with: value) }
  }

  /// Waits until the gate is open.
  ///
  /// - Returns: The value the gate was opened with.
  /// - Throws: `CancellationError` when the waiting task is cancelled first, so that an effect
  ///   that waits here ends when it is cancelled.
  package func wait() async throws -> Value {
    let id = lock.withLock {
      defer { nextID += 1 }
      return nextID
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
        let outcome: Result<Value, any Error>? = lock.withLock {
          if let value { return .success(value) }
          if cancelledEarly.remove(id) != nil { return .failure(CancellationError()) }
          waiters[id] = .cancellable(continuation)
          return nil
        }
        arrivalInput.yield()
        if let outcome { continuation.resume(with: outcome) }
      }
    } onCancel: {
      let waiter: Waiter? = lock.withLock {
        guard value == nil else { return nil }
        guard let waiter = waiters.removeValue(forKey: id) else {
          cancelledEarly.insert(id)
          return nil
        }
        return waiter
      }
      if case .cancellable(let continuation) = waiter {
        continuation.resume(throwing: CancellationError())
      }
    }
  }

  /// Waits until the gate is open, without noticing cancellation: it stands for work that goes on
  /// after its task was cancelled (I/O that does not check for it).
  /// - Returns: The value the gate was opened with.
  package func waitIgnoringCancellation() async -> Value {
    let id = lock.withLock {
      defer { nextID += 1 }
      return nextID
    }
    return await withCheckedContinuation { (continuation: CheckedContinuation<Value, Never>) in
      let openWith: Value? = lock.withLock {
        if let value { return value }
        waiters[id] = .blind(continuation)
        return nil
      }
      arrivalInput.yield()
      if let openWith { continuation.resume(returning: openWith) }
    }
  }

  /// Waits, for at most `timeout` seconds, until the gate is open.
  /// - Parameters:
  ///   - what: What is awaited, for the failure.
  ///   - test: The running test case.
  ///   - timeout: The bound, in seconds.
  /// - Returns: The value the gate was opened with, or `nil` when it did not open in time (the
  ///   test then fails with "Exceeded timeout …: <what>").
  @MainActor
  @discardableResult
  package func opened(
    _ what: String, in test: XCTestCase, timeout: TimeInterval = 5
  ) async -> Value? {
    let value = await test.bounded(what, timeout: timeout) { [self] in try? await wait() }
    return value ?? nil
  }

  /// Waits, for at most `timeout` seconds, until a task arrives at the gate: until a wait starts
  /// that no earlier call of this method has seen.
  /// - Parameters:
  ///   - what: What is awaited, for the failure.
  ///   - test: The running test case.
  ///   - timeout: The bound, in seconds.
  @MainActor
  package func nextArrival(_ what: String, in test: XCTestCase, timeout: TimeInterval = 5) async {
    await test.bounded(what, timeout: timeout) { [arrivals] in
      for await _ in arrivals { return }
    }
  }
}

extension Gate where Value == Void {
  /// Opens the gate for good, resuming every task that waits at it.
  package func open() {
    open(())
  }
}

/// Suspends until the current task is cancelled, then throws `CancellationError`.
package func suspendUntilCancelled() async throws {
  try await Gate<Void>().wait()
}
