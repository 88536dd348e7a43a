/// A value behind a ``Lock``, for the few reference types that any task may touch, here and in
/// ReactorFlowTesting (hence `package`).
///
/// `Synchronization.Mutex` would be the natural choice, but it needs macOS 15 / iOS 18 and the
/// package supports macOS 13 / iOS 16.
package final class Locked<Value> {
  private let lock = Lock()
  private var value: Value

  /// Wraps `value`.
  package init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value. Never call back into the same lock.
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}

// `lock` protects `value`: every read and write goes through `withLock`. The value itself only
// crosses isolation domains when it is `Sendable`.
extension Locked: @unchecked Sendable where Value: Sendable {}
