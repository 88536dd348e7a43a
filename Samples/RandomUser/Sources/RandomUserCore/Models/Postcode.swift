/// A postcode as randomuser.me sends it: a JSON number for some nationalities, a string for others.
///
/// US and German postcodes arrive as `63104`, British and Canadian ones as `"V4K 3T8"`; decoding
/// must accept both and keep what was sent, so that encoding gives back the same JSON.
public enum Postcode: Codable, Hashable, Sendable, CustomStringConvertible {
  /// A postcode that was a JSON number.
  case number(Int)
  /// A postcode that was a JSON string.
  case text(String)

  /// The postcode as a person would write it.
  public var description: String {
    switch self {
    case .number(let value): String(value)
    case .text(let value): value
    }
  }

  /// Decodes a JSON number or a JSON string.
  ///
  /// - Parameter decoder: The decoder positioned on the `postcode` value.
  /// - Throws: `DecodingError.typeMismatch` when the value is neither a number nor a string.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let number = try? container.decode(Int.self) {
      self = .number(number)
    } else if let text = try? container.decode(String.self) {
      self = .text(text)
    } else {
      throw DecodingError.typeMismatch(
        Postcode.self,
        .init(codingPath: decoder.codingPath, debugDescription: "postcode is neither a number nor a string")
      )
    }
  }

  /// Encodes the postcode back to the JSON type it was decoded from.
  ///
  /// - Parameter encoder: The encoder to write to.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .number(let value): try container.encode(value)
    case .text(let value): try container.encode(value)
    }
  }
}
