/// Records what a reactor's state (or a part of it) was, and when, in virtual time.
///
/// The equivalent of RxTest's `TestableObserver`. Create one with
/// ``ReactorFlow/Reactor/record(_:clock:)`` or ``ReactorFlow/Reactor/record(_:clock:distinct:)``.
/// It records the current value at once, then a value after every mutation (or, with
/// `distinct: true`, every change), stamped with the clock's time in ticks. It stops when it is
/// released or cancelled.
///
/// ```swift
/// let clock = TestClock()
/// let isValid = reactor.record(\.isValid, clock: clock, distinct: true)
/// clock.schedule([.next(0, ""), .next(1, "a@b.c")]) { reactor.send(.email($0)) }
/// await clock.run()
/// XCTAssertEqual(isValid.events, [.next(0, false), .next(1, true)])  // the passwords were set
/// ```
@MainActor
public final class StateRecorder<Value> {
  /// What was recorded, first to last.
  public private(set) var events: [Recorded<Value>] = []

  private let clock: TestClock?
  private var token: ObservationToken?

  init<R: Reactor>(
    _ reactor: R,
    clock: TestClock?,
    value: @escaping @MainActor (R.State) -> Value,
    isDuplicate: ((Value, Value) -> Bool)?
  ) {
    WatchedEffects.install()
    self.clock = clock
    // Every state, even when `State` is `Equatable`: in this generic context `observe(_:)` is the
    // unconstrained overload, which does not skip equal states; `distinct:` filters instead.
    token = reactor.observe { [weak self] (state: R.State) in
      self?.record(value(state), isDuplicate: isDuplicate)
    }
  }

  /// The recorded values without their times.
  public var values: [Value] { events.map(\.value) }

  /// Stops recording. The events recorded so far stay.
  public func cancel() {
    token?.cancel()
    token = nil
  }

  /// Forgets the events recorded so far; recording goes on.
  public func removeAll() {
    events.removeAll()
  }

  private func record(_ value: Value, isDuplicate: ((Value, Value) -> Bool)?) {
    if let isDuplicate, let last = events.last, isDuplicate(last.value, value) { return }
    let time = clock.map { $0.ticks(at: $0.now) } ?? 0
    events.append(.next(time, value))
  }
}
