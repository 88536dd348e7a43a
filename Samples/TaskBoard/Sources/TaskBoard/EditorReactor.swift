import ReactorFlow

/// The base of the app's editing screens: a draft, "Save" and "Cancel", and "Discard changes?"
/// when cancelling a changed draft. A screen subclasses it with its draft's type and overrides
/// `canSave(_:)` and `makeSave()`: the storage (`runtime`) and the loop are declared once, here.
class EditorReactor<Draft: Equatable & Sendable>: Reactor {
  enum Action: Sendable, Equatable {
    case edit(Draft)
    case save
    case cancel
  }

  enum Mutation: Sendable, Equatable {
    case setDraft(Draft)
    case setSaving(Bool)
    case setError(String)
    case dismiss
  }

  struct State: Equatable, Sendable {
    var draft: Draft
    let original: Draft
    var canSave: Bool
    var isSaving = false
    var errorMessage: String?
    var isDismissed = false

    var hasChanges: Bool { draft != original }
  }

  let initialState: State
  let runtime = Runtime()
  let alerts: any AlertService

  init(draft: Draft, alerts: any AlertService) {
    self.alerts = alerts
    // `canSave` reads no stored property of a subclass: theirs are set before this init runs.
    initialState = State(draft: draft, original: draft, canSave: false)
  }

  /// Whether a draft may be saved; the base accepts every draft.
  func canSave(_ draft: Draft) -> Bool { true }

  /// What saving does, called off the main actor; the base saves nothing.
  func makeSave() -> @Sendable (Draft) async throws -> Void {
    { _ in }
  }

  func transform(state: State) -> State {
    var state = state
    state.canSave = canSave(state.draft) && state.hasChanges && !state.isSaving
    return state
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .edit(let draft):
      return .send(.setDraft(draft))
    case .save:
      guard currentState.canSave else { return .none }
      return .run { [save = makeSave(), draft = currentState.draft] send in
        try await save(draft)
        await send(.dismiss)
      } catch: { error, send in
        await send(.setError("\(error)"))
      }
      .prepend(.setSaving(true))
      .finally(.send(.setSaving(false)))
    case .cancel:
      guard currentState.hasChanges else { return .send(.dismiss) }
      // The alert's answer maps to mutations: none when the user keeps editing.
      return .run { [alerts] send in
        switch await alerts.choose("Discard changes?", among: [.discard, .keepEditing]) {
        case .discard: await send(.dismiss)
        case .keepEditing: break
        }
      }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setDraft(let draft):
      state.draft = draft
      state.errorMessage = nil
    case .setSaving(let isSaving): state.isSaving = isSaving
    case .setError(let message): state.errorMessage = message
    case .dismiss: state.isDismissed = true
    }
    return state
  }
}
