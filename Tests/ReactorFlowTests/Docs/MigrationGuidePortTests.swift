import ReactorFlow
import ReactorFlowTestSupport
import ReactorFlowTesting
import XCTest

// The migration guide's snippets for porting a search screen (ReactorKit's GitHubSearch
// example): work that the next query cancels, a page load whose flag is cleared however it ends,
// the view's throttle moved into the reactor, and a test of it with a clock and a mock client.
// Each `// MARK: - Guide:` names the guide's section.

// MARK: - Guide: mutate (cancelling the previous search)

protocol SearchAPI: Sendable {
  func search(_ query: String, page: Int) async throws -> [String]
}

@MainActor
final class RepoSearchReactor: Reactor {
  enum Action: Sendable { case updateQuery(String), loadNextPage }
  enum Mutation: Equatable, Sendable {
    case setQuery(String)
    case setRepos([String])
    case appendRepos([String])
    case setLoadingNextPage(Bool)
  }
  struct State: Equatable, Sendable {
    var query = ""
    var repos: [String] = []
    var nextPage: Int? = 2
    var isLoadingNextPage = false
  }

  let initialState = State()
  let runtime = Runtime()
  let api: any SearchAPI

  init(api: any SearchAPI) {
    self.api = api
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .updateQuery(let query):
      return .run { [api] send in
        await send(.setRepos(try await api.search(query, page: 1)))
      }
      .cancellable(id: "search", cancelInFlight: true)
      .prepend(.setQuery(query))
    case .loadNextPage:
      guard !currentState.isLoadingNextPage, let page = currentState.nextPage else { return .none }
      return .run { [api, query = currentState.query] send in
        await send(.appendRepos(try await api.search(query, page: page)))
      }
      .cancellable(id: "search")
      .prepend(.setLoadingNextPage(true))
      .finally(.send(.setLoadingNextPage(false)))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setQuery(let query): state.query = query
    case .setRepos(let repos): state.repos = repos
    case .appendRepos(let repos): state.repos += repos
    case .setLoadingNextPage(let isLoading): state.isLoadingNextPage = isLoading
    }
    return state
  }
}

// MARK: - Guide: scheduler (the view's throttle, in the reactor)

@MainActor
final class DebouncedRepoSearchReactor: Reactor {
  enum Action: Sendable { case updateQuery(String) }
  enum Mutation: Equatable, Sendable {
    case setQuery(String)
    case setRepos([String])
  }
  struct State: Equatable, Sendable {
    var query = ""
    var repos: [String] = []
  }

  let initialState = State()
  let runtime = Runtime()
  let api: any SearchAPI
  let clock: any Clock<Duration>

  init(api: any SearchAPI, clock: any Clock<Duration> = ContinuousClock()) {
    self.api = api
    self.clock = clock
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .updateQuery(let query):
      return .run { [api] send in
        await send(.setRepos(try await api.search(query, page: 1)))
      }
      .debounce(id: "search", for: .milliseconds(300), clock: self.clock)
      .prepend(.setQuery(query))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setQuery(let query): state.query = query
    case .setRepos(let repos): state.repos = repos
    }
    return state
  }
}

// MARK: - Guide: Testing with RxTest (a mock client)

final class SearchAPIMock: SearchAPI {
  let searchSpy = Spy<(query: String, page: Int), Result<[String], any Error>>(
    "search(_:page:)", placeholder: .success([]))

  func search(_ query: String, page: Int) async throws -> [String] {
    try searchSpy((query, page)).get()
  }
}

/// A search that waits on the test's clock for its answer, so that a test acts while it runs.
private struct SlowSearchAPI: SearchAPI {
  let clock: TestClock

  func search(_ query: String, page: Int) async throws -> [String] {
    try await clock.sleep(for: .seconds(1))
    return ["\(query)/\(page)"]
  }
}

// MARK: - Tests

@MainActor
final class MigrationGuidePortTests: XCTestCase {
  func test_guideMutate_aNewQuery_cancelsThePageLoadAndTheFlagIsCleared() async {
    // given: a page load that waits a second
    let clock = TestClock()
    let tester = ReactorTester(RepoSearchReactor(api: SlowSearchAPI(clock: clock)))
    await tester.send(.loadNextPage) { $0.isLoadingNextPage = true }

    // when
    await tester.send(.updateQuery("rx")) { $0.query = "rx" }

    // then: the load ends without its page, its flag is cleared, the query's results come
    await tester.receive(.setLoadingNextPage(false)) { $0.isLoadingNextPage = false }
    await clock.advance(by: .seconds(1))
    await tester.receive(.setRepos(["rx/1"])) { $0.repos = ["rx/1"] }
    await tester.finish()
  }

  func test_guideMutate_loadNextPage_whileLoading_isIgnored() async {
    // given
    let clock = TestClock()
    let tester = ReactorTester(RepoSearchReactor(api: SlowSearchAPI(clock: clock)))
    await tester.send(.loadNextPage) { $0.isLoadingNextPage = true }

    // when
    await tester.send(.loadNextPage)
    await clock.advance(by: .seconds(1))

    // then
    await tester.receive(.appendRepos(["/2"])) { $0.repos = ["/2"] }
    await tester.receive(.setLoadingNextPage(false)) { $0.isLoadingNextPage = false }
    await tester.finish()
  }

  func test_guideTesting_typingWithinThePause_searchesTheLastQueryOnly() async {
    let clock = TestClock()
    let api = SearchAPIMock()
    api.searchSpy.returns(.success(["ReactorKit/ReactorKit"]))
    let tester = ReactorTester(DebouncedRepoSearchReactor(api: api, clock: clock))
    await tester.send(.updateQuery("re")) { $0.query = "re" }
    await tester.send(.updateQuery("reactor")) { $0.query = "reactor" }
    await clock.advance(by: .milliseconds(300))
    await tester.receive(.setRepos(["ReactorKit/ReactorKit"])) { $0.repos = ["ReactorKit/ReactorKit"] }
    await tester.finish()
    XCTAssertEqual(api.searchSpy.allArguments.map(\.query), ["reactor"])
  }
}
