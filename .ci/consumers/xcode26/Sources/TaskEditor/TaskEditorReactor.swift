import Foundation
import ReactorFlow

// RxTodo's task editor as an Xcode 26 app writes it: the client protocols are declared the way
// the Dependencies article declares them, so under this module's defaults their requirements are
// main-actor isolated, and an effect that calls them hops onto the main actor and back.

/// A synchronous key-value store.
protocol TaskStore: Sendable {
  func titles() -> [String]?
  func save(_ titles: [String])
}

/// The task service: it reads and writes the store (a synchronous call on the main actor) from
/// inside its own asynchronous methods (nested two deep).
protocol TaskServiceType: Sendable {
  func fetchTasks() async -> [String]
  func saveTasks(_ titles: [String]) async
  func create(title: String) async -> String
}

nonisolated final class MemoryTaskStore: TaskStore, @unchecked Sendable {
  // Guarded by `lock`.
  private var stored: [String]?
  private let lock = NSLock()
  init() {}
  func titles() -> [String]? { lock.withLock { stored } }
  func save(_ titles: [String]) { lock.withLock { stored = titles } }
}

struct TaskService: TaskServiceType {
  let store: any TaskStore

  func fetchTasks() async -> [String] {
    if let titles = store.titles() { return titles }
    store.save([])
    return []
  }

  func saveTasks(_ titles: [String]) async {
    store.save(titles)
  }

  func create(title: String) async -> String {
    let id = UUID().uuidString  // a little work where this runs: on the main actor
    await saveTasks(await fetchTasks() + ["\(title) \(id)"])
    return title
  }
}

final class TaskEditorReactor: Reactor {
  enum Action { case submit }
  enum Mutation: Equatable { case dismiss }
  struct State: Equatable { var isDismissed = false }

  let initialState = State()
  let runtime = Runtime()
  let service: any TaskServiceType

  init(service: any TaskServiceType) {
    self.service = service
  }

  func mutate(action: Action) -> Effect<Mutation> {
    .run { [service] send in
      _ = await service.create(title: "Buy milk")
      await send(.dismiss)
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    state.isDismissed = true
    return state
  }
}
