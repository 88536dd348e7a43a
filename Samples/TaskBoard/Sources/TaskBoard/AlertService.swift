import Foundation

/// A button of an alert.
nonisolated enum AlertChoice: String, Equatable, Sendable {
  case discard = "Discard"
  case keepEditing = "Keep Editing"
}

/// Asks the user and returns the button they tapped (RxTodo's alert service, which returned an
/// `Observable` of the tapped action): an effect awaits the choice and maps it to mutations.
nonisolated protocol AlertService: Sendable {
  func choose(_ title: String, among choices: [AlertChoice]) async -> AlertChoice
}

/// The value for previews and the demo: it answers one choice and remembers what it was asked,
/// for the preview to show.
nonisolated final class PreviewAlertService: AlertService, @unchecked Sendable {
  private let answer: AlertChoice
  // Guarded by `lock`.
  private var questions: [String] = []
  private let lock = NSLock()

  init(answering answer: AlertChoice) {
    self.answer = answer
  }

  /// Each alert shown so far: its title, its buttons and the one tapped.
  var asked: [String] { lock.withLock { questions } }

  func choose(_ title: String, among choices: [AlertChoice]) async -> AlertChoice {
    let buttons = choices.map(\.rawValue).joined(separator: " | ")
    lock.withLock { questions.append("\(title) [\(buttons)] → \(answer.rawValue)") }
    return answer
  }
}
