import ReactorFlow

// RxTodo's cell reactor: its state is a type declared outside it.
struct TodoItem: Equatable, Sendable {
  var title: String
  var isDone = false
}

@MainActor
final class TodoCellReactor: Reactor {
  enum Action: Sendable { case toggleDone }

  let initialState: TodoItem
  let runtime = Runtime()

  init(item: TodoItem) {
    initialState = item
  }

  func reduce(state: TodoItem, mutation: Action) -> TodoItem {
    var state = state
    state.isDone.toggle()
    return state
  }
}

// A list that reads its state inside an effect that consumes a bus with `for await`.
@MainActor
final class TodoListReactor: Reactor {
  enum Action: Sendable { case listen }
  enum Mutation: Equatable, Sendable { case append(String) }
  struct State: Equatable, Sendable { var titles: [String] = [] }

  let initialState = State()
  let runtime = Runtime()
  let bus: EventBus<String>

  init(bus: EventBus<String>) {
    self.bus = bus
  }

  func mutate(action: Action) -> Effect<Mutation> {
    .run(reading: self) { [bus] state, send in
      for await title in bus.events {
        let count = try await state.current.titles.count
        await send(.append("\(count + 1). \(title)"))
      }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    if case .append(let title) = mutation { state.titles.append(title) }
    return state
  }
}
