// MARK: - Timing effects

extension Effect {
  /// Delays this effect until no other effect with the same identifier has started for
  /// `duration`, measured on `clock`.
  ///
  /// Each new debounced effect cancels the waiting one, so typing "s", "sw", "swi" quickly runs
  /// one search for "swi". Inject the clock so that tests can use a virtual one.
  /// - Parameters:
  ///   - id: Identifies the stream of effects to debounce.
  ///   - duration: How long the input must be quiet.
  ///   - clock: The clock to wait on, for example `ContinuousClock()` or a test clock.
  /// - Returns: The debounced effect.
  public func debounce<C: Clock>(
    id: some Hashable & Sendable,
    for duration: C.Duration,
    clock: C
  ) -> Effect {
    delay(for: duration, clock: clock).cancellable(id: id, cancelInFlight: true)
  }

  /// Runs this effect only if no effect with the same identifier has run in the last `duration`,
  /// measured on `clock`; otherwise drops it.
  ///
  /// The first effect of a burst runs at once ("leading" throttle).
  /// - Parameters:
  ///   - id: Identifies the stream of effects to throttle.
  ///   - duration: The length of the window after a run in which others are dropped.
  ///   - clock: The clock to wait on.
  /// - Returns: The throttled effect.
  public func throttle<C: Clock>(
    id: some Hashable & Sendable,
    for duration: C.Duration,
    clock: C
  ) -> Effect {
    Effect(
      operation: .throttle(
        EffectID(id), sleep: { try await clock.sleep(for: duration) }, self))
  }
}

extension Effect {
  /// Delays this effect by `duration`, measured on `clock`.
  ///
  /// Inject the clock so that tests can use a virtual one. Cancelling the effect during the delay
  /// cancels it before it starts.
  /// ```swift
  /// case .decreaseLater:
  ///   return Effect.send(.decrease).delay(for: .seconds(1), clock: clock)
  /// ```
  /// - Parameters:
  ///   - duration: How long to wait before the effect starts.
  ///   - clock: The clock to wait on, for example `ContinuousClock()` or a test clock.
  /// - Returns: The delayed effect.
  public func delay<C: Clock>(for duration: C.Duration, clock: C) -> Effect {
    Effect.concatenate(
      Effect(operation: .run(priority: nil) { _ in try await clock.sleep(for: duration) }), self)
  }
}

// MARK: - Timing on a stored `any Clock<Duration>`

extension Effect {
  /// Delays this effect by `duration` on a clock stored as `any Clock<Duration>`, the usual way to
  /// inject one (`ContinuousClock()` in the app, a test clock in tests).
  ///
  /// A concrete clock picks the generic form; this one takes the existential, which the generic
  /// form cannot open because its duration is typed by the clock.
  /// - Parameters:
  ///   - duration: How long to wait before the effect starts.
  ///   - clock: The clock to wait on.
  /// - Returns: The delayed effect.
  @_disfavoredOverload
  public func delay(for duration: Duration, clock: any Clock<Duration>) -> Effect {
    Effect.concatenate(
      Effect(operation: .run(priority: nil) { _ in try await clock.sleep(for: duration) }), self)
  }

  /// Debounces this effect on a clock stored as `any Clock<Duration>`, like the generic
  /// `debounce(id:for:clock:)`.
  /// - Parameters:
  ///   - id: Identifies the stream of effects to debounce.
  ///   - duration: How long the input must be quiet.
  ///   - clock: The clock to wait on.
  /// - Returns: The debounced effect.
  @_disfavoredOverload
  public func debounce(
    id: some Hashable & Sendable, for duration: Duration, clock: any Clock<Duration>
  ) -> Effect {
    delay(for: duration, clock: clock).cancellable(id: id, cancelInFlight: true)
  }

  /// Throttles this effect on a clock stored as `any Clock<Duration>`, like the generic
  /// `throttle(id:for:clock:)`.
  /// - Parameters:
  ///   - id: Identifies the stream of effects to throttle.
  ///   - duration: The length of the window after a run in which others are dropped.
  ///   - clock: The clock to wait on.
  /// - Returns: The throttled effect.
  @_disfavoredOverload
  public func throttle(
    id: some Hashable & Sendable, for duration: Duration, clock: any Clock<Duration>
  ) -> Effect {
    Effect(
      operation: .throttle(
        EffectID(id), sleep: { try await clock.sleep(for: duration) }, self))
  }
}
