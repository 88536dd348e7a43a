import Foundation
import ReactorFlowTesting

@testable import TaskBoard

// Shared by both test targets (TaskBoardTests links to this file): the nonisolated XCTest target
// and the Swift Testing target, which has the app's main-actor default. `nonisolated` makes the
// fixtures and the mocks the same in both, usable from any test and from the effects that call
// them off the main actor.

nonisolated extension TaskItem {
  static let milk = TaskItem(id: "1", title: "Buy milk", likeCount: 2)
  static let tests = TaskItem(id: "2", title: "Write tests", isDone: true)
  /// The store's bytes for `[milk]`, as the live service wrote them.
  static let milkJSON = Data(
    #"[{"id":"1","title":"Buy milk","isDone":false,"isLiked":false,"likeCount":2}]"#.utf8)
}

nonisolated final class TaskServiceMock: TaskServiceType {
  let events = EventBus<TaskEvent>()
  let tasksSpy = Spy<Void, [TaskItem]>("tasks()", placeholder: [])
  let createSpy = Spy<String, TaskItem>("create(title:)", placeholder: .milk)
  let updateSpy = Spy<TaskItem, TaskItem>("update(_:)", placeholder: .milk)
  let setLikedSpy = Spy<(isLiked: Bool, taskID: String), Result<TaskItem, any Error>>(
    "setLiked(_:taskID:)", placeholder: .success(.milk))

  func tasks() async throws -> [TaskItem] { try await tasksSpy.answer() }
  func create(title: String) async throws -> TaskItem { try await createSpy.answer(title) }
  func update(_ task: TaskItem) async throws -> TaskItem { try await updateSpy.answer(task) }
  func setLiked(_ isLiked: Bool, taskID: String) async throws -> TaskItem {
    try await setLikedSpy.answer((isLiked, taskID)).get()
  }
}

nonisolated final class KeyValueStoreMock: KeyValueStore {
  let dataSpy = Spy<String, Data?>("data(forKey:)", placeholder: nil)
  let setDataSpy = Spy<(data: Data, key: String), Void>("setData(_:forKey:)", placeholder: ())

  func data(forKey key: String) async throws -> Data? { dataSpy(key) }
  func setData(_ data: Data, forKey key: String) async throws { setDataSpy((data, key)) }
}

nonisolated final class AlertServiceMock: AlertService {
  let chooseSpy = Spy<(title: String, choices: [AlertChoice]), AlertChoice>(
    "choose(_:among:)", placeholder: .keepEditing)

  // Cancelled, the alert is dismissed: the user kept editing.
  func choose(_ title: String, among choices: [AlertChoice]) async -> AlertChoice {
    (try? await chooseSpy.answer((title, choices))) ?? .keepEditing
  }
}
