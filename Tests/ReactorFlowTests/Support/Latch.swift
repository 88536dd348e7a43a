/// A gate that effects wait on until the test opens it; waiting ends with `CancellationError`
/// when the waiting task is cancelled. Lets tests control when an effect proceeds without time.
actor Latch {
  private var isOpen = false
  private var nextID = 0
  private var waiters: [Int: CheckedContinuation<Void, any Error>] = [:]
  private var cancelledBeforeWaiting: Set<Int> = []
  private let arrivals = Signal<Void>()

  /// Waits until some task has started waiting on the latch (each arrival is reported once).
  nonisolated func nextArrival() async {
    await arrivals.next()
  }

  func open() {
    isOpen = true
    let waiting = waiters
    waiters = [:]
    for continuation in waiting.values { continuation.resume() }
  }

  func wait() async throws {
    if isOpen { return }
    let id = nextID
    nextID += 1
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        if cancelledBeforeWaiting.remove(id) != nil {
          continuation.resume(throwing: CancellationError())
        } else {
          waiters[id] = continuation
          arrivals.fire(())
        }
      }
    } onCancel: {
      Task { await self.cancel(id) }
    }
  }

  private func cancel(_ id: Int) {
    if let continuation = waiters.removeValue(forKey: id) {
      continuation.resume(throwing: CancellationError())
    } else {
      cancelledBeforeWaiting.insert(id)
    }
  }
}

/// Suspends until the current task is cancelled, then throws `CancellationError`.
func suspendUntilCancelled() async throws {
  try await Latch().wait()
}
