import ReactorFlow

// A parent that owns its rows in its state; a row announces its deletion without knowing who
// listens (the "Composing reactors and navigation" article).
@MainActor
final class NoteRowReactor: OutputReactor {
  enum Action: Sendable, Equatable { case toggle, delete }
  enum Output: Sendable, Equatable { case didDelete }
  struct State: Equatable, Sendable {
    var text: String
    var isPinned = false
  }

  let initialState: State
  let runtime = Runtime()

  init(text: String) {
    initialState = State(text: text)
  }

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    if mutation == .toggle { state.isPinned.toggle() }
    return state
  }

  func output(for mutation: Action) -> Output? {
    mutation == .delete ? .didDelete : nil
  }
}

@MainActor
final class NotesReactor: Reactor {
  enum Action: Sendable {
    case add(id: Int, text: String)
    case delete(id: Int)
  }

  enum Mutation: Sendable, Equatable {
    case insert(Child<NoteRowReactor>, id: Int)
    case remove(id: Int)
  }

  struct State: Equatable, Sendable {
    var rows = Children<Int, NoteRowReactor>()
  }

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .add(let id, let text):
      // The one place where the list maps a row's outputs to its own actions.
      let row = adopt(NoteRowReactor(text: text)) { output in
        switch output {
        case .didDelete: .delete(id: id)
        }
      }
      return .send(.insert(row, id: id))
    case .delete(let id):
      return .send(.remove(id: id))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .insert(let row, let id): state.rows.append(row, id: id)
    case .remove(let id): _ = state.rows.remove(id: id)
    }
    return state
  }
}

// A reactor whose actions and mutations are Codable, for record and replay.
@MainActor
final class TallyReactor: Reactor {
  enum Action: Sendable, Codable, Equatable { case add(Int), save }
  enum Mutation: Sendable, Codable, Equatable { case add(Int), setSaved(Int) }
  struct State: Equatable, Sendable {
    var total = 0
    var saved = 0
  }

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .add(let amount): .send(.add(amount))
    case .save:
      // A capture list and a trailing closure: the form whose isolation once differed.
      .run { [total = currentState.total] send in await send(.setSaved(total)) }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .add(let amount): state.total += amount
    case .setSaved(let total): state.saved = total
    }
    return state
  }
}
