import ReactorFlow
import XCTest

@MainActor
private final class RowReactor: Reactor, IdentityHashable {
  enum Action: Sendable { case select }
  struct State: Equatable, Sendable { var isSelected = false }

  let initialState = State()
  let runtime = Runtime()

  func reduce(state: State, mutation: Action) -> State {
    State(isSelected: true)
  }
}

/// A state that holds child reactors, with a synthesized `Equatable` and `Hashable`.
private struct ListState: Hashable {
  var rows: [RowReactor]
  var detail: RowReactor?
}

@MainActor
final class IdentityEquatableTests: XCTestCase {
  func test_identityEquatable_sameInstance_isEqual() async {
    let row = RowReactor()
    XCTAssertEqual(row, row)
    XCTAssertEqual(ListState(rows: [row], detail: row), ListState(rows: [row], detail: row))
  }

  func test_identityEquatable_otherInstanceWithEqualState_isNotEqual() async {
    let first = RowReactor()
    let second = RowReactor()
    XCTAssertEqual(first.currentState, second.currentState)
    XCTAssertNotEqual(first, second)
    XCTAssertNotEqual(ListState(rows: [first]), ListState(rows: [second]))
  }

  func test_identityEquatable_childStateChange_doesNotChangeTheParentState() async {
    let row = RowReactor()
    let before = ListState(rows: [row])
    row.send(.select)
    XCTAssertEqual(before, ListState(rows: [row]))
  }

  func test_identityHashable_hashesByIdentity() async {
    let first = RowReactor()
    let second = RowReactor()
    let set: Set<RowReactor> = [first, second, first]
    XCTAssertEqual(set.count, 2)
    XCTAssertTrue(set.contains(first))
    XCTAssertEqual(Set([ListState(rows: [first]), ListState(rows: [first])]).count, 1)
  }
}
