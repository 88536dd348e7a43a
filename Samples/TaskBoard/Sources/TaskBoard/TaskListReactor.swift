import ReactorFlow

/// The board: a row reactor per task, and a header that counts what the rows show.
final class TaskListReactor: Reactor {
  enum Action: Sendable, Equatable {
    case refresh
    /// A row's task changed: the header's copy follows it.
    case rowChanged(TaskItem)
  }

  enum Mutation: Sendable, Equatable {
    case setLoading(Bool)
    case setTasks([TaskItem])
    case insert(TaskItem)
    case replace(TaskItem)
  }

  struct State: Equatable, Sendable {
    var rows = Children<String, TaskCellReactor>()
    /// The parent's copy of what its rows show, for the header: a row's own change does not
    /// change `rows`, which equals itself whatever its rows' states.
    var tasks: [TaskItem] = []
    var isLoading = false

    var summary: String {
      let done = tasks.filter(\.isDone).count
      let liked = tasks.filter(\.isLiked).count
      return "\(tasks.count) tasks · \(done) done · \(liked) liked"
    }
  }

  let initialState = State()
  let runtime = Runtime()
  let service: any TaskServiceType

  init(service: any TaskServiceType) {
    self.service = service
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .refresh:
      return .run { [service] send in
        await send(.setTasks(try await service.tasks()))
      }
      .prepend(.setLoading(true))
      .finally(.send(.setLoading(false)))
    case .rowChanged(let task):
      return .send(.replace(task))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setLoading(let isLoading):
      state.isLoading = isLoading
    case .setTasks(let tasks):
      // RxTodo makes its cell reactors where the loaded tasks become sections; here, where they
      // become the state.
      state.rows = Children()
      for task in tasks {
        state.rows.append(makeRow(task), id: task.id)
      }
      state.tasks = tasks
    case .insert(let task):
      state.rows.append(makeRow(task), id: task.id)
      state.tasks.append(task)
    case .replace(let task):
      if let index = state.tasks.firstIndex(where: { $0.id == task.id }) {
        state.tasks[index] = task
      }
    }
    return state
  }

  func externalMutations() -> Effect<Mutation> {
    // A task created anywhere (the editor) becomes a row, unless the board already has it.
    .sequence(service.events.events, reading: self) { state, event in
      switch event {
      case .created(let task) where !state.tasks.contains(where: { $0.id == task.id }):
        .insert(task)
      default:
        nil
      }
    }
  }

  private func makeRow(_ task: TaskItem) -> Child<TaskCellReactor> {
    // The map does not capture `self`: the row keeps it, and must not keep the board alive.
    adopt(TaskCellReactor(task: task, service: service), state: \.task) { task in .rowChanged(task) }
  }
}
