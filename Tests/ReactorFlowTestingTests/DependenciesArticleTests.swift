import Foundation
import ReactorFlowTesting
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// The snippets of ReactorFlow's "Dependencies" article, verbatim.

protocol QuoteClient: Sendable {
  func price(of symbol: String) async throws -> Double
}

struct LiveQuoteClient: QuoteClient {
  let baseURL: URL

  func price(of symbol: String) async throws -> Double {
    let (data, _) = try await URLSession.shared.data(from: baseURL.appending(path: symbol))
    return try JSONDecoder().decode(Double.self, from: data)
  }
}

struct PreviewQuoteClient: QuoteClient {
  let prices: [String: Double]

  func price(of symbol: String) async throws -> Double { prices[symbol] ?? 0 }
}

extension QuoteClient where Self == LiveQuoteClient {
  static func live(baseURL: URL) -> Self { LiveQuoteClient(baseURL: baseURL) }
}

extension QuoteClient where Self == PreviewQuoteClient {
  static var preview: Self { PreviewQuoteClient(prices: ["SWFT": 42, "RXSW": 7]) }
}

final class QuoteClientMock: QuoteClient {
  let priceSpy = Spy<String, Double>("price(of:)")

  func price(of symbol: String) async throws -> Double { priceSpy(symbol) }
}

/// The article's reactor: it gets its client in `init` and captures it in the effect.
@MainActor
final class QuoteReactor: Reactor {
  enum Action: Sendable { case refresh(String) }
  enum Mutation: Sendable, Equatable { case setPrice(Double) }
  struct State: Equatable, Sendable { var price: Double? }

  let initialState = State()
  let runtime = Runtime()
  let client: any QuoteClient

  init(client: any QuoteClient) {
    self.client = client
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .refresh(let symbol):
      return .run { [client] send in await send(.setPrice(try await client.price(of: symbol))) }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setPrice(let price): state.price = price
    }
    return state
  }
}

@MainActor
final class DependenciesArticleTests: XCTestCase {
  func test_testValue_setUpByTheTest_answersTheReactor() async {
    let client = QuoteClientMock()
    client.priceSpy.returns(42)
    let tester = ReactorTester(QuoteReactor(client: client))
    await tester.send(.refresh("SWFT"))
    await tester.receive(.setPrice(42)) { $0.price = 42 }
    await tester.finish()
    XCTAssertEqual(client.priceSpy.allArguments, ["SWFT"])
  }

  func test_testValue_calledWithoutSetUp_failsNamingTheSpyAndTheMethod() async {
    // given: a mock whose spy the test never set up
    let reactor = QuoteReactor(client: QuoteClientMock())

    // when
    let failures = await captureFailures {
      await bounded("the refresh ends") { await reactor.send(.refresh("SWFT")).finish() }
    }

    // then: one failure, naming the spy and the method that called it; the placeholder is used
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(
      failures.first?.message.hasPrefix(
        "Spy \"price(of:)\" was called by price(of:) but has nothing to return") == true,
      failures.first?.message ?? "no failure")
    XCTAssertEqual(reactor.currentState.price, 0)
  }

  func test_previewValue_answersFromMemory() async {
    // given
    let preview = QuoteReactor(client: .preview)

    // when
    await bounded("the refresh ends") { await preview.send(.refresh("RXSW")).finish() }

    // then
    XCTAssertEqual(preview.currentState.price, 7)
  }

  func test_liveValue_isNamedByItsStaticMember() async throws {
    // given: the app's call site (nothing is sent: no network in tests)
    let serverURL = try XCTUnwrap(URL(string: "http://127.0.0.1:9/quotes"))
    let reactor = QuoteReactor(client: .live(baseURL: serverURL))  // the app
    let preview = QuoteReactor(client: .preview)  // a preview or a demo screen

    // then
    XCTAssertEqual((reactor.client as? LiveQuoteClient)?.baseURL, serverURL)
    XCTAssertTrue(preview.client is PreviewQuoteClient)
  }
}

// MARK: - In a module whose default isolation is the main actor

// The section's snippets; .ci/consumers/xcode26 compiles the same shape under Xcode 26's app
// defaults (TaskEditor's Todo.swift, and TodoTests' fixtures, shared with FeatureAppTests).

nonisolated struct Todo: Codable, Equatable, Sendable {
  var id: Int
  var title: String
}

nonisolated protocol TodoClient: Sendable {
  func todos() async throws -> [Todo]
}

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

nonisolated extension Todo {
  static let milk = Todo(id: 1, title: "Milk")
  static let milkJSON = Data(#"[{"id":1,"title":"Milk"}]"#.utf8)
}

nonisolated final class TodoClientMock: TodoClient {
  let todosSpy = Spy<Void, [Todo]>("todos()", placeholder: [])

  func todos() async throws -> [Todo] { todosSpy() }
}

/// Synchronous and nonisolated, as a Linux XCTest target is: the fixture and the model's
/// conformances are used off the main actor.
final class NonisolatedFixtureTests: XCTestCase {
  func test_fixture_roundTripsThroughJSON() throws {
    let data = try JSONEncoder().encode(Todo.milk)
    XCTAssertEqual(try JSONDecoder().decode(Todo.self, from: data), .milk)
  }

  func test_liveClient_decodesTheFixture() async throws {
    let client = LiveTodoClient { _ in Todo.milkJSON }
    let todos = try await client.todos()
    XCTAssertEqual(todos, [.milk])
  }

  func test_mock_answersWhatTheTestSetUp() async throws {
    let client = TodoClientMock()
    client.todosSpy.returns([.milk])
    let todos = try await client.todos()
    XCTAssertEqual(todos, [.milk])
  }
}
