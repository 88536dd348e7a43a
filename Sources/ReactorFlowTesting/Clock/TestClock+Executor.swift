extension TestClock {
  /// The task executor that the effects of reactors run on in tests, watched by every test clock
  /// and tester.
  ///
  /// Effects use it without being asked. Start a task of your own on it when a clock must wait for
  /// that task as it waits for effects, for example a task of the test that sleeps on the clock:
  /// ```swift
  /// let timer = Task(executorPreference: TestClock.executor) {
  ///   for _ in 1...3 { try await clock.sleep(for: .seconds(1)); await log.tick() }
  /// }
  /// await clock.run()   // returns after the third tick, not before
  /// ```
  /// Tasks created with `Task { }` inside such a task do not inherit the preference.
  @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  public static var executor: any TaskExecutor {
    EffectExecutor.shared
  }
}
