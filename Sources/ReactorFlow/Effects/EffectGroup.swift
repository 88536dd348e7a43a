/// The tasks that one action started. Created only when an action starts asynchronous work.
@MainActor
@usableFromInline
final class EffectGroup {
  private(set) var tasks: [Task<Void, Never>] = []
  private(set) var isCancelled = false

  @usableFromInline
  init() {}

  @usableFromInline
  func append(_ task: Task<Void, Never>) {
    if isCancelled { task.cancel() }
    tasks.append(task)
  }

  func finish() async {
    var index = 0
    while index < tasks.count {
      await tasks[index].value
      index += 1
    }
  }

  func cancel() {
    isCancelled = true
    for task in tasks { task.cancel() }
  }
}
