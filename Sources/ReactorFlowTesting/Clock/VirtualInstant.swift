/// A point in the virtual time of a ``TestClock`` or an ``ImmediateClock``: an offset from the
/// clock's start.
public struct VirtualInstant: InstantProtocol, Sendable, Hashable, CustomStringConvertible {
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
  public func advanced(by duration: Duration) -> VirtualInstant {
    VirtualInstant(offset: offset + duration)
  }

  /// The duration from this instant to `other`.
  /// - Parameter other: The other instant.
  /// - Returns: `other` minus this instant.
  public func duration(to other: VirtualInstant) -> Duration {
    other.offset - offset
  }

  /// Whether `lhs` is earlier than `rhs`.
  public static func < (lhs: VirtualInstant, rhs: VirtualInstant) -> Bool {
    lhs.offset < rhs.offset
  }

  /// The offset, for example `0.3 seconds`.
  public var description: String { "\(offset)" }
}
