/// The running effects of one reactor, by serial number and by cancellation identifier, and its
/// open throttle windows.
///
/// The runtime creates it with its first effect: a reactor whose actions are all synchronous never
/// pays for it. Not generic, so that registering an effect looks up no generic metadata.
@MainActor
@usableFromInline
final class EffectRegistry {
  struct RunningEffect {
    let task: Task<Void, Never>
    /// The identifiers it is still registered under: none once it was cancelled.
    var ids: [EffectID]
    let isExternal: Bool
  }

  private var running: [Int: RunningEffect] = [:]
  private var runningByID: [EffectID: Set<Int>] = [:]
  private var nextSerial = 0
  /// The throttle windows that are open, each closed by its task.
  @usableFromInline var throttleWindows: [EffectID: Task<Void, Never>] = [:]

  /// A number for the next effect, unique in this registry.
  @usableFromInline
  func makeSerial() -> Int {
    defer { nextSerial &+= 1 }
    return nextSerial
  }

  @usableFromInline
  func register(_ task: Task<Void, Never>, serial: Int, ids: [EffectID], isExternal: Bool) {
    running[serial] = RunningEffect(task: task, ids: ids, isExternal: isExternal)
    for id in ids { runningByID[id, default: []].insert(serial) }
  }

  @usableFromInline
  func didFinish(serial: Int) {
    guard let effect = running.removeValue(forKey: serial) else { return }
    for id in effect.ids { forget(serial, under: id) }
  }

  /// Cancels every running effect registered under `id`.
  ///
  /// A cancelled effect leaves the index by identifier here rather than when its task ends:
  /// cancelling it again would do nothing, and its end then has only its serial to forget.
  @usableFromInline
  func cancel(id: EffectID) {
    guard let serials = runningByID.removeValue(forKey: id) else { return }
    for serial in serials {
      guard let index = running.index(forKey: serial) else { continue }
      let effect = running.values[index]
      for other in effect.ids where other != id { forget(serial, under: other) }
      running.values[index].ids = []
      effect.task.cancel()
    }
  }

  private func forget(_ serial: Int, under id: EffectID) {
    guard let index = runningByID.index(forKey: id) else { return }
    runningByID.values[index].remove(serial)
    if runningByID.values[index].isEmpty { runningByID.remove(at: index) }
  }

  /// The number of running effects that actions started (not external streams, not nested tasks).
  var activeCount: Int {
    running.values.reduce(0) { $0 + ($1.isExternal ? 0 : 1) }
  }

  @usableFromInline
  init() {}

  func cancelAll() {
    for effect in running.values { effect.task.cancel() }
    for window in throttleWindows.values { window.cancel() }
  }
}
