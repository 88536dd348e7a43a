/// Any error, kept as its text: an error type that is `Equatable`, `Hashable`, `Sendable` and
/// `Codable` whatever was thrown.
///
/// A state that shows an error must be `Equatable` to be compared, recorded and tested, and
/// `any Error` is not. Keep the error as a `DescribedError` when the screen only shows it; when
/// the screen tells errors apart (an expired session, no connection), keep them as an error type
/// of yours instead, the `Failure` of a ``Loadable`` or of a typed `throws`.
///
/// ```swift
/// .run { send in
///   await send(.setPeople(try await client.people()))
/// } catch: { error, send in
///   await send(.setError(DescribedError(error)))
/// }
/// ```
public struct DescribedError: Error, Hashable, Sendable, Codable, CustomStringConvertible {
  /// The error's text: `String(describing:)` of the error, so an error that is
  /// `CustomStringConvertible` chooses it.
  public let description: String

  /// Keeps the text of `error`.
  /// - Parameter error: Any error; a `DescribedError` keeps its text as it is.
  public init(_ error: any Error) {
    description = (error as? DescribedError)?.description ?? String(describing: error)
  }

  /// An error with this text, for example one read back from a file.
  /// - Parameter description: The text.
  public init(description: String) {
    self.description = description
  }

  /// Decodes the text, a single string.
  /// - Parameter decoder: The decoder.
  public init(from decoder: any Decoder) throws {
    description = try decoder.singleValueContainer().decode(String.self)
  }

  /// Encodes the text as a single string.
  /// - Parameter encoder: The encoder.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
