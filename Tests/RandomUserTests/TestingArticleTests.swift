import RandomUserCore
import ReactorFlowTesting
import XCTest

/// The expectation example of Sources/ReactorFlowTesting/ReactorFlowTesting.docc/Testing.md,
/// verbatim: a reactor that loads data, waited for with expectations fulfilled by the state.
@MainActor
final class TestingArticleTests: XCTestCase {
  func test_load_hundredPeople_fillsTheSections() async {
    // given
    let reactor = MainReactor(client: OfflinePeopleClient(), seed: "ReactorFlow")
    let loaded = expectation(for: reactor) { $0.peopleCount == 100 }
    let idle = expectation(reactor, \.sections.isLoading, equals: false)

    // when
    reactor.send(.load(100))

    // then
    await fulfillment(of: [loaded, idle], timeout: 5)
    XCTAssertEqual(reactor.currentState.sections.value?.flatMap(\.people).count, 100)
  }
}
