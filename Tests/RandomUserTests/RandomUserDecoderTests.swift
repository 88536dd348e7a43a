import Foundation
import XCTest

@testable import RandomUserCore

/// The one decoding path of both clients, against real randomuser.me JSON and broken bodies.
final class RandomUserDecoderTests: XCTestCase {
  private let decoder = RandomUserDecoder()

  func test_response_realFixture_decodesEveryField() throws {
    // when
    let response = try decoder.response(from: Fixtures.threePeople)

    // then
    XCTAssertEqual(
      response.info, RandomUserInfo(seed: "56d27f4a53bd5441", results: 3, page: 1, version: "1.4"))
    XCTAssertEqual(response.results.count, 3)
    let jennie = response.results[0]
    XCTAssertEqual(jennie.name, .init(title: "Miss", first: "Jennie", last: "Nichols"))
    XCTAssertEqual(jennie.location.street, .init(number: 8929, name: "Valwood Pkwy"))
    XCTAssertEqual(jennie.location.postcode, .number(63104))
    XCTAssertEqual(jennie.location.coordinates, .init(latitude: "-69.8246", longitude: "134.8719"))
    XCTAssertEqual(jennie.location.timezone, .init(offset: "+9:30", description: "Adelaide, Darwin"))
    XCTAssertEqual(
      jennie.login, .init(uuid: "7a0eed16-9430-4d68-901f-c0d4c1c3bf00", username: "yellowpeacock117"))
    XCTAssertEqual(jennie.dob, .init(date: "1992-03-08T15:13:16.688Z", age: 30))
    XCTAssertEqual(jennie.registered, .init(date: "2007-07-09T05:51:59.390Z", age: 14))
    XCTAssertEqual(jennie.id, .init(name: "SSN", value: "405-88-3636"))
    XCTAssertEqual(jennie.picture.thumbnail, "https://randomuser.me/api/portraits/thumb/women/75.jpg")
    XCTAssertEqual(jennie.nat, "US")
    XCTAssertEqual(response.results[1].location.postcode, .text("V4K 3T8"))
    XCTAssertEqual(response.results[2].id, .init(name: "", value: nil))
  }

  func test_people_realFixture_mapsEachResultToAPerson() throws {
    // when
    let people = try decoder.people(from: Fixtures.threePeople)

    // then
    XCTAssertEqual(people.count, 3)
    XCTAssertEqual(
      people[0],
      Person(
        id: "7a0eed16-9430-4d68-901f-c0d4c1c3bf00", name: "Jennie Nichols", age: 30, gender: "female",
        email: "jennie.nichols@example.com", country: "United States", city: "Billings",
        phone: "(272) 790-0888", dateOfBirth: Date(timeIntervalSince1970: 700_067_596.688),
        pictureURL: URL(string: "https://randomuser.me/api/portraits/women/75.jpg")
      )
    )
    XCTAssertEqual(people.map(\.name), ["Jennie Nichols", "Liam Gagnon", "Jutta Krüger"])
  }

  func test_people_fastPath_agreesWithFullModelsAndWithJSONDecoder() throws {
    // given: real JSON and a large offline page
    for data in [Fixtures.threePeople, try OfflinePeopleClient().responseData(count: 500, seed: "agree")] {
      // when
      let fast = try decoder.people(from: data)
      let viaModels = try decoder.response(from: data).results.compactMap(Person.init(result:))
      let viaFoundation = try JSONDecoder().decode(RandomUserResponse.self, from: data)

      // then
      XCTAssertEqual(fast, viaModels)
      XCTAssertEqual(try decoder.response(from: data), viaFoundation)
    }
  }

  func test_response_encodedWithJSONEncoder_roundTrips() throws {
    // given
    let response = try decoder.response(from: Fixtures.threePeople)

    // when
    let encoded = try JSONEncoder().encode(response)

    // then: the postcode keeps its JSON type, and a null id value stays null
    XCTAssertEqual(try decoder.response(from: encoded), response)
    let text = String(decoding: encoded, as: UTF8.self)
    XCTAssertTrue(text.contains(#""postcode":63104"#), text)
    XCTAssertTrue(text.contains(#""postcode":"V4K 3T8""#), text)
    XCTAssertTrue(text.contains(#""value":null"#), text)
  }

  func test_response_escapesAndUnicode_areDecoded() throws {
    // given
    let body = Data(
      #"""
      {"results":[],"info":{"seed":"a\"b\\c\/d\n\u00e9\ud83d\ude00","results":0,"page":1,"version":"1.4"},
       "extra":[true,false,null,-1.5e3,{"k":[]}]}
      """#.utf8)

    // when
    let info = try decoder.response(from: body).info

    // then
    XCTAssertEqual(info.seed, "a\"b\\c/d\né😀")
  }

  func test_people_brokenBodies_throwUndecodableWithAReason() {
    let cases: [(String, String)] = [
      ("", "unexpected end of data"),
      ("<html>500</html>", "expected an object"),
      (#"{"results":[{"gender":"male""#, "results[0]: unexpected end of data"),
      (
        #"{"results":[],"info":{"seed":"s","results":0,"page":1,"version":"1.4"}} trailing"#,
        "unexpected content"
      ),
      (#"{"results":[]}"#, "missing key info"),
      (#"{"info":{"seed":"s","results":0,"page":1,"version":"1.4"}}"#, "missing key results"),
      (#"{"results":[],"info":{"seed":"s","results":"zero","page":1,"version":"1.4"}}"#, "expected a value"),
      (#"{"results":[],"info":{"seed":"s","results":1.5,"page":1,"version":"1.4"}}"#, "expected an integer"),
      (#"{"results":[],"info":{"seed":"s","results":01,"page":1,"version":"1.4"}}"#, "leading zero"),
      (#"{"results":[],"info":{"seed":"\q","results":0,"page":1,"version":"1.4"}}"#, "invalid escape"),
      (#"{"results":[1,],"info":{}}"#, "results[0]: expected an object"),
    ]
    for (body, reason) in cases {
      // when
      XCTAssertThrowsError(try decoder.people(from: Data(body.utf8)), body) { error in
        // then
        guard case .undecodable(let message) = error as? PeopleClientError else {
          return XCTFail("\(body): \(error) is not .undecodable")
        }
        XCTAssertTrue(message.contains(reason), "\(body): \(message)")
      }
    }
  }

  func test_people_missingFieldOrBadDate_namesTheField() throws {
    // given
    let text = String(decoding: Fixtures.threePeople, as: UTF8.self)
    let withoutEmail = text.replacingOccurrences(of: #""email": "liam.gagnon@example.com","#, with: "")
    let badDate = text.replacingOccurrences(of: "1955-01-30T20:05:33.870Z", with: "30/01/1955")

    // then
    XCTAssertThrowsError(try decoder.people(from: Data(withoutEmail.utf8))) { error in
      XCTAssertEqual(
        (error as? PeopleClientError).map { "\($0)".contains("results[1]: missing key email") }, true,
        "\(error)")
    }
    XCTAssertThrowsError(try decoder.people(from: Data(badDate.utf8))) { error in
      XCTAssertEqual(
        (error as? PeopleClientError).map { "\($0)".contains("results[2]: dob.date is not a timestamp") },
        true,
        "\(error)")
    }
  }

  func test_people_invalidUTF8_throwsUndecodable() {
    // given
    var body = Data(#"{"results":[],"info":{"seed":""#.utf8)
    body.append(contentsOf: [0xC3, 0x28])
    body.append(contentsOf: Data(#"","results":0,"page":1,"version":"1.4"}}"#.utf8))

    // then
    XCTAssertThrowsError(try decoder.response(from: body)) { error in
      XCTAssertEqual(
        (error as? PeopleClientError).map { "\($0)".contains("invalid UTF-8") }, true, "\(error)")
    }
  }

  func test_randomUserDate_parseAndFormat_roundTrip() {
    // given
    let samples = ["1992-03-08T15:13:16.688Z", "1900-01-01T00:00:00.000Z", "2024-02-29T23:59:59.999Z"]

    for sample in samples {
      // when
      let date = RandomUserDate.parse(sample)

      // then
      XCTAssertEqual(date.map(RandomUserDate.format), sample)
    }
    XCTAssertEqual(RandomUserDate.parse("1970-01-01T01:00:00+01:00"), Date(timeIntervalSince1970: 0))
    XCTAssertEqual(RandomUserDate.parse("1970-01-01T00:00:00Z"), Date(timeIntervalSince1970: 0))
    for bad in [
      "", "1992-03-08", "1992-13-08T15:13:16Z", "1992-03-08T15:13:16", "1992-03-08T15:13:16.Z", "x",
    ] {
      XCTAssertNil(RandomUserDate.parse(bad), bad)
    }
  }
}
