import Foundation
import ReactorFlowTesting

@testable import TaskEditor

// Shared by both test targets (FeatureAppTests links to this file): the nonisolated XCTest target
// and the Swift Testing target, which has the app's main-actor default. `nonisolated` makes the
// fixtures and the mock the same in both: without it, in the Swift Testing target the fixtures
// would be main-actor isolated, and the live client's `@Sendable` closure could not read them.

nonisolated extension Todo {
  static let milk = Todo(id: 1, title: "Milk")
  static let milkJSON = Data(#"[{"id":1,"title":"Milk"}]"#.utf8)
}

nonisolated final class TodoClientMock: TodoClient {
  let todosSpy = Spy<Void, [Todo]>("todos()", placeholder: [])

  func todos() async throws -> [Todo] { todosSpy() }
}
