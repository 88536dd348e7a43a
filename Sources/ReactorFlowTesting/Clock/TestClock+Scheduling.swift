extension TestClock {
  /// Runs `action` on the main actor when the clock reaches `tick` (in units of ``tick``); to
  /// give an instant instead, as to ``advance(to:fileID:filePath:line:column:)``, pass one:
  /// `schedule(at: clock.now.advanced(by: .seconds(3)))`.
  ///
  /// The closure runs inside ``advance(by:fileID:filePath:line:column:)`` or
  /// ``run(maxWakeUps:fileID:filePath:line:column:)``, in deadline order with the sleepers, and
  /// the effect work it starts is quiet before time moves on. A tick that is already passed runs at the
  /// next advance.
  ///
  /// ```swift
  /// clock.schedule(at: 3) { reactor.send(.password1("qwer")) }
  /// await clock.run()
  /// ```
  /// - Parameters:
  ///   - tick: The virtual time, in ticks.
  ///   - action: The work, typically `reactor.send(...)`.
  public func schedule(at tick: Int, _ action: @escaping @MainActor @Sendable () -> Void) {
    enqueue(at: Instant(offset: self.tick * tick), action)
  }

  /// Runs `action` on the main actor when the clock reaches `instant`: the tick form
  /// (`schedule(at: 3)`) with an instant, the unit of ``now`` and of
  /// ``advance(to:fileID:filePath:line:column:)``.
  ///
  /// ```swift
  /// clock.schedule(at: clock.now.advanced(by: .milliseconds(1500))) { reactor.send(.stop) }
  /// await clock.advance(to: clock.now.advanced(by: .seconds(2)))
  /// ```
  /// The closure runs like the tick form's: in deadline order with the sleepers, and the effect
  /// work it starts is quiet before time moves on. An instant that is already passed runs at the
  /// next advance.
  /// - Parameters:
  ///   - instant: The virtual time.
  ///   - action: The work, typically `reactor.send(...)`.
  public func schedule(at instant: Instant, _ action: @escaping @MainActor @Sendable () -> Void) {
    enqueue(at: instant, action)
  }

  /// Feeds values to `action` at virtual times, like a hot observable of RxTest's
  /// `TestScheduler`.
  ///
  /// ```swift
  /// clock.schedule([.next(0, ""), .next(1, "email@email"), .next(2, "email@email.com")]) {
  ///   reactor.send(.email($0))
  /// }
  /// await clock.run()
  /// ```
  /// - Parameters:
  ///   - events: The values and their times, in ticks.
  ///   - action: Called on the main actor with each value at its time, typically to send an
  ///     action.
  public func schedule<Value: Sendable>(
    _ events: [Recorded<Value>],
    _ action: @escaping @MainActor @Sendable (Value) -> Void
  ) {
    for event in events {
      let value = event.value
      schedule(at: event.time) { action(value) }
    }
  }
}
