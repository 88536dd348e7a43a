extension Unmanaged {
  /// Calls `body` with the instance, without a retain and a release around the call. The caller
  /// guarantees that something else keeps the instance alive until `body` returns.
  ///
  /// A closure written on the main actor and passed to the standard library's
  /// `_withUnsafeGuaranteedRef` directly is checked for the main actor each time it runs; passed
  /// through this function of a Swift 6 module, it is not.
  @inlinable @inline(__always)
  func borrow<Result>(_ body: (Instance) -> Result) -> Result {
    _withUnsafeGuaranteedRef(body)
  }
}
