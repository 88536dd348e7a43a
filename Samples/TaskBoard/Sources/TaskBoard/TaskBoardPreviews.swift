import Foundation
import ReactorFlow

/// The board's previews, as Xcode's canvas would run them: stubbed reactors and clients that
/// answer from memory, no network and no test framework. `TaskBoardDemo` prints what they show.
public enum TaskBoardPreviews {
  /// Runs every preview and returns the lines their screens showed, in order.
  public static func run() async throws -> [String] {
    var shown: [String] = []
    shown += stubbedBoard()
    shown += stubbedEditor()
    shown += try await liveBoard()
    return shown
  }

  /// The board while it loads: a stub shows the state the preview sets, and records the
  /// refresh the screen sends instead of running it.
  static func stubbedBoard() -> [String] {
    let stub = ReactorStub(TaskListReactor(service: TaskService(store: MemoryKeyValueStore())))
    stub.state.isLoading = true
    stub.reactor.send(.refresh)
    return Screens.board(stub.state) + ["  actions: \(stub.actions.map { "\($0)" })"]
  }

  /// The editor typing and saving, scripted by its stub: nothing is saved.
  static func stubbedEditor() -> [String] {
    let editor = TaskEditReactor(
      mode: .create, service: TaskService(store: MemoryKeyValueStore()),
      alerts: PreviewAlertService(answering: .keepEditing))
    let stub = ReactorStub(editor) { action, state in
      switch action {
      case .edit(let title): state.draft = title
      case .save: state.isSaving = true
      case .cancel: state.isDismissed = true
      }
    }
    stub.state.canSave = true
    stub.reactor.send(.edit("Call mum"))
    let typed = Screens.editor(stub.state)
    stub.reactor.send(.save)
    return [typed, Screens.editor(stub.state)]
  }

  /// The real screens on the real service over a store in memory: a like, a new task from the
  /// editor, and a cancelled edit that asks first.
  static func liveBoard() async throws -> [String] {
    let stored = [
      TaskItem(id: "1", title: "Buy milk", likeCount: 2),
      TaskItem(id: "2", title: "Write tests", isDone: true),
    ]
    let store = MemoryKeyValueStore(values: [TaskService.key: try JSONEncoder().encode(stored)])
    let service = TaskService(store: store, makeID: { "3" })
    let board = TaskListReactor(service: service)
    var shown: [String] = []

    await board.send(.refresh).finish()
    shown += Screens.board(board.currentState)

    if let milk = board.currentState.rows[id: "1"] {
      await milk.send(.toggleLike).finish()
      shown += Screens.board(board.currentState)
    }

    let create = TaskEditReactor(
      mode: .create, service: service, alerts: PreviewAlertService(answering: .discard))
    create.send(.edit("Water plants"))
    await create.send(.save).finish()
    shown.append(Screens.editor(create.currentState))
    // The board hears of the new task through the service's events.
    guard await shows(board, where: { $0.tasks.count == 3 }) else {
      return shown + ["Tasks: the new task never arrived"]
    }
    shown += Screens.board(board.currentState)

    let alerts = PreviewAlertService(answering: .discard)
    let edit = TaskEditReactor(mode: .edit(stored[1]), service: service, alerts: alerts)
    edit.send(.edit("Write more tests"))
    await edit.send(.cancel).finish()
    shown += alerts.asked.map { "Alert: \($0)" }
    shown.append(Screens.editor(edit.currentState))
    return shown
  }

  /// Waits until the reactor's state matches, for at most five seconds on `clock` (real time by
  /// default: a preview has no test clock, and must not hang when something is wrong).
  private static func shows(
    _ reactor: TaskListReactor,
    where condition: @escaping @Sendable (TaskListReactor.State) -> Bool,
    clock: some Clock<Duration> = ContinuousClock()
  ) async -> Bool {
    if condition(reactor.currentState) { return true }
    let states = reactor.state
    return await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        for await state in states where condition(state) { return true }
        return false
      }
      group.addTask {
        try? await clock.sleep(for: .seconds(5))
        return false
      }
      let first = await group.next() ?? false
      group.cancelAll()
      return first
    }
  }
}
