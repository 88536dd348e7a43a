extension Reactor {
  /// Records a part of the reactor's state after every mutation, stamped with `clock`'s virtual
  /// time.
  ///
  /// ```swift
  /// let seconds = reactor.record(\.seconds, clock: clock)
  /// let states = reactor.record(\.self, clock: clock)   // the whole state
  /// ```
  /// - Parameters:
  ///   - keyPath: The part of the state to record; `\.self` for the whole state.
  ///   - clock: The clock whose time stamps the events; without one, every event is at time 0 and
  ///     only ``StateRecorder/values`` is meaningful.
  /// - Returns: The recorder; keep it alive for as long as you record.
  public func record<Value>(
    _ keyPath: KeyPath<State, Value>, clock: TestClock? = nil
  ) -> StateRecorder<Value> {
    StateRecorder(self, clock: clock, value: { $0[keyPath: keyPath] }, isDuplicate: nil)
  }

  /// Records a part of the reactor's state, optionally only when it changes (RxSwift's
  /// `distinctUntilChanged`), stamped with `clock`'s virtual time.
  ///
  /// ```swift
  /// let isValid = reactor.record(\.isValid, clock: clock, distinct: true)
  /// await clock.run()  // the inputs scheduled before
  /// XCTAssertEqual(isValid.events, [.next(0, false), .next(7, true), .next(8, false)])
  /// ```
  /// - Parameters:
  ///   - keyPath: The part of the state to record; `\.self` for the whole state.
  ///   - clock: The clock whose time stamps the events; without one, every event is at time 0.
  ///   - distinct: When `true`, a value equal to the last recorded one is skipped.
  /// - Returns: The recorder; keep it alive for as long as you record.
  public func record<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>, clock: TestClock? = nil, distinct: Bool
  ) -> StateRecorder<Value> {
    StateRecorder(
      self, clock: clock, value: { $0[keyPath: keyPath] }, isDuplicate: distinct ? { $0 == $1 } : nil)
  }
}
