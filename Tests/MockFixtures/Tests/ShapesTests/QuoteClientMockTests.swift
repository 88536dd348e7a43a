import ReactorFlowTesting
import XCTest

@testable import Shapes

/// The generated mock that the Testing and Dependencies articles show, used as they show it.
final class QuoteClientMockTests: XCTestCase {
  func test_price_answersTheStubAndRecordsTheSymbol() async throws {
    let client = QuoteClientMock()
    client.priceSpy.returns(.success(42))
    let price = try await client.price(of: "SWFT")
    XCTAssertEqual(price, 42)
    XCTAssertEqual(client.priceSpy.allArguments, ["SWFT"])
  }

  func test_price_unstubbed_failsNamingTheMock() async {
    let client = QuoteClientMock()
    let failures = await captureFailures { _ = try? await client.price(of: "SWFT") }
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(failures.first?.message.contains(#"Spy "QuoteClientMock.price(of:)""#) == true)
  }
}
