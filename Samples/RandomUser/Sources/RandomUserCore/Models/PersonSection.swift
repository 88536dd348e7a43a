/// The people of one age decade, as a list section: `"20s"` holds everyone aged 20 to 29.
public struct PersonSection: Codable, Hashable, Identifiable, Sendable {
  /// The first age of the decade, for example `20`.
  public var decade: Int
  /// The people in the decade, in the order the source sent them.
  public var people: [Person]

  /// The section title, for example `"20s"`.
  public var title: String { "\(decade)s" }

  /// The title identifies a section: there is one section per decade.
  public var id: String { title }

  /// Creates a section.
  ///
  /// - Parameters:
  ///   - decade: The first age of the decade, a multiple of ten.
  ///   - people: The people in the decade.
  public init(decade: Int, people: [Person]) {
    self.decade = decade
    self.people = people
  }

  /// Groups people into one section per age decade, in ascending order, dropping nobody.
  ///
  /// The decade of an age is `age / 10 * 10`; decades nobody falls in get no section.
  ///
  /// ```swift
  /// let sections = PersonSection.grouping(people)
  /// sections.map(\.title)  // ["10s", "20s", "30s", ...]
  /// ```
  ///
  /// - Parameter people: The people to group.
  /// - Returns: The non-empty sections, youngest decade first.
  public static func grouping(_ people: [Person]) -> [PersonSection] {
    // Real ages fall in a handful of decades: index an array by decade, which is several times
    // cheaper per person than a dictionary. Implausible ages still land in a section of their own.
    let commonDecades = 16
    var buckets = [[Person]](repeating: [], count: commonDecades)
    var unusual: [Int: [Person]] = [:]
    for person in people {
      let decade = decade(ofAge: person.age)
      let index = decade / 10
      if index < commonDecades {
        buckets[index].append(person)
      } else {
        unusual[decade, default: []].append(person)
      }
    }
    var sections: [PersonSection] = []
    for (index, bucket) in buckets.enumerated() where !bucket.isEmpty {
      sections.append(PersonSection(decade: index * 10, people: bucket))
    }
    for decade in unusual.keys.sorted() {
      sections.append(PersonSection(decade: decade, people: unusual[decade] ?? []))
    }
    return sections
  }

  /// The decade an age falls in; negative ages (which the API never sends) count as the 0s.
  static func decade(ofAge age: Int) -> Int {
    max(0, age) / 10 * 10
  }
}
