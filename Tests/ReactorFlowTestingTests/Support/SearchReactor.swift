import ReactorFlow

/// Searches for repositories by name.
protocol SearchClient: Sendable {
  func search(_ query: String) async throws -> [String]
}

/// A search box: each keystroke updates the query at once and runs a search once typing has
/// paused for 300 ms on the injected clock.
@MainActor
final class SearchReactor: Reactor {
  enum Action: Sendable {
    case query(String)
  }

  enum Mutation: Sendable, Equatable {
    case setQuery(String)
    case setResults([String])
  }

  struct State: Equatable, Sendable {
    var query = ""
    var results: [String] = []
  }

  private enum SearchID {}

  let initialState = State()
  let runtime = Runtime()
  private let client: any SearchClient
  private let clock: any Clock<Duration>

  init(client: any SearchClient, clock: any Clock<Duration>) {
    self.client = client
    self.clock = clock
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .query(let query):
      return Effect.task { [client] in .setResults(try await client.search(query)) }
        .debounce(id: ObjectIdentifier(SearchID.self), for: .milliseconds(300), clock: clock)
        .prepend(.setQuery(query))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setQuery(let query): state.query = query
    case .setResults(let results): state.results = results
    }
    return state
  }
}
