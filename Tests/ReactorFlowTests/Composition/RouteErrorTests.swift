import ReactorFlow
import XCTest

/// ``RouteError`` as text, for any position a decoded recording may hold.
final class RouteErrorTests: XCTestCase {
  func test_description_countsTheStepFromOne() {
    XCTAssertEqual(
      RouteError(position: 1, destination: "order 42", reason: "there is no such order").description,
      "cannot open order 42 (step 2 of the route): there is no such order")
  }

  func test_description_ofTheLargestPosition_doesNotOverflow() throws {
    // given: a recorded error, decoded as a replay decodes it
    let json = #"{"position":9223372036854775807,"destination":"section 10s","reason":"gone"}"#
    let error = try JSONDecoder().decode(RouteError.self, from: Data(json.utf8))

    // when
    let description = error.description

    // then
    XCTAssertEqual(
      description, "cannot open section 10s (step 9223372036854775807 + 1 of the route): gone")
  }
}
