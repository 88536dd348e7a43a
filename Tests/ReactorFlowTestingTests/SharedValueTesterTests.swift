import ReactorFlowTestSupport
import ReactorFlowTesting
import XCTest

@MainActor
final class SharedValueTesterTests: XCTestCase {
  func test_tester_receivesAChangeMadeElsewhere_asTheReactorsMutation() async {
    // given
    let cart = SharedValue<[String]>([])
    let tester = ReactorTester(SharedCartReactor(cart: cart))
    let other = SharedCartReactor(cart: cart)

    // when
    other.send(.add("tea"))

    // then
    await tester.receive(.setItems(["tea"])) { $0.items = ["tea"] }
    await tester.send(.add("milk")) { $0.items = ["tea", "milk"] }
    XCTAssertEqual(other.currentState.items, ["tea", "milk"])
    await tester.finish()
  }

  func test_tester_thatDoesNotReceiveASharedChange_fails() async {
    // given
    let cart = SharedValue<[String]>([])
    let tester = ReactorTester(SharedCartReactor(cart: cart))

    // when
    let failures = await captureFailures {
      cart.set(["tea"])
      await tester.finish()
    }

    // then
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(failures.first?.message.contains("setItems([\"tea\"])") ?? false, "\(failures)")
  }
}
