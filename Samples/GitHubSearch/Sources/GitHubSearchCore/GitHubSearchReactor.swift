import ReactorFlow

/// Searches GitHub's repositories as the user types and loads the next page when the list is
/// scrolled to its end: ReactorKit's `GitHubSearchViewReactor`, ported.
///
/// A new query replaces the results of the previous one: its search waits until the typing
/// pauses (300 ms) and cancels the search or page load still running. A failed search shows an
/// error instead of the results.
@MainActor
public final class GitHubSearchReactor: Reactor {
  /// What the screen sends.
  public enum Action: Sendable {
    /// The search bar's text changed.
    case updateQuery(String?)
    /// The list was scrolled to its end.
    case loadNextPage
  }

  /// The changes to the state.
  public enum Mutation: Equatable, Sendable {
    /// The query the results are for.
    case setQuery(String?)
    /// The first page of a query's results.
    case setRepos([String], nextPage: Int?)
    /// A further page of the results.
    case appendRepos([String], nextPage: Int?)
    /// Whether a further page is being loaded.
    case setLoadingNextPage(Bool)
    /// A search failed; the message to show.
    case setError(String)
  }

  /// What the screen shows.
  public struct State: Equatable, Sendable {
    /// The query the results are for.
    public var query: String?
    /// The repositories found so far, page after page.
    public var repos: [String] = []
    /// The page to load when the list reaches its end, or `nil` when there is none.
    public var nextPage: Int?
    /// Whether a further page is being loaded.
    public var isLoadingNextPage = false
    /// Why the latest search failed, until a search succeeds.
    public var errorMessage: String?

    /// Makes a state; the default is an empty search.
    public init(
      query: String? = nil, repos: [String] = [], nextPage: Int? = nil, isLoadingNextPage: Bool = false,
      errorMessage: String? = nil
    ) {
      self.query = query
      self.repos = repos
      self.nextPage = nextPage
      self.isLoadingNextPage = isLoadingNextPage
      self.errorMessage = errorMessage
    }
  }

  /// The identifier of the running search, which a new query cancels.
  static let searchID = "search"

  /// An empty search.
  public let initialState = State()
  /// The reactor's loop.
  public let runtime = Runtime()
  private let client: any GitHubSearchClient
  private let clock: any Clock<Duration>

  /// Makes a reactor that searches with `client` and waits for a pause in typing on `clock`.
  /// - Parameters:
  ///   - client: The search service: `.live()`, `.preview`, or a test's mock.
  ///   - clock: The clock of the pause; a `TestClock` in tests.
  public init(client: any GitHubSearchClient, clock: any Clock<Duration> = ContinuousClock()) {
    self.client = client
    self.clock = clock
  }

  /// Turns a query into a search for its first page, and the end of the list into a search for
  /// the next one.
  public func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .updateQuery(let query):
      guard let query, !query.isEmpty else {
        return .concatenate(
          .cancel(id: Self.searchID),
          .send(.setQuery(query), .setRepos([], nextPage: nil)))
      }
      return .run { [client] send in
        let page = try await client.search(query: query, page: 1)
        await send(.setRepos(page.repos, nextPage: page.nextPage))
      } catch: { error, send in
        await send(.setError("\(error)"))
      }
      .debounce(id: Self.searchID, for: .milliseconds(300), clock: self.clock)
      .prepend(.setQuery(query))

    case .loadNextPage:
      guard !currentState.isLoadingNextPage, let page = currentState.nextPage,
        let query = currentState.query
      else { return .none }
      return .run { [client] send in
        let next = try await client.search(query: query, page: page)
        await send(.appendRepos(next.repos, nextPage: next.nextPage))
      } catch: { error, send in
        await send(.setError("\(error)"))
      }
      .cancellable(id: Self.searchID)
      .prepend(.setLoadingNextPage(true))
      .finally(.send(.setLoadingNextPage(false)))
    }
  }

  /// Applies a change to the state.
  public func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setQuery(let query):
      state.query = query
    case .setRepos(let repos, let nextPage):
      state.repos = repos
      state.nextPage = nextPage
      state.errorMessage = nil
    case .appendRepos(let repos, let nextPage):
      state.repos.append(contentsOf: repos)
      state.nextPage = nextPage
      state.errorMessage = nil
    case .setLoadingNextPage(let isLoading):
      state.isLoadingNextPage = isLoading
    case .setError(let message):
      state.errorMessage = message
    }
    return state
  }
}
