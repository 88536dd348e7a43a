import ReactorFlow
import ReactorFlowTesting

// The reactors and mocks of the recipes of ReactorFlowTesting's Testing article ("Answers that
// take time" and the sections after it); TestingRecipesArticleTests runs the snippets on them.

// MARK: - A feed whose fetch may never return

/// Fetches the items of a feed.
protocol FeedClient: Sendable {
  func fetch() async throws -> [String]
}

final class FeedClientMock: FeedClient {
  let fetchSpy = Spy<Void, [String]>("fetch()")

  func fetch() async throws -> [String] { try await fetchSpy.answer() }
}

/// Shows a spinner while it refreshes its feed.
@MainActor
final class FeedReactor: Reactor {
  enum Action: Sendable { case refresh }

  enum Mutation: Sendable, Equatable {
    case setRefreshing(Bool)
    case setItems([String])
  }

  struct State: Equatable, Sendable {
    var items: [String] = []
    var isRefreshing = false
  }

  let initialState = State()
  let runtime = Runtime()
  private let client: any FeedClient

  init(client: any FeedClient) {
    self.client = client
  }

  func mutate(action: Action) -> Effect<Mutation> {
    Effect.run { [client] send in
      let items = try await client.fetch()
      await send(.setItems(items))
      await send(.setRefreshing(false))
    }
    .prepend(.setRefreshing(true))
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setRefreshing(let isRefreshing): state.isRefreshing = isRefreshing
    case .setItems(let items): state.items = items
    }
    return state
  }
}

// MARK: - A service that returns the user's choice

enum DeleteChoice: Sendable, Equatable {
  case delete
  case cancel
}

/// Asks the user, in an alert, and returns the button they tapped: RxTodo's alert service, whose
/// `Observable` of the tapped action becomes an async function.
protocol AlertService: Sendable {
  func choose(_ title: String, among choices: [DeleteChoice]) async -> DeleteChoice
}

final class AlertServiceMock: AlertService {
  let chooseSpy = Spy<(title: String, choices: [DeleteChoice]), DeleteChoice>(
    "choose(_:among:)", placeholder: .cancel)

  func choose(_ title: String, among choices: [DeleteChoice]) async -> DeleteChoice {
    (try? await chooseSpy.answer((title, choices))) ?? .cancel
  }
}

/// A to-do list that asks before it deletes.
@MainActor
final class TodoAlertReactor: Reactor {
  enum Action: Sendable { case deleteTapped(String) }
  enum Mutation: Sendable, Equatable { case remove(String) }

  struct State: Equatable, Sendable {
    var todos: [String]
  }

  let initialState: State
  let runtime = Runtime()
  private let alerts: any AlertService

  init(todos: [String], alerts: any AlertService) {
    initialState = State(todos: todos)
    self.alerts = alerts
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .deleteTapped(let todo):
      // The choice maps to mutations: none for .cancel.
      return .run { [alerts] send in
        switch await alerts.choose("Delete \(todo)?", among: [.delete, .cancel]) {
        case .delete: await send(.remove(todo))
        case .cancel: break
        }
      }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .remove(let todo): state.todos.removeAll { $0 == todo }
    }
    return state
  }
}

// MARK: - A generic method

/// Reads settings of any type.
protocol SettingsStore: Sendable {
  func value<Value: Sendable>(_ type: Value.Type, forKey key: String) async -> Value?
}

final class SettingsStoreMock: SettingsStore {
  // One spy for every `Value`: the key and the type's name in, the value erased out.
  let valueSpy = Spy<(key: String, type: String), (any Sendable)?>("value(_:forKey:)")

  func value<Value: Sendable>(_ type: Value.Type, forKey key: String) async -> Value? {
    valueSpy((key, "\(Value.self)")) as? Value
  }
}

/// Loads the settings it shows.
@MainActor
final class SettingsReactor: Reactor {
  enum Action: Sendable { case load }

  enum Mutation: Sendable, Equatable {
    case setFontSize(Int)
    case setUserName(String)
  }

  struct State: Equatable, Sendable {
    var fontSize = 12
    var userName = ""
  }

  let initialState = State()
  let runtime = Runtime()
  private let store: any SettingsStore

  init(store: any SettingsStore) {
    self.store = store
  }

  func mutate(action: Action) -> Effect<Mutation> {
    .run { [store] send in
      if let size = await store.value(Int.self, forKey: "fontSize") { await send(.setFontSize(size)) }
      if let name = await store.value(String.self, forKey: "userName") { await send(.setUserName(name)) }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setFontSize(let size): state.fontSize = size
    case .setUserName(let name): state.userName = name
    }
    return state
  }
}

// MARK: - Calls in order across spies

/// Saves a draft, then closes the session.
protocol Session: Sendable {
  func save(_ draft: String) async throws
  func close() async
}

final class SessionMock: Session {
  let saveSpy = Spy<String, Void>("save(_:)")
  let closeSpy = Spy<Void, Void>("close()")

  func save(_ draft: String) async throws { saveSpy(draft) }
  func close() async { closeSpy() }
}

/// Saves the draft before it signs out.
@MainActor
final class EditorSessionReactor: Reactor {
  enum Action: Sendable { case signOut }
  struct State: Equatable, Sendable {}

  let initialState = State()
  let runtime = Runtime()
  private let session: any Session

  init(session: any Session) {
    self.session = session
  }

  func mutate(action: Action) -> Effect<Action> {
    .run { [session] _ in
      try await session.save("draft")
      await session.close()
    }
  }

  func reduce(state: State, mutation: Action) -> State { state }
}

// MARK: - A stubbed child

/// The avatar of a profile screen: it loads its image on `.reload`.
@MainActor
final class AvatarReactor: Reactor {
  enum Action: Sendable, Equatable { case reload }

  struct State: Equatable, Sendable {
    var imageName: String?
  }

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Effect<Action> {
    // The real avatar would download here; the parent's test stubs it instead.
    .none
  }

  func reduce(state: State, mutation: Action) -> State { state }
}

/// A profile screen that holds its avatar, made by whoever makes the screen.
@MainActor
final class ProfileReactor: Reactor {
  enum Action: Sendable { case pullToRefresh }
  enum Mutation: Sendable, Equatable { case setRefreshed(Int) }

  struct State: Equatable, Sendable {
    var avatar: Child<AvatarReactor>
    var refreshCount = 0
  }

  let initialState: State
  let runtime = Runtime()

  init(avatar: AvatarReactor) {
    initialState = State(avatar: Child(avatar))
  }

  func mutate(action: Action) -> Effect<Mutation> {
    currentState.avatar.send(.reload)
    return .send(.setRefreshed(currentState.refreshCount + 1))
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setRefreshed(let count): state.refreshCount = count
    }
    return state
  }
}
