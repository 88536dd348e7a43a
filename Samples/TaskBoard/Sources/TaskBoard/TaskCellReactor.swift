import ReactorFlow

/// One row of the board: its task, liked and done from the row itself, and kept up to date by
/// the service's events, whichever screen changed the task.
final class TaskCellReactor: Reactor {
  enum Action: Sendable, Equatable {
    case toggleLike
    case toggleDone
  }

  enum Mutation: Sendable, Equatable {
    case setTask(TaskItem)
  }

  struct State: Equatable, Sendable {
    var task: TaskItem
  }

  let initialState: State
  let runtime = Runtime()
  let service: any TaskServiceType

  init(task: TaskItem, service: any TaskServiceType) {
    initialState = State(task: task)
    self.service = service
    // A row made for a task that is not on screen yet must still hear the events posted from
    // now on: an event bus replays nothing.
    start()
  }

  func mutate(action: Action) -> Effect<Mutation> {
    let task = currentState.task
    switch action {
    case .toggleLike:
      // Drrrible's optimistic like: the row shows it at once, the request follows, and a failure
      // puts the row back as it was.
      var liked = task
      liked.isLiked.toggle()
      liked.likeCount += liked.isLiked ? 1 : -1
      return .run { [service, isLiked = liked.isLiked] _ in
        _ = try await service.setLiked(isLiked, taskID: task.id)
      } catch: { _, send in
        await send(.setTask(task))
      }
      .prepend(.setTask(liked))
    case .toggleDone:
      // Not optimistic: the row shows what the service announces once it saved the change.
      var done = task
      done.isDone.toggle()
      return .run { [service, done] _ in _ = try await service.update(done) }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setTask(let task): state.task = task
    }
    return state
  }

  func externalMutations() -> Effect<Mutation> {
    // Mapped on the main actor with the current state: another task's event, or one that says
    // what the row already shows (its own optimistic like), sends nothing.
    .sequence(service.events.events, reading: self) { state, event in
      switch event {
      case .updated(let task), .liked(let task):
        task.id == state.task.id && task != state.task ? .setTask(task) : nil
      case .created:
        nil
      }
    }
  }
}
