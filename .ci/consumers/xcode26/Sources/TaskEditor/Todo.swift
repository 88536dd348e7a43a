import Foundation
import ReactorFlow

// The model, the client protocol and its live value of an Xcode 26 app module, declared as the
// Dependencies article declares them: `nonisolated`, so that their conformances are not main-actor
// isolated and a nonisolated test target can build and call them.

/// A to-do, as the server sends it.
nonisolated struct Todo: Codable, Equatable, Sendable {
  var id: Int
  var title: String
}

/// What the app asks the server for.
nonisolated protocol TodoClient: Sendable {
  func todos() async throws -> [Todo]
}

/// The app's value: it decodes what `fetch` returns for a path.
nonisolated struct LiveTodoClient: TodoClient {
  let fetch: @Sendable (_ path: String) async throws -> Data

  func todos() async throws -> [Todo] {
    try await get("todos")
  }

  // A generic `Sendable` API: a model whose conformances are main-actor isolated cannot be `Value`.
  private func get<Value: Decodable & Sendable>(_ path: String) async throws -> Value {
    try JSONDecoder().decode(Value.self, from: try await fetch(path))
  }
}

/// The list of to-dos: on the main actor, by the module's default.
final class TodoListReactor: Reactor {
  enum Action { case load }
  enum Mutation: Equatable { case setTodos([Todo]) }
  struct State: Equatable { var todos: [Todo] = [] }

  let initialState = State()
  let runtime = Runtime()
  let client: any TodoClient

  init(client: any TodoClient) {
    self.client = client
  }

  func mutate(action: Action) -> Effect<Mutation> {
    .run { [client] send in
      await send(.setTodos(try await client.todos()))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setTodos(let todos): state.todos = todos
    }
    return state
  }
}
