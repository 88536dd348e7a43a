import Foundation
import XCTest

@testable import RandomUserCore

/// The one decoding path of every source, on a response of each API version from 1.0 to 1.4
/// (`Support/Fixtures.swift`), and on broken and oversized pages.
final class RandomUserDecoderTests: XCTestCase {
  private typealias Response = RandomUserResponse
  /// 2025-01-01T00:00:00Z: ages that versions 1.0 and 1.1 do not send are counted to it.
  private let decoder = RandomUserDecoder(now: Date(timeIntervalSince1970: 1_735_689_600))

  // MARK: - Every version, decoded exactly

  func test_response_version14_decodesEveryField() throws {
    // when
    let response = try decoder.response(from: Fixtures.version14)

    // then
    XCTAssertEqual(
      response,
      Response(
        results: [
          Response.Result(
            gender: "female", name: .init(title: "Ms", first: "Saanvi", last: "Kulkarni"),
            location: .init(
              street: .second(.init(number: 4417, name: "Station Road")), city: "Nashik",
              state: "Maharashtra",
              country: "India", postcode: .first(422011),
              coordinates: .init(latitude: "19.9975", longitude: "73.7898"),
              timezone: .init(offset: "+5:30", description: "Bombay, Calcutta, Madras, New Delhi")),
            email: "saanvi.kulkarni@example.com",
            login: .init(uuid: "3f1c9a2e-6b47-4d0a-9e21-5c8b7d6a4f13", username: "orangeotter402"),
            dob: .first(.init(date: "1990-11-04T06:42:18.507Z", age: 34)),
            registered: .first(.init(date: "2016-02-19T21:05:33.064Z", age: 9)),
            phone: "8123456790", cell: "9876543012", id: .init(name: "UIDAI", value: "483920175561"),
            picture: Self.picture("women/44"), nat: "IN"),
          Response.Result(
            gender: "male", name: .init(title: "Mr", first: "Émile", last: "Fortin"),
            location: .init(
              street: .second(.init(number: 87, name: "Rue Principale")), city: "Trois-Rivières",
              state: "Québec",
              country: "Canada", postcode: .second("G9A 2L5"),
              coordinates: .init(latitude: "46.3432", longitude: "-72.5477"),
              timezone: .init(offset: "-5:00", description: "Eastern Time (US & Canada), Bogota, Lima")),
            email: "emile.fortin@example.com",
            login: .init(uuid: "c8e06b1d-3a5f-4729-b4e8-6d2f0a9c7e51", username: "purplebeaver667"),
            dob: .first(.init(date: "1972-01-31T23:59:59.999Z", age: 53)),
            registered: .first(.init(date: "2010-06-07T12:00:00.000Z", age: 15)),
            phone: "R47-Q20-8816", cell: "M05-T63-4297", id: .init(name: "SIN", value: "530284196"),
            picture: Self.picture("men/90"), nat: "CA"),
        ],
        info: .init(seed: "5a0e8c3d7b1f4962", results: 2, page: 1, version: "1.4")))
  }

  func test_people_version14_mapsEveryPersonWithMilliseconds() throws {
    // when
    let people = try decoder.people(from: Fixtures.version14)

    // then
    assertPeople(
      people,
      [
        Person(
          id: "3f1c9a2e-6b47-4d0a-9e21-5c8b7d6a4f13", name: "Saanvi Kulkarni", age: 34, gender: "female",
          email: "saanvi.kulkarni@example.com", country: "India", city: "Nashik", phone: "8123456790",
          dateOfBirth: Date(timeIntervalSince1970: 657_700_938.507), pictureURL: Self.pictureURL("women/44")),
        Person(
          id: "c8e06b1d-3a5f-4729-b4e8-6d2f0a9c7e51", name: "Émile Fortin", age: 53, gender: "male",
          email: "emile.fortin@example.com", country: "Canada", city: "Trois-Rivières", phone: "R47-Q20-8816",
          dateOfBirth: Date(timeIntervalSince1970: 65_750_399.999), pictureURL: Self.pictureURL("men/90")),
      ])
    XCTAssertEqual(
      people.map { Int64(($0.dateOfBirth.timeIntervalSince1970 * 1000).rounded()) },
      [657_700_938_507, 65_750_399_999])
  }

  func test_response_version13_decodesEveryField() throws {
    // when
    let response = try decoder.response(from: Fixtures.version13)

    // then
    XCTAssertEqual(
      response,
      Response(
        results: [
          Response.Result(
            gender: "female", name: .init(title: "Miss", first: "Megan", last: "Fletcher"),
            location: .init(
              street: .second(.init(number: 318, name: "Church Lane")), city: "Carlisle", state: "Cumbria",
              country: "United Kingdom", postcode: .second("K7 3QT"),
              coordinates: .init(latitude: "54.8925", longitude: "-2.9329"),
              timezone: .init(offset: "+1:00", description: "Brussels, Copenhagen, Madrid, Paris")),
            email: "megan.fletcher@example.com",
            login: .init(uuid: "e41a7c93-2b5d-4f08-9c6e-1d3a5b7f9e20", username: "sillyotter940"),
            dob: .first(.init(date: "1995-07-19T03:58:27.415Z", age: 25)),
            registered: .first(.init(date: "2018-02-06T16:21:09.902Z", age: 2)),
            phone: "017687 41952", cell: "07725 318406", id: .init(name: "NINO", value: "JR 56 38 21 T"),
            picture: Self.picture("women/63"), nat: "GB"),
          Response.Result(
            gender: "male", name: .init(title: "Mr", first: "Jürgen", last: "Krause"),
            location: .init(
              street: .second(.init(number: 2294, name: "Gartenweg")), city: "Kassel", state: "Hessen",
              country: "Germany", postcode: .first(34117),
              coordinates: .init(latitude: "51.3127", longitude: "9.4797"),
              timezone: .init(offset: "+2:00", description: "Kaliningrad, South Africa")),
            email: "jurgen.krause@example.com",
            login: .init(uuid: "9b0c2e4f-7a1d-4b63-8e5f-3c7a9d1b5e08", username: "heavyswan381"),
            dob: .first(.init(date: "1958-04-11T09:15:50.003Z", age: 62)),
            registered: .first(.init(date: "2003-11-28T19:44:36.777Z", age: 16)),
            phone: "0612-4471839", cell: "0171-2086645", id: .init(name: "", value: nil),
            picture: Self.picture("men/5"), nat: "DE"),
        ],
        info: .init(seed: "d05b7e3a9c1f8264", results: 2, page: 1, version: "1.3")))
  }

  func test_people_version13_mapsEveryPerson() throws {
    // when
    let people = try decoder.people(from: Fixtures.version13)

    // then
    assertPeople(
      people,
      [
        Person(
          id: "e41a7c93-2b5d-4f08-9c6e-1d3a5b7f9e20", name: "Megan Fletcher", age: 25, gender: "female",
          email: "megan.fletcher@example.com", country: "United Kingdom", city: "Carlisle",
          phone: "017687 41952",
          dateOfBirth: Date(timeIntervalSince1970: 806_126_307.415), pictureURL: Self.pictureURL("women/63")),
        Person(
          id: "9b0c2e4f-7a1d-4b63-8e5f-3c7a9d1b5e08", name: "Jürgen Krause", age: 62, gender: "male",
          email: "jurgen.krause@example.com", country: "Germany", city: "Kassel", phone: "0612-4471839",
          dateOfBirth: Date(timeIntervalSince1970: -370_017_849.997), pictureURL: Self.pictureURL("men/5")),
      ])
  }

  func test_response_version12_decodesEveryFieldWithoutCountry() throws {
    // when
    let response = try decoder.response(from: Fixtures.version12)

    // then
    XCTAssertEqual(
      response,
      Response(
        results: [
          Response.Result(
            gender: "female", name: .init(title: "ms", first: "orla", last: "brennan"),
            location: .init(
              street: .first("1873 mill lane"), city: "galway", state: "connacht", country: nil,
              postcode: .first(60417), coordinates: .init(latitude: "53.2707", longitude: "-9.0568"),
              timezone: .init(offset: "0:00", description: "Western Europe Time, London, Lisbon, Casablanca")),
            email: "orla.brennan@example.com",
            login: .init(uuid: "b7e2c4a1-9d3f-4e68-a5c0-2f1d8b6e9a34", username: "greenfalcon733"),
            dob: .first(.init(date: "1987-05-23T14:09:41Z", age: 31)),
            registered: .first(.init(date: "2012-10-02T08:30:12Z", age: 5)),
            phone: "061-402-8813", cell: "081-775-3290", id: .init(name: "PPS", value: "4729183T"),
            picture: Self.picture("women/12"), nat: "IE"),
          Response.Result(
            gender: "male", name: .init(title: "mr", first: "mathis", last: "gauthier"),
            location: .init(
              street: .first("6402 dufferin st"), city: "sherbrooke", state: "québec", country: nil,
              postcode: .second("J1H 4N7"), coordinates: .init(latitude: "45.4042", longitude: "-71.8929"),
              timezone: .init(offset: "-5:00", description: "Eastern Time (US & Canada), Bogota, Lima")),
            email: "mathis.gauthier@example.com",
            login: .init(uuid: "0d5f8a2c-6e1b-4c97-b3d4-8a7e2f0c5b19", username: "bravemoose118"),
            dob: .first(.init(date: "1963-12-01T22:47:03Z", age: 54)),
            registered: .first(.init(date: "2004-03-17T11:02:58Z", age: 14)),
            phone: "K32-B71-4408", cell: "P86-W19-5573", id: .init(name: "", value: nil),
            picture: Self.picture("men/77"), nat: "CA"),
        ],
        info: .init(seed: "7c3e91d0f4a2b658", results: 2, page: 1, version: "1.2")))
  }

  func test_people_version12_countryIsUnknown() throws {
    // when
    let people = try decoder.people(from: Fixtures.version12)

    // then
    assertPeople(
      people,
      [
        Person(
          id: "b7e2c4a1-9d3f-4e68-a5c0-2f1d8b6e9a34", name: "orla brennan", age: 31, gender: "female",
          email: "orla.brennan@example.com", country: nil, city: "galway", phone: "061-402-8813",
          dateOfBirth: Date(timeIntervalSince1970: 548_777_381), pictureURL: Self.pictureURL("women/12")),
        Person(
          id: "0d5f8a2c-6e1b-4c97-b3d4-8a7e2f0c5b19", name: "mathis gauthier", age: 54, gender: "male",
          email: "mathis.gauthier@example.com", country: nil, city: "sherbrooke", phone: "K32-B71-4408",
          dateOfBirth: Date(timeIntervalSince1970: -191_985_177), pictureURL: Self.pictureURL("men/77")),
      ])
  }

  func test_people_versions10And11_bareDatesAndNoUUID_useUserNameAndCountAges() throws {
    // when
    let version10 = try decoder.people(from: Fixtures.version10)
    let version11 = try decoder.people(from: Fixtures.version11)

    // then
    assertPeople(
      version10,
      [
        Person(
          id: "tinyheron215", name: "bram de wit", age: 45, gender: "male", email: "bram.dewit@example.com",
          country: nil, city: "zwolle", phone: "(048)-418-2275",
          dateOfBirth: Date(timeIntervalSince1970: 303_931_205), pictureURL: Self.pictureURL("men/31"))
      ])
    assertPeople(
      version11,
      [
        Person(
          id: "quietlynx608", name: "elif aydın", age: 45, gender: "female", email: "elif.aydın@example.com",
          country: nil, city: "bursa", phone: "(722)-514-3390",
          dateOfBirth: Date(timeIntervalSince1970: 304_881_605), pictureURL: Self.pictureURL("women/58"))
      ])
    let response = try decoder.response(from: Fixtures.version10)
    XCTAssertEqual(response.results[0].location.street, .first("5521 lange nieuwstraat"))
    XCTAssertEqual(response.results[0].dob, .second(.second(303_931_205)))
    XCTAssertEqual(response.results[0].login, .init(uuid: nil, username: "tinyheron215"))
    XCTAssertEqual(try decoder.response(from: Fixtures.version11).results[0].id, .init(name: "", value: nil))
    XCTAssertEqual(
      try decoder.response(from: Fixtures.version11).results[0].dob, .second(.first("1979-08-30 17:20:05")))
  }

  // MARK: - Encoding back

  func test_response_encodedWithJSONEncoder_roundTripsEachVersion() throws {
    for fixture in [
      Fixtures.version10, Fixtures.version11, Fixtures.version12, Fixtures.version13, Fixtures.version14,
    ] {
      // given
      let response = try decoder.response(from: fixture)

      // when
      let encoded = try JSONEncoder().encode(response)

      // then: postcodes keep their JSON type, a null id value stays null, bare dates stay bare
      XCTAssertEqual(try decoder.response(from: encoded), response)
    }
    let text = String(
      decoding: try JSONEncoder().encode(try decoder.response(from: Fixtures.version12)), as: UTF8.self)
    XCTAssertTrue(text.contains(#""postcode":60417"#), text)
    XCTAssertTrue(text.contains(#""postcode":"J1H 4N7""#), text)
    XCTAssertTrue(text.contains(#""value":null"#), text)
  }

  // MARK: - Bounds and broken bodies

  func test_people_moreThanTheLimit_throwsTooManyPeople() {
    // when
    XCTAssertThrowsError(try decoder.people(from: Fixtures.version14, atMost: 1)) { error in
      // then
      XCTAssertEqual(error as? PeopleClientError, .tooManyPeople(requested: 1, received: 2))
    }
    XCTAssertEqual(try decoder.people(from: Fixtures.version14, atMost: 2).count, 2)
  }

  func test_people_brokenBodies_throwUndecodableWithAReason() {
    let cases: [(String, String)] = [
      ("", "not valid JSON"),
      ("<html>500</html>", "not valid JSON"),
      (#"{"results":[{"gender":"male""#, "not valid JSON"),
      (#"{"info":{"seed":"s","results":0,"page":1,"version":"1.4"}}"#, "missing key results"),
      (#"{"results":[1]}"#, "results[0] is a number, not an object"),
      (
        #"{"results":[],"info":{"seed":"s","results":"zero","page":1,"version":"1.4"}}"#,
        "info.results is a string, not a number"
      ),
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
    let text = String(decoding: Fixtures.version13, as: UTF8.self)
    let withoutEmail = text.replacingOccurrences(of: #""email":"jurgen.krause@example.com","#, with: "")
    let badDate = text.replacingOccurrences(of: "1958-04-11T09:15:50.003Z", with: "11/04/1958")

    // then
    XCTAssertThrowsError(try decoder.people(from: Data(withoutEmail.utf8))) { error in
      XCTAssertEqual(error as? PeopleClientError, .undecodable("missing key results[1].email"))
    }
    XCTAssertThrowsError(try decoder.people(from: Data(badDate.utf8))) { error in
      XCTAssertEqual(error as? PeopleClientError, .undecodable("results[1].dob is not a date"))
    }
  }

  func test_people_wrongJSONKinds_sayWhereAndWhatInJSONWords() {
    let cases: [(String, String)] = [
      ("[]", "the top level is an array, not an object"),
      ("[1, 2]", "the top level is an array, not an object"),
      ("null", "the top level is null, not an object"),
      (#""people""#, "the top level is a string, not an object"),
      (#"{"results":{}}"#, "results is an object, not an array"),
      (#"{"results":null}"#, "results is null, not an array"),
      (#"{"results":true}"#, "results is a boolean, not an array"),
    ]
    for (body, reason) in cases {
      // when
      XCTAssertThrowsError(try decoder.people(from: Data(body.utf8)), body) { error in
        // then: JSON words and a path, never an empty path or a Swift type name
        XCTAssertEqual(error as? PeopleClientError, .undecodable(reason), body)
        let message = (error as? PeopleClientError)?.description ?? ""
        for swiftWord in ["Dictionary", "Array<", "String.Type", "Any>", ":  "] {
          XCTAssertFalse(message.contains(swiftWord), "\(body): \(message)")
        }
      }
    }
  }

  func test_people_emptyPageWithoutInfo_isNobody() throws {
    XCTAssertEqual(try decoder.people(from: Data(#"{"results":[]}"#.utf8)), [])
  }

  // MARK: - Helpers

  private static func picture(_ path: String) -> Response.Picture {
    let base = "https://randomuser.me/api/portraits/"
    return .init(
      large: base + path + ".jpg", medium: base + "med/" + path + ".jpg",
      thumbnail: base + "thumb/" + path + ".jpg")
  }

  private static func pictureURL(_ path: String) -> URL? {
    URL(string: "https://randomuser.me/api/portraits/\(path).jpg")
  }

  /// Compares every field exactly, except dates of birth: to the millisecond, since the decimal
  /// in the test and the parsed timestamp may round differently in the last bit.
  private func assertPeople(
    _ actual: [Person], _ expected: [Person], file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(actual.count, expected.count, file: file, line: line)
    for (person, wanted) in zip(actual, expected) {
      XCTAssertEqual(
        person.dateOfBirth.timeIntervalSince1970, wanted.dateOfBirth.timeIntervalSince1970, accuracy: 0.0001,
        person.name, file: file, line: line)
      var sameDate = person
      sameDate.dateOfBirth = wanted.dateOfBirth
      XCTAssertEqual(sameDate, wanted, file: file, line: line)
    }
  }
}
