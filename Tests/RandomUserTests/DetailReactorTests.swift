import RandomUserCore
import ReactorFlow
import XCTest

/// The detail reactor: one expanded row at most, toggled by index.
@MainActor
final class DetailReactorTests: XCTestCase {
  private var detail = DetailReactor(title: "", people: [])

  override func setUp() async throws {
    let people = try await OfflinePeopleClient().fetchPeople(count: 5, seed: "detail")
    detail = DetailReactor(title: "mixed", people: people)
  }

  func test_toggle_rowZero_expandsIt() async {
    // given
    let changed = expectation(description: "expandedIndex is changed")
    var values: [Int?] = []
    let token = detail.observe(\.expandedIndex) { value in
      values.append(value)
      if value != nil { changed.fulfill() }
    }

    // when
    detail.send(.toggle(0))

    // then
    await fulfillment(of: [changed], timeout: 3)
    token.cancel()
    XCTAssertEqual(values, [nil, 0])
    XCTAssertEqual(detail.currentState.expandedPerson, detail.currentState.people[0])
  }

  func test_toggle_sameRowTwice_collapsesIt() async {
    // when
    detail.send(.toggle(0))
    detail.send(.toggle(0))

    // then
    XCTAssertNil(detail.currentState.expandedIndex)
    XCTAssertNil(detail.currentState.expandedPerson)
  }

  func test_toggle_anotherRow_movesExpansion() async {
    // given
    detail.send(.toggle(1))

    // when
    detail.send(.toggle(3))

    // then
    XCTAssertEqual(detail.currentState.expandedIndex, 3)
  }

  func test_toggle_indexOutOfRange_isIgnored() async {
    // given
    detail.send(.toggle(2))

    // when
    detail.send(.toggle(5))
    detail.send(.toggle(-1))
    detail.send(.toggle(Int.max))

    // then
    XCTAssertEqual(detail.currentState.expandedIndex, 2)
  }

  func test_initialState_forSection_listsItsPeopleCollapsed() async {
    // given
    let section = PersonSection(decade: 30, people: detail.currentState.people)

    // when
    let reactor = DetailReactor(section: section)

    // then
    XCTAssertEqual(reactor.currentState, DetailReactor.State(title: "30s", people: section.people))
  }
}
