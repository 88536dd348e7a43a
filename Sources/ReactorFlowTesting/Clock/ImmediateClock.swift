/// A clock on which every sleep ends at once, for tests that should not wait at all.
///
/// `now` moves forward to each sleep's deadline, so code that measures elapsed time still sees
/// time pass. Use ``TestClock`` instead when the test must observe what happens *during* a
/// wait; use this one when only the end result matters.
///
/// ```swift
/// let reactor = SearchReactor(client: client, clock: ImmediateClock())
/// await reactor.send(.query("swift")).finish()   // the 300 ms debounce takes no time
/// ```
public final class ImmediateClock: Clock, Sendable {
  /// A point in the clock's virtual time.
  public typealias Instant = VirtualInstant

  private let current = Locked(Instant())

  /// Creates a clock at time zero.
  public init() {}

  /// The current time: the latest deadline any sleep asked for.
  public var now: Instant {
    current.withLock { $0 }
  }

  /// The clock has no resolution limit.
  public var minimumResolution: Duration { .zero }

  /// Moves `now` to `deadline` (if later) and returns after one yield, so that a loop of sleeps
  /// cannot starve other tasks. Throws `CancellationError` when the task is cancelled.
  /// - Parameters:
  ///   - deadline: The instant to "wake" at.
  ///   - tolerance: Ignored.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    current.withLock { $0 = max($0, deadline) }
    await Task.yield()
    try Task.checkCancellation()
  }
}
