/// A one-shot signal that a test awaits; the code under test fires it.
final class Signal<Value: Sendable>: Sendable {
  private let stream: AsyncStream<Value>
  private let continuation: AsyncStream<Value>.Continuation

  init() {
    (stream, continuation) = AsyncStream.makeStream(of: Value.self)
  }

  func fire(_ value: Value) {
    continuation.yield(value)
  }

  /// The next value fired, or `nil` if the signal was finished.
  ///
  /// It waits as long as it takes: a test awaits it through `bounded(_:timeout:_:)`, so that a
  /// regression in which the signal never fires fails in seconds, naming what was awaited.
  @discardableResult
  func next() async -> Value? {
    for await value in stream { return value }
    return nil
  }

  func finish() {
    continuation.finish()
  }
}
