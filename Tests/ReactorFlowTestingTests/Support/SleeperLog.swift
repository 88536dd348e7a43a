import ReactorFlowTesting
import XCTest

/// Collects, on the main actor, what the tasks of a clock test did, in order.
@MainActor
final class SleeperLog {
  private(set) var entries: [String] = []

  func append(_ entry: String) {
    entries.append(entry)
  }

  /// Starts a task that sleeps on `clock` until `offset` and then logs `name` with the time it
  /// woke at, or `"<name> cancelled"` if its sleep ended with `CancellationError`.
  ///
  /// The task runs on `TestClock.executor`, so that the clock waits for it as for an effect.
  func sleeper(
    _ name: String, until offset: Duration, on clock: TestClock
  ) -> Task<Void, Never> {
    let operation: @MainActor @Sendable () async -> Void = {
      do {
        try await clock.sleep(until: .init(offset: offset))
        self.append("\(name) at \(clock.now)")
      } catch is CancellationError {
        self.append("\(name) cancelled")
      } catch {
        self.append("\(name) failed with \(error)")
      }
    }
    return Task(executorPreference: TestClock.executor, operation: operation)
  }
}

extension SleeperLog {
  /// Like ``sleeper(_:until:on:)``, but returns only once the task is asleep on the clock, so
  /// that the order in which sleepers went to sleep is known.
  @discardableResult
  func sleeperThatHasSlept(
    _ name: String, until offset: Duration, on clock: TestClock
  ) async -> Task<Void, Never> {
    let before = clock.pendingCount
    let task = sleeper(name, until: offset, on: clock)
    // `advance(by: .zero)` wakes nothing here; it only lets the new task reach its sleep.
    await clock.advance(by: .zero)
    XCTAssertEqual(clock.pendingCount, before + 1, "the sleeper should be asleep by now")
    return task
  }
}
