import Foundation
import ReactorFlow

/// The tasks: read and written through a `KeyValueStore`, each change announced on `events`.
nonisolated protocol TaskServiceType: Sendable {
  /// Every change of a task, for the screens that show it.
  var events: EventBus<TaskEvent> { get }
  func tasks() async throws -> [TaskItem]
  func create(title: String) async throws -> TaskItem
  func update(_ task: TaskItem) async throws -> TaskItem
  func setLiked(_ isLiked: Bool, taskID: String) async throws -> TaskItem
}

/// Thrown when a task is not in the store (another device deleted it).
nonisolated struct TaskNotFound: Error, Equatable {
  let id: String
}

/// The app's value: one client that calls another (the store), in an effect's body, off the main
/// actor.
nonisolated struct TaskService: TaskServiceType {
  static let key = "tasks"

  let store: any KeyValueStore
  let events: EventBus<TaskEvent>
  let makeID: @Sendable () -> String

  init(
    store: any KeyValueStore, events: EventBus<TaskEvent> = EventBus(),
    makeID: @escaping @Sendable () -> String = { UUID().uuidString }
  ) {
    self.store = store
    self.events = events
    self.makeID = makeID
  }

  func tasks() async throws -> [TaskItem] {
    guard let data = try await store.data(forKey: Self.key) else { return [] }
    return try decode([TaskItem].self, from: data)
  }

  func create(title: String) async throws -> TaskItem {
    let task = TaskItem(id: makeID(), title: title)
    try await save(try await tasks() + [task])
    events.post(.created(task))
    return task
  }

  func update(_ task: TaskItem) async throws -> TaskItem {
    try await replace(task)
    events.post(.updated(task))
    return task
  }

  func setLiked(_ isLiked: Bool, taskID: String) async throws -> TaskItem {
    guard var task = try await tasks().first(where: { $0.id == taskID }) else {
      throw TaskNotFound(id: taskID)
    }
    if task.isLiked != isLiked {
      task.isLiked = isLiked
      task.likeCount += isLiked ? 1 : -1
    }
    try await replace(task)
    events.post(.liked(task))
    return task
  }

  private func replace(_ task: TaskItem) async throws {
    var tasks = try await tasks()
    guard let index = tasks.firstIndex(where: { $0.id == task.id }) else {
      throw TaskNotFound(id: task.id)
    }
    tasks[index] = task
    try await save(tasks)
  }

  private func save(_ tasks: [TaskItem]) async throws {
    try await store.setData(try JSONEncoder().encode(tasks), forKey: Self.key)
  }

  // A generic `Sendable` API: a model whose conformances were main-actor isolated could not be
  // `Value` here.
  private func decode<Value: Decodable & Sendable>(_ type: Value.Type, from data: Data) throws -> Value {
    try JSONDecoder().decode(type, from: data)
  }
}
