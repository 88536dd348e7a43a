import Foundation
import RandomUserCore
import XCTest

/// `PersonSection.People`, the sections' view into one shared list of people, and the grouping
/// that makes it: it must read, compare and encode exactly like the `[Person]` it replaced.
final class PersonSectionPeopleTests: XCTestCase {
  private let client = OfflinePeopleClient()

  func test_grouping_everySection_isZeroBasedAndMatchesItsArray() async throws {
    // given
    let people = try await client.fetchPeople(count: 500, seed: "people-view")

    // when
    let sections = PersonSection.grouping(people)

    // then
    XCTAssertGreaterThan(sections.count, 2, "the view must be checked past the first section")
    for section in sections {
      let array = Array(section.people)
      XCTAssertEqual(section.people.startIndex, 0, section.title)
      XCTAssertEqual(section.people.endIndex, array.count, section.title)
      XCTAssertEqual(section.people.indices, 0..<array.count, section.title)
      XCTAssertEqual(section.people.first, array.first, section.title)
      XCTAssertEqual(section.people.last, array.last, section.title)
      for index in section.people.indices {
        XCTAssertEqual(section.people[index], array[index], "\(section.title)[\(index)]")
      }
      XCTAssertEqual(Array(section.people.reversed()), array.reversed(), section.title)
    }
  }

  func test_grouping_oddAges_keepsEveryoneInOrderAndSortsDecades() async throws {
    // given: ages the API never sends, mixed with real ones, out of order
    let ages = [-5, 200, 161, 5, 159, 160, 1_000_000, Int.max, Int.min, 45, 3, 205]
    let people = try await people(withAges: ages)

    // when
    let sections = PersonSection.grouping(people)

    // then
    let maxDecade = Int.max / 10 * 10
    XCTAssertEqual(sections.map(\.decade), [0, 40, 150, 160, 200, 1_000_000, maxDecade])
    XCTAssertEqual(
      sections.map { $0.people.map(\.age) },
      [[-5, 5, Int.min, 3], [45], [159], [161, 160], [200, 205], [1_000_000], [Int.max]])
    let ids = sections.flatMap { $0.people.map(\.id) }
    XCTAssertEqual(Set(ids), Set(people.map(\.id)), "nobody is dropped")
    XCTAssertEqual(ids.count, people.count, "nobody is duplicated")
    for section in sections {
      let positions = section.people.compactMap { Int($0.id) }
      XCTAssertEqual(positions, positions.sorted(), "\(section.title) keeps the input order")
    }
  }

  func test_codable_sectionOfALoad_roundTripsAndEncodesLikeAnArray() async throws {
    // given: a section that is not the first, so its positions do not start at 0 in the storage
    let sections = PersonSection.grouping(try await client.fetchPeople(count: 200, seed: "codable"))
    let section = try XCTUnwrap(sections.dropFirst().first)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]

    // when
    let data = try encoder.encode(section)
    let decoded = try JSONDecoder().decode(PersonSection.self, from: data)

    // then
    XCTAssertEqual(decoded, section)
    XCTAssertEqual(decoded.people.indices, section.people.indices)
    XCTAssertEqual(try encoder.encode(section.people), try encoder.encode(Array(section.people)))
    let arraySection = ArraySection(decade: section.decade, people: Array(section.people))
    XCTAssertEqual(data, try encoder.encode(arraySection), "the JSON is the one `[Person]` made")
  }

  func test_equality_comparesPeopleNotStorage() async throws {
    // given
    let people = try await client.fetchPeople(count: 100, seed: "equality")
    let sections = PersonSection.grouping(people)
    let section = try XCTUnwrap(sections.dropFirst().first)
    let copy = PersonSection(decade: section.decade, people: Array(section.people))

    // then: the same people in other storage are equal and hash alike
    XCTAssertEqual(section, copy)
    XCTAssertEqual(section.hashValue, copy.hashValue)
    XCTAssertEqual(section.people, PersonSection.grouping(people)[1].people)
    // and other people, or the same in another order, are not
    XCTAssertNotEqual(section.people, sections[0].people)
    XCTAssertNotEqual(section.people, PersonSection.People(section.people.reversed()))
    XCTAssertNotEqual(section.people, PersonSection.People(Array(section.people.dropLast())))
    XCTAssertEqual(PersonSection.People([]), PersonSection.People([]))
  }

  func test_person_settingAge_changesWhatItReadsEncodesAndEquals() async throws {
    // given
    let person = try await client.fetchPeople(count: 1, seed: "age")[0]
    var older = person

    // when
    older.age = person.age + 1

    // then
    XCTAssertEqual(older.age, person.age + 1)
    XCTAssertNotEqual(older, person)
    let decoded = try JSONDecoder().decode(Person.self, from: try JSONEncoder().encode(older))
    XCTAssertEqual(decoded.age, older.age)
    XCTAssertEqual(decoded, older)
  }

  /// People with these ages, whose ids are their positions: `"0"`, `"1"`, ...
  private func people(withAges ages: [Int]) async throws -> [Person] {
    let template = try await client.fetchPeople(count: 1, seed: "odd-ages")[0]
    return ages.enumerated().map { index, age in
      var person = template
      person.id = "\(index)"
      person.age = age
      return person
    }
  }
}

/// `PersonSection` as it was encoded before its people became a view: the reference JSON.
private struct ArraySection: Encodable {
  let decade: Int
  let people: [Person]
}
