import Foundation
import XCTest

@testable import RandomUserCore

/// The embedded offline source: deterministic, realistic, in the randomuser.me format.
final class OfflinePeopleClientTests: XCTestCase {
  /// 2025-01-01T00:00:00Z, injected so that no test depends on the real date.
  private static let newYear2025 = Date(timeIntervalSince1970: 1_735_689_600)
  private let client = OfflinePeopleClient(now: { OfflinePeopleClientTests.newYear2025 })

  func test_fetch_sameSeed_givesSamePeople() async throws {
    // when
    let first = try await client.fetchPeople(count: 200, seed: "same")
    let second = try await client.fetchPeople(count: 200, seed: "same")

    // then
    XCTAssertEqual(first, second)
    XCTAssertEqual(
      try client.responseData(count: 50, seed: "same"), try client.responseData(count: 50, seed: "same"))
  }

  func test_fetch_otherSeed_givesOtherPeople() async throws {
    // when
    let first = try await client.fetchPeople(count: 50, seed: "one")
    let second = try await client.fetchPeople(count: 50, seed: "two")

    // then
    XCTAssertTrue(Set(first.map(\.id)).isDisjoint(with: second.map(\.id)))
  }

  func test_fetch_nilSeed_usesDefaultSeed() async throws {
    // when
    let implicit = try await client.fetchPeople(count: 20, seed: nil)
    let explicit = try await client.fetchPeople(count: 20, seed: OfflinePeopleClient.defaultSeed)

    // then
    XCTAssertEqual(implicit, explicit)
  }

  func test_fetch_smallerCount_isPrefixOfLargerCount() async throws {
    // when
    let ten = try await client.fetchPeople(count: 10, seed: "prefix")
    let hundred = try await client.fetchPeople(count: 100, seed: "prefix")

    // then
    XCTAssertEqual(ten, Array(hundred.prefix(10)))
  }

  func test_fetch_tenThousand_isRealisticAndUnique() async throws {
    // when
    let people = try await client.fetchPeople(count: 10_000, seed: "realistic")

    // then
    XCTAssertEqual(people.count, 10_000)
    XCTAssertEqual(Set(people.map(\.id)).count, 10_000)
    XCTAssertEqual(people.map(\.age).min(), 18)
    XCTAssertEqual(people.map(\.age).max(), 90)
    XCTAssertEqual(Set(people.map(\.gender)), ["female", "male"])
    XCTAssertEqual(Set(people.map(\.country)).count, 3)
    XCTAssertGreaterThan(Set(people.map(\.name)).count, 200)
    let reference = Self.newYear2025
    for person in people.prefix(500) {
      XCTAssertTrue(person.email.hasSuffix("@example.com"), person.email)
      XCTAssertEqual(person.pictureURL?.host, "randomuser.me")
      let age = Calendar(identifier: .gregorian).dateComponents(in: .gmt, from: person.dateOfBirth)
      let years = Calendar(identifier: .gregorian).dateComponents(
        [.year], from: age.date ?? .distantPast, to: reference)
      XCTAssertEqual(years.year, person.age, "\(person.name) born \(person.dateOfBirth)")
    }
  }

  func test_responseData_isRandomUserJSON_withInfoAndBothPostcodeKinds() throws {
    // when
    let data = try client.responseData(count: 300, seed: "format")
    let response = try JSONDecoder().decode(RandomUserResponse.self, from: data)

    // then
    XCTAssertEqual(response.info, .init(seed: "format", results: 300, page: 1, version: "1.4"))
    let postcodes = response.results.map(\.location.postcode)
    XCTAssertTrue(postcodes.contains { if case .first = $0 { true } else { false } })
    XCTAssertTrue(postcodes.contains { if case .second = $0 { true } else { false } })
    XCTAssertTrue(response.results.contains { $0.id.value == nil })
    XCTAssertTrue(response.results.allSatisfy { $0.login.uuid?.count == 36 })
    XCTAssertTrue(response.results.allSatisfy { $0.location.country != nil && $0.location.timezone != nil })
    let dates = response.results.compactMap { if case .first(let dated) = $0.dob { dated.date } else { nil } }
    XCTAssertEqual(dates.count, 300)
    XCTAssertTrue(dates.allSatisfy { $0.count == 24 && $0.hasSuffix("Z") }, "ISO 8601 with milliseconds")
  }

  func test_responseData_seedWithQuotes_isEscaped() throws {
    // when
    let response = try RandomUserDecoder().response(
      from: try client.responseData(count: 1, seed: "a \"quoted\"\n\\seed"))

    // then
    XCTAssertEqual(response.info?.seed, "a \"quoted\"\n\\seed")
  }

  func test_fetch_zeroOrNegativeCount_givesNobodyOrInvalidRequest() async throws {
    // when
    let nobody = try await client.fetchPeople(count: 0, seed: nil)

    // then
    XCTAssertEqual(nobody, [])
    do {
      _ = try await client.fetchPeople(count: -1, seed: nil)
      XCTFail("a negative count must throw")
    } catch {
      XCTAssertEqual(error as? PeopleClientError, .invalidRequest("count must not be negative, got -1"))
    }
  }

  func test_grouping_edgeAges_putsEveryoneInTheirDecade() async throws {
    // given
    let template = try await client.fetchPeople(count: 1, seed: "edge")[0]
    let people = [18, 19, 20, 29, 30, 90, 45].enumerated().map { index, age in
      var person = template
      person.id = "\(index)"
      person.age = age
      return person
    }

    // when
    let sections = PersonSection.grouping(people)

    // then
    XCTAssertEqual(sections.map(\.title), ["10s", "20s", "30s", "40s", "90s"])
    XCTAssertEqual(sections.map { $0.people.map(\.age) }, [[18, 19], [20, 29], [30], [45], [90]])
    XCTAssertEqual(PersonSection.grouping([]), [])
  }

  // MARK: - Ages are counted to today

  func test_fetch_anotherDay_samePeopleAgedToThatDay() async throws {
    // given: the same source on two days, 1 year 10 months and a half apart
    let later = try XCTUnwrap(ISO8601DateFormatter().date(from: "2026-11-15T12:00:00Z"))
    let laterClient = OfflinePeopleClient(now: { later })

    // when
    let then = try await client.fetchPeople(count: 500, seed: "days")
    let now = try await laterClient.fetchPeople(count: 500, seed: "days")

    // then: the same people, born on the same day, each aged to the day of the fetch
    XCTAssertEqual(now.map(\.id), then.map(\.id))
    XCTAssertEqual(now.map(\.dateOfBirth), then.map(\.dateOfBirth))
    for (person, before) in zip(now, then) {
      XCTAssertEqual(person.age, Self.years(from: person.dateOfBirth, to: later), person.name)
      XCTAssertTrue([before.age + 1, before.age + 2].contains(person.age), "\(person.name): \(before.age)")
    }
  }

  func test_responseData_sameDay_sameBytes() throws {
    // given: two sources on the same injected day
    let other = OfflinePeopleClient(now: { Self.newYear2025 })

    // then
    XCTAssertEqual(
      try client.responseData(count: 40, seed: "bytes"), try other.responseData(count: 40, seed: "bytes"))
  }

  private static func years(from date: Date, to now: Date) -> Int? {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .gmt
    return calendar.dateComponents([.year], from: date, to: now).year
  }
}
