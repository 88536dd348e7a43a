import ReactorFlow

/// A child editor: saving takes a second on an injected clock, then announces the text.
@MainActor
final class EditorReactor: OutputReactor {
  enum Action: Sendable { case type(String), save, cancel, autosave }
  enum Mutation: Sendable, Equatable { case setText(String), setSaving, saved, cancelled }
  enum Output: Sendable, Equatable { case didSave(String), didCancel }
  struct State: Equatable, Sendable {
    var text = ""
    var isSaving = false
  }

  let initialState = State()
  let runtime = Runtime()
  private let clock: any Clock<Duration>

  init(clock: any Clock<Duration>) {
    self.clock = clock
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .type(let text):
      return .send(.setText(text))
    case .save:
      return Effect.run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.saved)
      }
      .prepend(.setSaving)
    case .cancel:
      return .send(.cancelled)
    case .autosave:
      // Runs until the editor goes away.
      return .run { [clock] _ in
        while true { try await clock.sleep(for: .seconds(60)) }
      }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setText(let text): state.text = text
    case .setSaving: state.isSaving = true
    case .saved: state.isSaving = false
    case .cancelled: break
    }
    return state
  }

  func output(for mutation: Mutation) -> Output? {
    switch mutation {
    case .saved: .didSave(currentState.text)
    case .cancelled: .didCancel
    case .setText, .setSaving: nil
    }
  }
}

/// A parent that opens an editor and keeps what it saves.
@MainActor
final class NotesReactor: Reactor {
  enum Action: Sendable { case edit, add(String), closeEditor }
  enum Mutation: Sendable, Equatable {
    case setEditor(Child<EditorReactor>?)
    case append(String)
  }
  struct State: Equatable, Sendable {
    var notes: [String] = []
    var editor: Child<EditorReactor>?
  }

  let initialState = State()
  let runtime = Runtime()
  private let makeEditor: @MainActor () -> EditorReactor

  init(makeEditor: @escaping @MainActor () -> EditorReactor) {
    self.makeEditor = makeEditor
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .edit:
      let editor = adopt(makeEditor()) { output in
        switch output {
        case .didSave(let text): .add(text)
        case .didCancel: .closeEditor
        }
      }
      return .send(.setEditor(editor))
    case .add(let text):
      return .concatenate(.send(.append(text)), .send(.setEditor(nil)))
    case .closeEditor:
      return .send(.setEditor(nil))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setEditor(let editor): state.editor = editor
    case .append(let text): state.notes.append(text)
    }
    return state
  }
}
