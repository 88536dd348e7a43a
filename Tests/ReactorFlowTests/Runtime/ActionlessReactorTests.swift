import ReactorFlow
import XCTest

/// A cell that only shows its item: no actions, so no mutations, no `mutate` and no `reduce`.
@MainActor
private final class ItemCellReactor: Reactor {
  typealias Action = Never
  struct State: Equatable, Sendable {
    var title: String
    var isDone: Bool
  }

  let initialState: State
  let runtime = Runtime()

  init(title: String, isDone: Bool) {
    initialState = State(title: title, isDone: isDone)
  }
}

@MainActor
final class ActionlessReactorTests: XCTestCase {
  func test_reactorWithNeverAction_declaresNoReduce_andPublishesItsInitialState() async {
    // given
    let reactor = ItemCellReactor(title: "Write the docs", isDone: false)
    var titles: [String] = []

    // when
    let token = reactor.observe(\.title) { titles.append($0) }

    // then
    XCTAssertEqual(reactor.currentState, ItemCellReactor.State(title: "Write the docs", isDone: false))
    XCTAssertEqual(titles, ["Write the docs"])
    token.cancel()
  }
}
