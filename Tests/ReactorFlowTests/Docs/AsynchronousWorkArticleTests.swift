import ReactorFlow
import ReactorFlowTesting
import XCTest

// The reactor of ReactorFlow's "Asynchronous work" article (AsynchronousWork.md): the article's
// two snippets are the cases of `mutate` below, verbatim (DocCSnippetTests checks that they stay
// so), and the tests run each of them on a test clock.

/// A client as the article writes it: a protocol, with a stub for tests.
private protocol FeedClient: Sendable {
  func fetchPeople(count: Int) async throws -> [String]
  func search(_ query: String) async throws -> [String]
  func fetch(page: Int) async throws -> [String]
}

private struct FeedClientStub: FeedClient {
  func fetchPeople(count: Int) async throws -> [String] { (1...count).map { "person \($0)" } }
  func search(_ query: String) async throws -> [String] { ["\(query)!"] }
  func fetch(page: Int) async throws -> [String] { ["page \(page)"] }
}

@MainActor
private final class FeedReactor: Reactor {
  enum Action: Sendable {
    case load(Int)
    case search(String)
    case stop
    case loadNextPage
    case addAndDouble(Int)
    case decreaseLater
  }

  enum Mutation: Sendable {
    case setLoading(Bool)
    case setPeople([String])
    case setError(String)
    case setResults([String])
    case setLoadingNextPage(Bool)
    case appendPage([String])
    case add(Int)
    case set(Int)
    case decrease
  }

  struct State: Equatable, Sendable {
    var isLoading = false
    var people: [String] = []
    var error: String?
    var results: [String] = []
    var isLoadingNextPage = false
    var pages: [[String]] = []
    var total = 0
    var value = 0

    var nextPage: Int { pages.count + 1 }
  }

  let initialState = State()
  let runtime = Runtime()
  let client: any FeedClient
  let clock: any Clock<Duration>

  init(client: any FeedClient, clock: any Clock<Duration>) {
    self.client = client
    self.clock = clock
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .load(let count):
      return .run { [client] send in
        await send(.setPeople(try await client.fetchPeople(count: count)))
      } catch: { error, send in
        await send(.setError("\(error)"))
      }
      .prepend(.setLoading(true))  // reduced before send returns
      .cancellable(id: "load", cancelInFlight: true)  // a new load cancels the running one
    case .search(let query):
      return .run { [client] send in await send(.setResults(try await client.search(query))) }
        .debounce(id: "search", for: .milliseconds(300), clock: clock)
    case .stop:
      return .cancel(id: "load")
    case .loadNextPage:
      return .run(reading: self) { [client] state, send in
        let page = try await state.current.nextPage  // read on the main actor, now
        await send(.appendPage(try await client.fetch(page: page)))
      }
      .prepend(.setLoadingNextPage(true))
      .finally(.send(.setLoadingNextPage(false)))  // reduced even when a newer load cancels this one
      .cancellable(id: "page", cancelInFlight: true)
    case .addAndDouble(let value):
      return .concatenate(  // synchronous, each piece sees the last
        .send(.add(value)),
        .deferred(reading: self) { state in .send(.set(state.total * 2)) }
      )
    case .decreaseLater:
      return Effect.send(.decrease).delay(for: .seconds(1), clock: clock)
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setLoading(let isLoading): state.isLoading = isLoading
    case .setPeople(let people):
      state.people = people
      state.isLoading = false
    case .setError(let error):
      state.error = error
      state.isLoading = false
    case .setResults(let results): state.results = results
    case .setLoadingNextPage(let isLoading): state.isLoadingNextPage = isLoading
    case .appendPage(let page): state.pages.append(page)
    case .add(let value): state.total += value
    case .set(let total): state.total = total
    case .decrease: state.value -= 1
    }
    return state
  }
}

@MainActor
final class AsynchronousWorkArticleTests: XCTestCase {
  func test_load_isLoadingAtOnceThenShowsThePeople() async {
    // given
    let reactor = FeedReactor(client: FeedClientStub(), clock: TestClock())

    // when
    let task = reactor.send(.load(2))

    // then
    XCTAssertTrue(reactor.currentState.isLoading)
    await bounded("task finishes") { await task.finish() }
    XCTAssertEqual(reactor.currentState.people, ["person 1", "person 2"])
    XCTAssertFalse(reactor.currentState.isLoading)
  }

  func test_search_threeQueriesWithin300ms_showsTheLastResultsOnly() async {
    // given
    let clock = TestClock()
    let reactor = FeedReactor(client: FeedClientStub(), clock: clock)

    // when
    reactor.send(.search("s"))
    reactor.send(.search("sw"))
    reactor.send(.search("swi"))
    await clock.advance(by: .milliseconds(300))

    // then
    XCTAssertEqual(reactor.currentState.results, ["swi!"])
  }

  func test_loadNextPage_readsTheNextPageAndClearsTheFlag() async {
    // given
    let reactor = FeedReactor(client: FeedClientStub(), clock: TestClock())

    // when
    await bounded("reactor.send(.loadNextPage) finishes") { await reactor.send(.loadNextPage).finish() }
    await bounded("reactor.send(.loadNextPage) finishes") { await reactor.send(.loadNextPage).finish() }

    // then
    XCTAssertEqual(reactor.currentState.pages, [["page 1"], ["page 2"]])
    XCTAssertFalse(reactor.currentState.isLoadingNextPage)
  }

  func test_addAndDouble_theDeferredPieceSeesTheAddition() async {
    // given
    let reactor = FeedReactor(client: FeedClientStub(), clock: TestClock())

    // when
    reactor.send(.addAndDouble(3))

    // then
    XCTAssertEqual(reactor.currentState.total, 6)
  }

  func test_decreaseLater_waitsOneSecondOnTheClock() async {
    // given
    let clock = TestClock()
    let reactor = FeedReactor(client: FeedClientStub(), clock: clock)
    reactor.send(.decreaseLater)

    // when
    await clock.advance(by: .milliseconds(999))
    let before = reactor.currentState.value
    await clock.advance(by: .milliseconds(1))

    // then
    XCTAssertEqual(before, 0)
    XCTAssertEqual(reactor.currentState.value, -1)
  }
}
