import Foundation

// Data that crosses actors and modules is declared `nonisolated`, as the Dependencies article
// says for a module whose default isolation is the main actor: its `Codable` conformance is then
// not main-actor isolated, so the service decodes it off the main actor, and a nonisolated test
// target builds it in a `static let`.

/// A task on the board, as the store keeps it.
nonisolated struct TaskItem: Codable, Equatable, Identifiable, Sendable {
  var id: String
  var title: String
  var isDone = false
  var isLiked = false
  var likeCount = 0
}

/// What the task service announces after it changed a task, so that every screen showing the
/// task follows, whoever changed it.
nonisolated enum TaskEvent: Equatable, Sendable {
  case created(TaskItem)
  case updated(TaskItem)
  case liked(TaskItem)
}
