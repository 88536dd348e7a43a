/// The people of one age decade, as a list section: `"20s"` holds everyone aged 20 to 29.
public struct PersonSection: Codable, Hashable, Identifiable, Sendable {
  /// The first age of the decade, for example `20`.
  public var decade: Int
  /// The people in the decade, in the order the source sent them.
  public var people: People

  /// The section title, for example `"20s"`.
  public var title: String { "\(decade)s" }

  /// The title identifies a section: there is one section per decade.
  public var id: String { title }

  /// Creates the section of a decade (a multiple of ten) with its people.
  public init(decade: Int, people: People) {
    self.decade = decade
    self.people = people
  }

  /// Creates the section of a decade (a multiple of ten) with an array of people.
  public init(decade: Int, people: [Person]) {
    self.init(decade: decade, people: People(people))
  }

  /// Groups people into one section per age decade, in ascending order, dropping nobody.
  ///
  /// The decade of an age is `age / 10 * 10` (the 0s for a negative age, which the API never sends);
  /// decades nobody falls in get no section.
  ///
  /// ```swift
  /// let sections = PersonSection.grouping(people)
  /// sections.map(\.title)  // ["10s", "20s", "30s", ...]
  /// ```
  public static func grouping(_ people: [Person]) -> [PersonSection] {
    // A counting sort (see `People`) that copies no person and reads each age once. Real ages fall in
    // a few decades, counted in an array (far cheaper than a dictionary); implausible ones in a dictionary.
    let commonDecades = 16
    let decades = people.map { max(0, $0.age) / 10 * 10 }
    var counts = [Int](repeating: 0, count: commonDecades)
    var unusualCounts: [Int: Int] = [:]
    for decade in decades {
      if decade / 10 < commonDecades {
        counts[decade / 10] += 1
      } else {
        unusualCounts[decade, default: 0] += 1
      }
    }
    let unusualDecades = unusualCounts.keys.sorted()
    var unusualKeys: [Int: Int] = [:]
    for (offset, decade) in unusualDecades.enumerated() {
      unusualKeys[decade] = commonDecades + offset
      counts.append(unusualCounts[decade, default: 0])
    }
    let parts = People.partitioning(people, counts: counts) { position in
      let decade = decades[position]
      if decade / 10 < commonDecades { return decade / 10 }
      guard let key = unusualKeys[decade] else { preconditionFailure("decade \(decade) was not counted") }
      return key
    }
    var sections: [PersonSection] = []
    for (key, part) in parts.enumerated() where !part.isEmpty {
      let decade = key < commonDecades ? key * 10 : unusualDecades[key - commonDecades]
      sections.append(PersonSection(decade: decade, people: part))
    }
    return sections
  }
}
