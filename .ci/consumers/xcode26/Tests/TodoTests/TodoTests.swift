import Foundation
import ReactorFlowTesting
import XCTest

@testable import TaskEditor

// An XCTest target, which Linux keeps nonisolated: it builds and calls the app module's model,
// client and fixtures because they are declared `nonisolated`.

/// Synchronous and nonisolated: the fixture and the model's `Codable` conformance are used off the
/// main actor.
final class TodoFixtureTests: XCTestCase {
  func test_fixture_roundTripsThroughJSON() throws {
    let data = try JSONEncoder().encode(Todo.milk)
    XCTAssertEqual(try JSONDecoder().decode(Todo.self, from: data), .milk)
  }
}

@MainActor
final class TodoListReactorTests: XCTestCase {
  func test_load_showsWhatTheClientReturns() async {
    let client = TodoClientMock()
    client.todosSpy.returns([.milk])
    let tester = ReactorTester(TodoListReactor(client: client))
    await tester.send(.load)
    await tester.receive(.setTodos([.milk])) { $0.todos = [.milk] }
    await tester.finish()
  }

  func test_liveClient_decodesTheServersTodos() async throws {
    let client = LiveTodoClient { _ in Todo.milkJSON }
    let todos = try await client.todos()
    XCTAssertEqual(todos, [.milk])
  }
}
