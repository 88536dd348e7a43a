extension Unmanaged {
  /// Calls `body` with the instance, without a retain and a release around the call. The caller
  /// guarantees that something else keeps the instance alive until `body` returns.
  ///
  /// A closure written on the main actor and passed to the standard library's
  /// `_withUnsafeGuaranteedRef` directly is checked for the main actor each time it runs; passed
  /// through this function of a Swift 6 module, it is not.
  @usableFromInline
  func borrow<Result>(_ body: (Instance) -> Result) -> Result {
    _withUnsafeGuaranteedRef(body)
  }
}

/// Calls `body` with uninitialized stack memory for one `Value`, which `body` initializes and
/// leaves either deinitialized or holding nothing to release.
///
/// Through this function of a Swift 6 module for the same reason as `Unmanaged.borrow`: a
/// main-actor closure passed to the standard library's function directly is checked for the main
/// actor on every call. Unprotected: no stack canary, because the memory is only ever
/// initialized as one typed value, never written through a raw buffer.
@inlinable @inline(__always)
func withTemporarySlot<Value, Result>(
  of type: Value.Type, _ body: (UnsafeMutablePointer<Value>) -> Result
) -> Result {
  _withUnprotectedUnsafeTemporaryAllocation(of: type, capacity: 1) {
    body($0.baseAddress.unsafelyUnwrapped)
  }
}
