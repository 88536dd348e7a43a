import ReactorFlowTesting
import XCTest

/// A reactor that changes its state in place, with a collection large enough that its outline is
/// not what a failure should show.
@MainActor
private final class InPlaceList: Reactor {
  enum Action: Equatable, Sendable { case bump(Int) }
  struct State: Equatable, Sendable {
    var items = Array(repeating: 0, count: 1_000)
    var total = 0
  }

  let initialState = State()
  let runtime = Runtime()

  func reduce(into state: inout State, mutation: Action) {
    guard case .bump(let index) = mutation else { return }
    state.items[index] += 1
    state.total += 1
  }
}

@MainActor
final class ReduceInPlaceTesterTests: XCTestCase {
  func test_send_reactorInPlace_assertsEachChangedField() async {
    // given
    let tester = ReactorTester(InPlaceList())

    // when
    let failures = await captureFailures {
      await tester.send(.bump(3)) {
        $0.items[3] = 1
        $0.total = 1
      }
    }

    // then
    XCTAssertEqual(failures.map(\.message), [])
  }

  func test_send_reactorInPlace_wrongExpectation_failsNamingTheChangedFields() async {
    // given
    let tester = ReactorTester(InPlaceList())

    // when
    let failures = await captureFailures {
      await tester.send(.bump(3)) { $0.total = 1 }
    }

    // then
    XCTAssertEqual(failures.count, 1)
    let message = failures.first?.message ?? ""
    XCTAssertTrue(
      message.contains("▿ items: 1000 elements\n      - 0\n      - 0\n      - 0\n−     - 0\n+     - 1"),
      message)
    XCTAssertTrue(message.contains("  … 991 unchanged lines\n"), message)
    XCTAssertLessThan(message.split(separator: "\n").count, 20, "the unchanged elements are left out")
  }
}
