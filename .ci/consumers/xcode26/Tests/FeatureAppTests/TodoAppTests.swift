import Foundation
import ReactorFlowTesting
import Testing

@testable import TaskEditor

// Swift Testing with the app's main-actor default, on the fixtures that the XCTest target uses too.
struct TodoAppTests {
  @Test func loadShowsWhatTheClientReturns() async {
    let client = TodoClientMock()
    client.todosSpy.returns([.milk])
    let tester = ReactorTester(TodoListReactor(client: client))
    await tester.send(.load)
    await tester.receive(.setTodos([.milk])) { $0.todos = [.milk] }
    await tester.finish()
  }

  @Test func liveClientDecodesTheServersTodos() async throws {
    let client = LiveTodoClient { _ in Todo.milkJSON }
    #expect(try await client.todos() == [.milk])
  }
}
