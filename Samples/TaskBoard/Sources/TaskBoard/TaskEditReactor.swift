import Foundation
import ReactorFlow

/// The task editor (RxTodo's TaskEditViewReactor): a new task, or a task's new title.
final class TaskEditReactor: EditorReactor<String> {
  enum Mode: Equatable, Sendable {
    case create
    case edit(TaskItem)
  }

  let mode: Mode
  let service: any TaskServiceType

  init(mode: Mode, service: any TaskServiceType, alerts: any AlertService) {
    self.mode = mode
    self.service = service
    switch mode {
    case .create: super.init(draft: "", alerts: alerts)
    case .edit(let task): super.init(draft: task.title, alerts: alerts)
    }
  }

  override func canSave(_ draft: String) -> Bool {
    !draft.trimmingCharacters(in: .whitespaces).isEmpty
  }

  override func makeSave() -> @Sendable (String) async throws -> Void {
    // The service announces the change: the board and its rows follow without being told.
    { [service, mode] title in
      switch mode {
      case .create:
        _ = try await service.create(title: title)
      case .edit(var task):
        task.title = title
        _ = try await service.update(task)
      }
    }
  }
}
