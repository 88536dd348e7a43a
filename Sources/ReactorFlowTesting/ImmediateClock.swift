/// A clock on which every sleep ends at once, for tests that should not wait at all.
///
/// `now` moves forward to each sleep's deadline, so code that measures elapsed time still sees
/// time pass. Use ``TestClock`` instead when the test must observe what happens *during* a
/// wait; use this one when only the end result matters.
///
/// ```swift
/// let reactor = SearchReactor(client: .mock, clock: ImmediateClock())
/// await reactor.send(.query("swift")).finish()   // the 300 ms debounce takes no time
/// ```
public final class ImmediateClock: Clock, Sendable {
  /// A point in the virtual time of an ``ImmediateClock``.
  public struct Instant: InstantProtocol, Sendable, Hashable, CustomStringConvertible {
    /// The time since the clock's start.
    public var offset: Duration

    /// Creates an instant.
    /// - Parameter offset: The time since the clock's start.
    public init(offset: Duration = .zero) {
      self.offset = offset
    }

    /// The instant `duration` after this one.
    /// - Parameter duration: The duration to add.
    /// - Returns: The resulting instant.
    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    /// The duration from this instant to `other`.
    /// - Parameter other: The other instant.
    /// - Returns: `other` minus this instant.
    public func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    /// Whether `lhs` is earlier than `rhs`.
    public static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }

    /// The offset, for example `0.3 seconds`.
    public var description: String { "\(offset)" }
  }

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
