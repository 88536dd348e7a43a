/// A user, as the fixture's clients return one.
public struct User: Equatable, Sendable {
  /// The user's identifier.
  public var id: Int
  /// The user's name.
  public var name: String

  /// Makes a user.
  /// - Parameters:
  ///   - id: The user's identifier.
  ///   - name: The user's name.
  public init(id: Int, name: String) {
    self.id = id
    self.name = name
  }
}

/// Why a lookup failed: the error type of the typed-throws requirements.
public enum LookupError: Error, Equatable, Sendable {
  /// No user has that identifier.
  case notFound(Int)
  /// The service cannot be reached.
  case offline
}
