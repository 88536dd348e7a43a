import ReactorFlow

/// What each screen shows for a state, as text: the sample has no UI framework on Linux, and a
/// text screen is what the previews print.
enum Screens {
  /// The board: the header from the board's copy of its rows' tasks, each row from its own
  /// reactor, as a cell binds its own reactor.
  static func board(_ state: TaskListReactor.State) -> [String] {
    if state.isLoading && state.tasks.isEmpty { return ["Tasks: loading…"] }
    return ["Tasks: \(state.summary)"] + state.rows.map { row($0.currentState.task) }
  }

  static func row(_ task: TaskItem) -> String {
    let liked = task.isLiked ? "♥" : "♡"
    return "  [\(task.isDone ? "x" : " ")] \(task.title) \(liked) \(task.likeCount)"
  }

  static func editor(_ state: TaskEditReactor.State) -> String {
    if state.isDismissed { return "Edit: dismissed" }
    var line = "Edit: \"\(state.draft)\""
    if state.isSaving { line += " saving…" } else if state.canSave { line += " [Save]" }
    if let error = state.errorMessage { line += " error: \(error)" }
    return line
  }
}
