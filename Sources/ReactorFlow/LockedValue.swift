/// A value behind a ``Lock``, for the few reference types that any task may touch.
final class LockedValue<Value> {
  private let lock = Lock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value. Never call back into the same lock.
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}

// `lock` protects `value`: every read and write goes through `withLock`. The value itself only
// crosses isolation domains when it is `Sendable`.
extension LockedValue: @unchecked Sendable where Value: Sendable {}
