// With FailureReporter.swift, the only file that imports XCTest: expectations are an XCTest
// concept.
import XCTest

extension XCTestCase {
  /// An expectation fulfilled when the reactor's state satisfies `predicate`.
  ///
  /// The state change itself fulfils it (a synchronous observation, no polling). It is
  /// fulfilled at once if the current state already satisfies the predicate, and only once.
  /// Wait for it with `await fulfillment(of:timeout:)`, or with `wait(for:timeout:)` in a
  /// synchronous test.
  ///
  /// ```swift
  /// let loaded = expectation(for: reactor) { $0.peopleCount == 100 }
  /// reactor.send(.load(100))
  /// await fulfillment(of: [loaded], timeout: 1)
  /// ```
  /// - Parameters:
  ///   - reactor: The reactor to watch.
  ///   - description: The expectation's description; a default names the reactor.
  ///   - predicate: The condition on the state.
  /// - Returns: The expectation.
  @MainActor
  public func expectation<R: Reactor>(
    for reactor: R,
    description: String? = nil,
    where predicate: @escaping @MainActor (R.State) -> Bool
  ) -> XCTestExpectation {
    XCTestExpectation(for: reactor, description: description, where: predicate)
  }

  /// An expectation fulfilled when a part of the reactor's state equals `value`.
  ///
  /// ```swift
  /// let finished = expectation(reactor, \.sections.isLoading, equals: false)
  /// ```
  /// - Parameters:
  ///   - reactor: The reactor to watch.
  ///   - keyPath: The part of the state.
  ///   - value: The value to wait for.
  /// - Returns: The expectation.
  @MainActor
  public func expectation<R: Reactor, Value: Equatable>(
    _ reactor: R,
    _ keyPath: KeyPath<R.State, Value>,
    equals value: Value
  ) -> XCTestExpectation {
    XCTestExpectation(reactor, keyPath, equals: value)
  }
}

extension XCTestExpectation {
  /// Creates an expectation fulfilled when the reactor's state satisfies `predicate`.
  ///
  /// The same as ``XCTest/XCTestCase/expectation(for:description:where:)``, for code that cannot
  /// use the test case itself: on Linux a synchronous test cannot be isolated to the main actor,
  /// and the test case cannot be captured in `MainActor.assumeIsolated`.
  ///
  /// ```swift
  /// func test_load() {  // synchronous, for wait(for:timeout:)
  ///   let (loaded, reactor) = MainActor.assumeIsolated {
  ///     let reactor = MainReactor(client: OfflinePeopleClient())
  ///     let loaded = XCTestExpectation(for: reactor) { $0.peopleCount == 100 }
  ///     reactor.send(.load(100))
  ///     return (loaded, reactor)
  ///   }
  ///   wait(for: [loaded], timeout: 1)
  ///   XCTAssertEqual(MainActor.assumeIsolated { reactor.currentState.peopleCount }, 100)
  /// }
  /// ```
  /// - Parameters:
  ///   - reactor: The reactor to watch.
  ///   - description: The expectation's description; a default names the reactor.
  ///   - predicate: The condition on the state.
  @MainActor
  public convenience init<R: Reactor>(
    for reactor: R,
    description: String? = nil,
    where predicate: @escaping @MainActor (R.State) -> Bool
  ) {
    self.init(description: description ?? "the state of \(R.self) satisfies the predicate")
    WatchedEffects.install()
    let observation = ExpectationObservation()
    observation.token = reactor.observe { [weak self] (state: R.State) in
      guard !observation.isDone, predicate(state) else { return }
      observation.isDone = true
      self?.fulfill()
      observation.token?.cancel()
    }
    // Fulfilled during `observe`, before the token existed: stop now.
    if observation.isDone { observation.token?.cancel() }
  }

  /// Creates an expectation fulfilled when a part of the reactor's state equals `value`.
  /// - Parameters:
  ///   - reactor: The reactor to watch.
  ///   - keyPath: The part of the state.
  ///   - value: The value to wait for.
  @MainActor
  public convenience init<R: Reactor, Value: Equatable>(
    _ reactor: R,
    _ keyPath: KeyPath<R.State, Value>,
    equals value: Value
  ) {
    self.init(
      for: reactor, description: "\(R.self) state \(keyPath) == \(value)",
      where: { $0[keyPath: keyPath] == value })
  }
}

/// Keeps an expectation's observation alive until it is fulfilled; the runtime holds it through
/// the observer closure, so it goes away with the reactor at the latest.
@MainActor
private final class ExpectationObservation {
  var token: ObservationToken?
  var isDone = false
}
