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
    debounce(id: id, after: { try await clock.sleep(for: duration) })
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
    throttle(id: id, after: { try await clock.sleep(for: duration) })
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
    delay(after: { try await clock.sleep(for: duration) })
  }
}

// MARK: - Timing on a stored `any Clock<Duration>`

// Each form above and below is one line: it makes the sleep on its clock and forwards it to the
// one implementation of its operator, at the end of this file. (The `any Clock` forms cannot
// forward to the generic ones: a clock whose duration type appears in another parameter is not
// opened from an existential.)

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
    delay(after: { try await clock.sleep(for: duration) })
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
    debounce(id: id, after: { try await clock.sleep(for: duration) })
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
    throttle(id: id, after: { try await clock.sleep(for: duration) })
  }
}

// MARK: - The implementations

extension Effect {
  /// `sleep`, then this effect: the implementation of `delay(for:clock:)`.
  private func delay(after sleep: @escaping @Sendable () async throws -> Void) -> Effect {
    .concatenate(Effect(operation: .run(priority: nil) { _ in try await sleep() }), self)
  }

  /// This effect after `sleep`, cancelled by the next one with the same `id`: the
  /// implementation of `debounce(id:for:clock:)`.
  private func debounce(
    id: some Hashable & Sendable, after sleep: @escaping @Sendable () async throws -> Void
  ) -> Effect {
    delay(after: sleep).cancellable(id: id, cancelInFlight: true)
  }

  /// This effect unless a window that `sleep` keeps open is open for `id`: the implementation of
  /// `throttle(id:for:clock:)`.
  private func throttle(
    id: some Hashable & Sendable, after sleep: @escaping @Sendable () async throws -> Void
  ) -> Effect {
    Effect(operation: .throttle(EffectID(id), sleep: sleep, self))
  }
}
