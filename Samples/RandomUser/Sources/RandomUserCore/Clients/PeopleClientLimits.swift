/// Limits shared by every ``PeopleClient``.
public enum PeopleClientLimits {
  /// The counts the randomuser.me API accepts in one request.
  public static let allowedCounts: ClosedRange<Int> = 1...5000
}
