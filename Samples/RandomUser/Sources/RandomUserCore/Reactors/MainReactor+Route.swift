extension MainReactor {
  /// A deep link into the screens: a section and, optionally, the position of one of its people,
  /// written `30s/2` (the second person of the 30s) or `30s`.
  public struct Route: Codable, Hashable, Sendable, LosslessStringConvertible {
    /// The title of the section, for example `"30s"`.
    public var section: String
    /// The position of the person in the section, from 1, or `nil` for the section alone.
    public var person: Int?

    /// Creates a route to a section and, optionally, one of its people.
    public init(section: String, person: Int? = nil) {
      self.section = section
      self.person = person
    }

    /// Parses `30s/2` or `30s`; `nil` when the text is not a route (an empty section, a person
    /// that is not a number from 1, more than two parts). Whether it leads anywhere depends on
    /// the people loaded: `open` says.
    public init?(_ description: String) {
      let parts = description.split(separator: "/", omittingEmptySubsequences: false)
      guard (1...2).contains(parts.count), !parts[0].isEmpty else { return nil }
      section = String(parts[0])
      guard parts.count == 2 else { return }
      guard let person = Int(parts[1]), person >= 1 else { return nil }
      self.person = person
    }

    private enum CodingKeys: String, CodingKey { case section, person }

    /// Decodes a route with the checks of ``init(_:)``: a recording is outside input, and a
    /// person that is not a position from 1 would otherwise reach `open` unchecked.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      let section = try container.decode(String.self, forKey: .section)
      let person = try container.decodeIfPresent(Int.self, forKey: .person)
      let text = person.map { "\(section)/\($0)" } ?? section
      guard let route = Route(text), route.section == section, route.person == person else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: decoder.codingPath,
            debugDescription:
              "not a route: the section must be a non-empty title without '/' and the person a position from 1"
          ))
      }
      self = route
    }

    /// `30s/2`, or `30s` for a section alone.
    public var description: String {
      person.map { "\(section)/\($0)" } ?? section
    }
  }
}
