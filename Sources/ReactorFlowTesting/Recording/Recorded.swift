/// A value stamped with the virtual time, in ticks, at which it happened.
///
/// The shape of RxTest's `Recorded` events, so that expectations read the same:
/// ```swift
/// XCTAssertEqual(recorder.events, [.next(0, false), .next(7, true), .next(8, false)])
/// ```
/// It is used both for what a ``StateRecorder`` saw and for inputs scheduled with
/// ``TestClock/schedule(_:_:)``.
public struct Recorded<Value> {
  /// The virtual time, in ticks of the clock (``TestClock/tick``, one second by default).
  public var time: Int
  /// The value.
  public var value: Value

  /// Creates a recorded value.
  /// - Parameters:
  ///   - time: The virtual time, in ticks.
  ///   - value: The value.
  public init(time: Int, value: Value) {
    self.time = time
    self.value = value
  }

  /// A value at a virtual time, in ticks: `.next(7, true)`.
  /// - Parameters:
  ///   - time: The virtual time, in ticks.
  ///   - value: The value.
  /// - Returns: The recorded value.
  public static func next(_ time: Int, _ value: Value) -> Recorded {
    Recorded(time: time, value: value)
  }
}

extension Recorded: Equatable where Value: Equatable {}
extension Recorded: Hashable where Value: Hashable {}
extension Recorded: Sendable where Value: Sendable {}

extension Recorded: CustomStringConvertible {
  /// `next(7, true)`, as in RxTest, so that a failed `XCTAssertEqual` is easy to read.
  public var description: String { "next(\(time), \(value))" }
}
