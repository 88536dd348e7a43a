import ReactorFlowTesting
import XCTest

// The snippets of the DocC landing pages and Getting Started articles, verbatim (DocCSnippetTests
// checks that they stay so), compiled here and run. `CounterViewReactor` is the one of
// ReadmeExampleTests.swift, which is also ReactorFlow's Getting Started counter.

// MARK: - ReactorFlow.md: the landing page's counter

/// The landing page's counter, the one `CounterReactor` of these tests.
@MainActor
final class CounterReactor: Reactor {
  enum Action: Sendable { case increment, decrement }
  struct State: Equatable, Sendable { var count = 0 }

  let initialState = State()
  let runtime = Runtime()

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    switch mutation {
    case .increment: state.count += 1
    case .decrement: state.count -= 1
    }
    return state
  }
}

@MainActor
final class ReactorFlowLandingPageTests: XCTestCase {
  func test_counter_incrementTwiceThenDecrement_countsOne() async {
    // given
    let reactor = CounterReactor()

    // when
    reactor.send(.increment)
    reactor.send(.increment)
    reactor.send(.decrement)

    // then
    XCTAssertEqual(reactor.currentState.count, 1)
  }
}

// MARK: - ReactorFlowTesting.md: the landing page's test

@MainActor
final class CounterViewReactorTesterTests: XCTestCase {
  func test_increase_twice_countsTwo() async {
    let tester = ReactorTester(CounterViewReactor())
    await tester.send(.increase) { $0.value = 1 }
    await tester.send(.increase) { $0.value = 2 }
    await tester.finish()
  }
}

// MARK: - MigratingFromReactorKit.md: step by step with a tester

@MainActor
final class MigrationGuideTesterExampleTests: XCTestCase {
  func test_increaseThenDecrease_checksEveryChange() async {
    let tester = ReactorTester(CounterViewReactor())
    await tester.send(.increase) { $0.value = 1 }
    await tester.send(.decrease) { $0.value = 0 }
    await tester.finish()
  }
}

// MARK: - ReactorFlowTesting's Getting Started: a first test

@MainActor
final class CounterViewReactorTests: XCTestCase {
  func test_increase_once_showsOne() async {
    // given
    let reactor = CounterViewReactor()

    // when
    reactor.send(.increase)

    // then
    XCTAssertEqual(reactor.currentState.value, 1)
  }
}

// MARK: - ReactorFlow's Getting Started: send and observe, asynchronous work, external streams

@MainActor
final class GettingStartedExampleTests: XCTestCase {
  func test_sendAndObserve_updatesTheStateBeforeSendReturns() async {
    // given, when
    let reactor = CounterViewReactor()
    let token = reactor.observe(\.value) { print("value:", $0) }  // 0 at once, then every change
    reactor.send(.increase)  // prints "value: 1" before returning
    let value = reactor.currentState.value  // 1

    // then
    XCTAssertEqual(value, 1)
    token.cancel()
  }

  func test_asynchronousWork_loadsWithAFlagAndDebouncesTheSearch() async {
    // given
    let clock = TestClock()
    let reactor = GuideLoaderReactor(client: GuideClient(), clock: clock)

    // when
    await bounded("reactor.send(.load(2)) finishes") { await reactor.send(.load(2)).finish() }
    let search = reactor.send(.search("sw"))
    await clock.advance(by: .milliseconds(300))
    await bounded("search finishes") { await search.finish() }

    // then
    XCTAssertEqual(reactor.currentState.people, ["person 1", "person 2"])
    XCTAssertFalse(reactor.currentState.isLoading)
    XCTAssertEqual(reactor.currentState.results, ["sw!"])
  }

  func test_externalMutations_followTheSession() async {
    // given
    let session = GuideSession()
    let reactor = GuideSessionReactor(session: session)
    let named = expectation(reactor, \.user, equals: "ada")

    // when
    session.changes.post("ada")

    // then
    await fulfillment(of: [named], timeout: 5)
  }
}

/// The client of the Getting Started's asynchronous example.
struct GuideClient: Sendable {
  func fetchPeople(count: Int) async throws -> [String] { (1...count).map { "person \($0)" } }
  func search(_ query: String) async throws -> [String] { ["\(query)!"] }
}

/// The reactor around the Getting Started's `mutate(action:)` excerpt.
@MainActor
final class GuideLoaderReactor: Reactor {
  enum Action: Sendable { case load(Int), search(String) }
  enum Mutation: Sendable {
    case setPeople([String]), setError(String), setLoading(Bool), setResults([String])
  }
  struct State: Equatable, Sendable {
    var people: [String] = []
    var error: String?
    var isLoading = false
    var results: [String] = []
  }

  let initialState = State()
  let runtime = Runtime()
  private let client: GuideClient
  private let clock: any Clock<Duration>

  init(client: GuideClient, clock: any Clock<Duration>) {
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
      .finally(.send(.setLoading(false)))  // however the load ends
      .cancellable(id: "load", cancelInFlight: true)  // a new load cancels the running one
    case .search(let query):
      return .run { [client] send in await send(.setResults(try await client.search(query))) }
        .debounce(id: "search", for: .milliseconds(300), clock: clock)
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setPeople(let people): state.people = people
    case .setError(let error): state.error = error
    case .setLoading(let isLoading): state.isLoading = isLoading
    case .setResults(let results): state.results = results
    }
    return state
  }
}

/// A session whose user changes arrive on an `EventBus`.
final class GuideSession: Sendable {
  let changes = EventBus<String>()
}

/// The reactor around the Getting Started's `externalMutations()` excerpt.
@MainActor
final class GuideSessionReactor: Reactor {
  enum Action: Sendable {}
  enum Mutation: Sendable { case setUser(String) }
  struct State: Equatable, Sendable { var user: String? }

  let initialState = State()
  let runtime = Runtime()
  private let session: GuideSession

  init(session: GuideSession) {
    self.session = session
  }

  func mutate(action: Action) -> Effect<Mutation> {}

  func externalMutations() -> Effect<Mutation> {
    .sequence(session.changes.events.map { Mutation.setUser($0) })
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setUser(let user): state.user = user
    }
    return state
  }
}
