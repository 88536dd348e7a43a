import ReactorFlow

// A client as the README writes them: a protocol with a live value and a test value, which
// consumers.sh generates from the line below.
/// - Mockable
protocol SearchClient: Sendable {
  func search(_ query: String) async throws -> [String]
}

struct LiveSearchClient: SearchClient {
  func search(_ query: String) async throws -> [String] { [query.uppercased()] }
}

// An effect with a capture list, a `catch:` handler, a debounce and a cancellation.
@MainActor
final class SearchReactor: Reactor {
  enum Action: Sendable { case query(String), stop }
  enum Mutation: Equatable, Sendable { case setQuery(String), setResults([String]), setError(String) }
  struct State: Equatable, Sendable {
    var query = ""
    var results: [String] = []
    var error: String?
  }

  let initialState = State()
  let runtime = Runtime()
  let client: any SearchClient
  let clock: any Clock<Duration>

  init(client: any SearchClient, clock: any Clock<Duration> = ContinuousClock()) {
    self.client = client
    self.clock = clock
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .query(let query):
      return .run { [client] send in
        await send(.setResults(try await client.search(query)))
      } catch: { error, send in
        await send(.setError("\(error)"))
      }
      .debounce(id: "search", for: .milliseconds(300), clock: clock)
      .prepend(.setQuery(query))
    case .stop:
      return .cancel(id: "search")
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setQuery(let query): state.query = query
    case .setResults(let results): state.results = results
    case .setError(let error): state.error = error
    }
    return state
  }
}
