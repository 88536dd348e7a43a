import ReactorFlow
import ReactorFlowTestSupport
import ReactorFlowTesting
import XCTest

// The compilable parts of ReactorFlow's "Composing reactors and navigation" article
// (Composition.md), verbatim (DocCSnippetTests checks that they stay so): an RxTodo-style list
// of cell reactors, with navigation as state. Its SwiftUI and UIKit views are not compiled on Linux.
/// One row of a to-do list: it toggles itself, and asks its owner to delete it.
@MainActor
final class TaskCellReactor: OutputReactor {
  enum Action: Sendable, Equatable { case toggle, delete }
  enum Output: Sendable, Equatable { case didDelete }
  struct State: Equatable, Sendable {
    var title: String
    var isDone = false
  }

  let initialState: State
  let runtime = Runtime()

  init(title: String) {
    initialState = State(title: title)
  }

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    if mutation == .toggle { state.isDone.toggle() }
    return state
  }

  // Announced after the mutation is reduced; the cell does not know who listens.
  func output(for mutation: Action) -> Output? {
    mutation == .delete ? .didDelete : nil
  }
}

/// The list: cells in a keyed collection, a navigation stack, and a sheet, all in its state.
@MainActor
final class TaskListReactor: Reactor {
  enum Action: Sendable {
    case add(id: Int, title: String)
    case delete(id: Int)
    case open(id: Int)  // push
    case popTo(Int)  // pop, to this many screens
    case present(id: Int)  // a sheet
    case dismiss
  }

  enum Mutation: Sendable, Equatable {
    case insert(Child<TaskCellReactor>, id: Int)
    case remove(id: Int)
    case push(Child<TaskCellReactor>)
    case popTo(Int)
    case setSheet(Child<TaskCellReactor>?)
  }

  struct State: Equatable, Sendable {
    var cells = Children<Int, TaskCellReactor>()  // a collection keyed by identity
    var path = ChildStack<TaskCellReactor>()  // a navigation stack
    var sheet: Child<TaskCellReactor>?  // an optional destination
  }

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .add(let id, let title):
      // The one place where the list maps a cell's outputs to its own actions.
      let cell = adopt(TaskCellReactor(title: title)) { output in
        switch output {
        case .didDelete: .delete(id: id)
        }
      }
      return .send(.insert(cell, id: id))
    case .delete(let id):
      return .send(.remove(id: id))
    case .open(let id):
      return currentState.cells[id: id].map { .send(.push($0)) } ?? .none
    case .popTo(let count):
      return .send(.popTo(count))
    case .present(let id):
      return .send(.setSheet(currentState.cells[id: id]))
    case .dismiss:
      return .send(.setSheet(nil))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .insert(let cell, let id): state.cells.append(cell, id: id)
    case .remove(let id): state.cells.remove(id: id)  // released once no state holds it
    case .push(let cell): state.path.push(cell)
    case .popTo(let count): state.path.pop(toCount: count)
    case .setSheet(let cell): state.sheet = cell
    }
    return state
  }
}

/// A terminal screen: the titles of the pushed screens, bound by hand.
@MainActor
final class TaskPathLine: ReactorView {
  let reactorStorage = ReactorViewStorage<TaskListReactor>()
  private(set) var text = ""

  func bind(reactor: TaskListReactor) {
    reactor.observe(\.path) { [weak self] path in
      self?.text = path.map { $0.currentState.title }.joined(separator: " › ")
    }
    .store(in: bag)
  }
}

/// The like button of a shot screen's reaction cell: a reactor of its own.
@MainActor
final class LikeButtonReactor: Reactor {
  enum Action: Sendable { case toggle }
  struct State: Equatable, Sendable {
    var isLiked: Bool
    var likeCount: Int
  }

  let initialState: State
  let runtime = Runtime()

  init(isLiked: Bool, likeCount: Int) {
    initialState = State(isLiked: isLiked, likeCount: likeCount)
  }

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    state.isLiked.toggle()
    state.likeCount += state.isLiked ? 1 : -1
    return state
  }
}

/// The shot screen: its header shows the like count, a copy that follows the button's state.
@MainActor
final class ShotScreenReactor: Reactor {
  enum Action: Sendable {
    case load(isLiked: Bool, likeCount: Int)
    case likeCountChanged(Int)
  }

  enum Mutation: Sendable, Equatable {
    case setLikeButton(Child<LikeButtonReactor>)
    case setLikeCount(Int)
  }

  struct State: Equatable, Sendable {
    var likeButton: Child<LikeButtonReactor>?
    var likeCount = 0  // the parent's copy: its observers see it change
  }

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .load(let isLiked, let likeCount):
      let button = LikeButtonReactor(isLiked: isLiked, likeCount: likeCount)
      let likeButton = adopt(button, state: \.likeCount) { count in .likeCountChanged(count) }
      return .send(.setLikeButton(likeButton), .setLikeCount(likeCount))
    case .likeCountChanged(let count):
      return .send(.setLikeCount(count))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setLikeButton(let likeButton): state.likeButton = likeButton
    case .setLikeCount(let count): state.likeCount = count
    }
    return state
  }
}

@MainActor
final class CompositionArticleTests: XCTestCase {
  func test_cells_addToggleAndDeleteThroughTheCellsOutput() async {
    // given
    let list = TaskListReactor()
    list.send(.add(id: 1, title: "Milk"))
    list.send(.add(id: 2, title: "Eggs"))
    weak let milk = list.currentState.cells[id: 1]?.reactor

    // when
    list.currentState.cells[id: 1]?.send(.toggle)
    // then
    XCTAssertEqual(list.currentState.cells[id: 1]?.currentState.isDone, true)

    // when: the cell's own delete button
    list.currentState.cells[id: 1]?.send(.delete)

    // then
    XCTAssertEqual(list.currentState.cells.ids, [2])
    XCTAssertEqual(list.currentState.cells.map { $0.currentState.title }, ["Eggs"])
    XCTAssertNil(milk, "the deleted cell is released")
  }

  func test_navigation_pushPopAndSheet_areReductions() async {
    // given
    let list = TaskListReactor()
    let screen = TaskPathLine()
    screen.reactor = list
    list.send(.add(id: 1, title: "Milk"))
    list.send(.add(id: 2, title: "Eggs"))

    // when
    list.send(.open(id: 1))
    list.send(.open(id: 2))
    // then
    XCTAssertEqual(screen.text, "Milk › Eggs")

    // when
    list.send(.popTo(1))
    // then
    XCTAssertEqual(screen.text, "Milk")
    XCTAssertEqual(list.currentState.path.top, list.currentState.cells[id: 1])

    // when
    list.send(.present(id: 2))
    // then
    XCTAssertEqual(list.currentState.sheet?.currentState.title, "Eggs")

    // when: SwiftUI's bindings write back a back swipe and a dismissed sheet
    let model = ObservedReactor(list)
    model.binding(\.path.children) { .popTo($0.count) }.value = []
    model.binding(\.sheet) { _ in .dismiss }.value = nil
    // then
    XCTAssertTrue(list.currentState.path.isEmpty)
    XCTAssertNil(list.currentState.sheet)
    XCTAssertEqual(screen.text, "")
  }

  func test_tester_sendsToACellThroughTheList() async {
    // given
    let tester = ReactorTester(TaskListReactor())
    await tester.send(.add(id: 1, title: "Milk")) { $0.cells = tester.state.cells }
    XCTAssertEqual(tester.state.cells.ids, [1])

    // when
    await tester.send(.toggle, to: \.cells[id: 1]) { $0.isDone = true }
    await tester.send(.delete, to: \.cells[id: 1])

    // then
    await tester.receiveOutput(TaskCellReactor.Output.didDelete)
    await tester.receive(.remove(id: 1)) { $0.cells = Children() }
    await tester.finish()
  }

  func test_followedChild_likeToggled_updatesTheParentsCopyAndItsObservers() async {
    // given
    let screen = ShotScreenReactor()
    screen.send(.load(isLiked: false, likeCount: 10))
    var counts: [Int] = []
    let token = screen.observe(\.likeCount) { counts.append($0) }

    // when
    screen.currentState.likeButton?.send(.toggle)
    screen.currentState.likeButton?.send(.toggle)

    // then
    XCTAssertEqual(counts, [10, 11, 10])
    token.cancel()
  }

  func test_followedChild_testerSendsThroughTheParent_receivesTheParentsMutation() async {
    // given
    let tester = ReactorTester(ShotScreenReactor())
    await tester.send(.load(isLiked: false, likeCount: 10)) {
      $0.likeButton = tester.state.likeButton
      $0.likeCount = 10
    }

    // when
    await tester.send(.toggle, to: \.likeButton) {
      $0.isLiked = true
      $0.likeCount = 11
    }

    // then
    await tester.receive(.setLikeCount(11)) { $0.likeCount = 11 }
    await tester.finish()
  }

  func test_followedChild_releasedWithTheParentsState_andDoesNotKeepTheParent() async {
    // given
    weak var weakButton: LikeButtonReactor?
    weak var weakScreen: ShotScreenReactor?
    do {
      let screen = ShotScreenReactor()
      screen.send(.load(isLiked: true, likeCount: 1))
      weakButton = screen.currentState.likeButton?.reactor
      weakScreen = screen
      XCTAssertNotNil(weakButton)
    }

    // then
    XCTAssertNil(weakScreen)
    XCTAssertNil(weakButton)
  }
}
