/// Why a route (a deep link) opens nothing: the destination that does not exist, where it is in
/// the route, and why.
///
/// ``ChildStack/init(route:child:)`` throws it, naming the first destination it could not open;
/// nothing is built then, so the screen shown stays as it was.
///
/// ```swift
/// RouteError(position: 1, destination: "order 42", reason: "there is no such order")
///   .description  // "cannot open order 42 (step 2 of the route): there is no such order"
/// ```
public struct RouteError: Error, Hashable, Sendable, Codable, CustomStringConvertible {
  /// The position of the destination in the route, from 0.
  public var position: Int
  /// The destination, as text.
  public var destination: String
  /// Why it cannot be opened.
  public var reason: String

  /// Creates the error for the destination at `position`.
  /// - Parameters:
  ///   - position: The position of the destination in the route, from 0.
  ///   - destination: The destination, as text.
  ///   - reason: Why it cannot be opened.
  public init(position: Int, destination: String, reason: String) {
    self.position = position
    self.destination = destination
    self.reason = reason
  }

  /// One line: `cannot open order 42 (step 2 of the route): there is no such order`.
  /// A decoded recording may hold any position: the step is counted without overflowing.
  public var description: String {
    let (step, overflowed) = position.addingReportingOverflow(1)
    return
      "cannot open \(destination) (step \(overflowed ? "\(position) + 1" : String(step)) of the route): \(reason)"
  }
}
