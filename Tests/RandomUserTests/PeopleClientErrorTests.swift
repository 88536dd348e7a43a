import XCTest

@testable import RandomUserCore

/// The one-line messages of `PeopleClientError`: limits stated, numbers a person can read.
final class PeopleClientErrorTests: XCTestCase {
  func test_description_timeouts_stateTheLimitAndWhetherTheServerAnswered() {
    XCTAssertEqual(
      PeopleClientError.timedOut(limit: .seconds(15)).description,
      "the server did not answer within the timeout of 15 seconds")
    XCTAssertEqual(
      PeopleClientError.tooSlow(limit: .milliseconds(300)).description,
      "the server answered, but the response was still arriving when the timeout of 0.3 seconds ran out")
  }

  func test_description_tooLarge_groupsTheDigits() {
    XCTAssertEqual(
      PeopleClientError.tooLarge(limit: PeopleClientLimits.maximumBodySize).description,
      "the response is larger than the limit of 10,240,000 bytes; the rest was not read")
  }

  func test_description_noPeople_saysWhatWasAskedFor() {
    XCTAssertEqual(
      PeopleClientError.noPeople(requested: 100).description, "the server sent no people for a request of 100"
    )
  }

  func test_seconds_wholeFractionalAndSingular() {
    let cases: [(Duration, String)] = [
      (.seconds(1), "1 second"),
      (.seconds(600), "600 seconds"),
      (.milliseconds(1500), "1.5 seconds"),
      (.milliseconds(250), "0.25 seconds"),
      (.milliseconds(1), "0.001 seconds"),
      (.milliseconds(10_050), "10.05 seconds"),
    ]
    for (duration, text) in cases {
      XCTAssertEqual(PeopleClientError.seconds(duration), text, "\(duration)")
    }
  }

  func test_grouped_everyLength() {
    let cases: [(Int, String)] = [
      (0, "0"), (999, "999"), (1000, "1,000"), (65_536, "65,536"), (1_000_000, "1,000,000"),
      (-12_345, "-12,345"),
    ]
    for (number, text) in cases {
      XCTAssertEqual(PeopleClientError.grouped(number), text)
    }
  }
}
