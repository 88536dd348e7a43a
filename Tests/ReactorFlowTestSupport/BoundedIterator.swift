import XCTest

/// An asynchronous sequence's iterator whose every `next` is bounded: a regression that never
/// yields fails the test with a message naming what was awaited, instead of hanging the suite.
///
/// ```swift
/// let states = BoundedIterator(reactor.state)
/// let current = await states.next("the current state", in: self)
/// ```
@MainActor
package final class BoundedIterator<Base: AsyncSequence>
where Base.Element: Sendable, Base.Failure == Never {
  /// `nil` while a `next` runs, and for good after one timed out (the test has failed by then).
  private var iterator: Base.AsyncIterator?

  /// Starts iterating `sequence`.
  /// - Parameter sequence: The sequence; it is iterated on the main actor.
  package init(_ sequence: Base) {
    iterator = sequence.makeAsyncIterator()
  }

  /// The next element, or `nil` when the sequence ended or did not yield within `timeout`
  /// seconds (the test then fails with "Exceeded timeout …: <what>").
  /// - Parameters:
  ///   - what: What is awaited, for the failure.
  ///   - test: The running test case.
  ///   - timeout: The bound, in seconds.
  /// - Returns: The element, or `nil`.
  package func next(
    _ what: String, in test: XCTestCase, timeout: TimeInterval = 5
  ) async -> Base.Element? {
    let result = await test.bounded(what, timeout: timeout) { [self] in
      guard var iterator = self.iterator.take() else { return Box<Base.Element>(nil) }
      let element = await iterator.next(isolation: MainActor.shared)
      self.iterator = iterator
      return Box(element)
    }
    return result?.value
  }
}

/// An optional, made non-optional so that `bounded` tells "ended" from "timed out".
private struct Box<Value: Sendable>: Sendable {
  let value: Value?
  init(_ value: Value?) { self.value = value }
}
