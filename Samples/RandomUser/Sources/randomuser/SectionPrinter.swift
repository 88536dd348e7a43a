import Foundation
import RandomUserCore

/// Renders sections and people as text for people, or as JSON for programs.
enum SectionPrinter {
  /// The `--json` document; the sample's README documents its schema. Every key is always
  /// present (`null` when unknown), so that a program reading it sees one shape.
  struct Document: Encodable {
    struct Section: Encodable {
      let title: String
      let count: Int
      // Encodes as `[Person]` does, without copying the section's people into an array.
      let people: PersonSection.People
    }

    let source: String
    let seed: String?
    let count: Int
    let sections: [Section]

    private enum CodingKeys: String, CodingKey { case source, seed, count, sections }

    func encode(to encoder: any Encoder) throws {
      var object = encoder.container(keyedBy: CodingKeys.self)
      try object.encode(source, forKey: .source)
      try object.encode(seed, forKey: .seed)  // `null` for a live source without --seed.
      try object.encode(count, forKey: .count)
      try object.encode(sections, forKey: .sections)
    }
  }

  /// The loaded sections as text: a summary line, then each title and count and the names in it.
  static func text(_ state: MainReactor.State, source: String) -> String {
    let sections = state.sections.value ?? []
    let total = state.peopleCount
    var out = "\(total) \(total == 1 ? "person" : "people") in \(sections.count) "
    out += "\(sections.count == 1 ? "section" : "sections") (\(shown(source)))\n"
    for section in sections {
      out += "\n\(section.title) (\(section.people.count))\n"
      for person in section.people {
        out += "  \(shown(person.name)), \(person.age), \(shown(person.country ?? "country unknown"))\n"
      }
    }
    return out
  }

  /// The loaded sections as a pretty-printed JSON document with sorted keys.
  static func json(_ state: MainReactor.State, source: String, seed: String?) throws -> String {
    let document = Document(
      source: source, seed: seed, count: state.peopleCount,
      sections: (state.sections.value ?? []).map {
        .init(title: $0.title, count: $0.people.count, people: $0.people)
      })
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // With the milliseconds randomuser.me sends (`.iso8601` drops them). The formatter truncates,
    // and `.999` parsed is a hair below it in binary: half a millisecond more prints `.999` again.
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(
        date.addingTimeInterval(0.0005).formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
    }
    return String(decoding: try encoder.encode(document), as: UTF8.self) + "\n"
  }

  /// The numbered section list of the interactive mode, with the number of starred people in
  /// each section that has some.
  static func sectionList(_ sections: [PersonSection], favourites: Set<Person.ID> = []) -> String {
    guard !sections.isEmpty else { return "No sections loaded.\n" }
    var out = ""
    for (index, section) in sections.enumerated() {
      let people = section.people.count == 1 ? "person" : "people"
      let starred =
        favourites.isEmpty ? 0 : section.people.reduce(0) { $0 + (favourites.contains($1.id) ? 1 : 0) }
      let stars = starred == 0 ? "" : ", \(starred) starred"
      out +=
        "  \(number(index + 1, of: sections.count)). \(section.title) (\(section.people.count) \(people)\(stars))\n"
    }
    return out
  }

  /// The numbered rows of a detail screen; the expanded row shows the person's details.
  static func detail(_ state: DetailReactor.State) -> String {
    var out =
      "\(shown(state.title)): \(state.people.count) \(state.people.count == 1 ? "person" : "people")\n"
    let width = String(state.people.count).count
    for (index, person) in state.people.enumerated() {
      let isExpanded = index == state.expandedIndex
      let star = state.favourites.contains(person.id) ? " *" : ""
      out +=
        "  \(number(index + 1, of: state.people.count)). [\(isExpanded ? "-" : "+")] \(shown(person.name))\(star)\n"
      if isExpanded {
        out += details(of: person, indent: String(repeating: " ", count: width + 6))
      }
    }
    return out
  }

  /// `number` right-aligned to the width of `count`, so that ` 9.` stands above `10.`.
  static func number(_ number: Int, of count: Int) -> String {
    let text = String(number)
    return String(repeating: " ", count: max(0, String(count).count - text.count)) + text
  }

  /// Every field of a person, one per line.
  static func details(of person: Person, indent: String) -> String {
    let born = person.dateOfBirth.formatted(.iso8601.year().month().day())
    var out = "\(indent)Age:      \(person.age) (born \(born))\n"
    out += "\(indent)Gender:   \(shown(person.gender))\n"
    out += "\(indent)Email:    \(shown(person.email))\n"
    out += "\(indent)Phone:    \(shown(person.phone))\n"
    out += "\(indent)Lives in: \(shown(person.city)), \(shown(person.country ?? "country unknown"))\n"
    out += "\(indent)Picture:  \(shown(person.pictureURL?.absoluteString ?? "none"))\n"
    return out
  }

  /// Text from outside (the server, a recording, the command line) as it may reach a terminal:
  /// through the filter of typed lines, so that a name cannot set the window title, clear the
  /// screen, add a hyperlink or reverse the text that follows. `--json` escapes instead.
  static func shown(_ text: String) -> String {
    TerminalInput.sanitized(text)
  }
}
