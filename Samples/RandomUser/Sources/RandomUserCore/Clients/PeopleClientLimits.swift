/// Limits shared by every ``PeopleClient``.
public enum PeopleClientLimits {
  /// The counts the randomuser.me API accepts in one request.
  public static let allowedCounts: ClosedRange<Int> = 1...5000

  /// The largest body a live client reads: 10,240,000 bytes, 2,048 for each of the 5,000 people of
  /// the largest page (a real person takes about 1,100). A larger body is an error.
  public static let maximumBodySize = 2_048 * allowedCounts.upperBound
}
