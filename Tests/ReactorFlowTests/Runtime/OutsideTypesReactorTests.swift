import ReactorFlow
import ReactorFlowTesting
import XCTest

// RxTodo's cell reactor: the state is the model, declared outside the reactor, and so are the
// action and the mutation. Swift infers all three from the reactor's members.

struct TodoItem: Equatable, Sendable {
  var title: String
  var isDone = false
}

enum TodoCellAction: Sendable, Equatable {
  case toggle
  case rename(String)
}

enum TodoCellMutation: Sendable, Equatable {
  case setDone(Bool)
  case setTitle(String)
}

@MainActor
private final class TodoCellReactor: Reactor {
  let initialState: TodoItem
  let runtime = Runtime()

  init(item: TodoItem) {
    initialState = item
  }

  func mutate(action: TodoCellAction) -> Effect<TodoCellMutation> {
    switch action {
    case .toggle: return .send(.setDone(!currentState.isDone))
    case .rename(let title): return .send(.setTitle(title))
    }
  }

  func reduce(state: TodoItem, mutation: TodoCellMutation) -> TodoItem {
    var state = state
    switch mutation {
    case .setDone(let isDone): state.isDone = isDone
    case .setTitle(let title): state.title = title
    }
    return state
  }
}

/// The same shape with `Mutation == Action` (the default `mutate`) and a hook, as a non-final
/// class.
@MainActor
private class TodoTitleReactor: Reactor {
  let initialState = TodoItem(title: "")
  let runtime = Runtime()

  func reduce(state: TodoItem, mutation: TodoCellAction) -> TodoItem {
    var state = state
    if case .rename(let title) = mutation { state.title = title }
    return state
  }

  func transform(state: TodoItem) -> TodoItem {
    var state = state
    state.title = state.title.trimmingCharacters(in: .whitespaces)
    return state
  }
}

@MainActor
private final class CheckedTodoTitleReactor: TodoTitleReactor {}

@MainActor
final class OutsideTypesReactorTests: XCTestCase {
  func test_cellReactor_stateActionAndMutationDeclaredOutside_runsTheLoop() {
    // given
    let reactor = TodoCellReactor(item: TodoItem(title: "Buy milk"))

    // when
    reactor.send(.toggle)
    reactor.send(.rename("Buy oat milk"))

    // then
    XCTAssertEqual(reactor.currentState, TodoItem(title: "Buy oat milk", isDone: true))
    XCTAssertEqual(reactor.runtime.activeEffectCount, 0)
  }

  func test_cellReactor_stateDeclaredOutside_worksWithTheTester() async {
    // given
    let tester = ReactorTester(TodoCellReactor(item: TodoItem(title: "Buy milk")))

    // when / then
    await tester.send(.toggle) { $0.isDone = true }
    await tester.send(.rename("Buy bread")) { $0.title = "Buy bread" }
    await tester.finish()
  }

  func test_nonFinalReactor_typesDeclaredOutsideAndDefaultMutate_appliesItsHook() {
    // given
    let reactor = CheckedTodoTitleReactor()

    // when
    reactor.send(.rename("  Walk the dog "))

    // then
    XCTAssertEqual(reactor.currentState.title, "Walk the dog")
  }
}
