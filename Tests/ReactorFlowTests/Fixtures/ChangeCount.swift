import Foundation
import Observation

/// Counts the `onChange` calls of `withObservationTracking`, whose closure must be `Sendable`.
// @unchecked Sendable: `lock` protects `storedValue`.
final class ChangeCount: @unchecked Sendable {
  private let lock = NSLock()
  private var storedValue = 0

  var value: Int { lock.withLock { storedValue } }

  func increment() { lock.withLock { storedValue += 1 } }
}

/// Tracks what `read` reads, once: the returned count becomes 1 at the first change of any of it
/// (and then stays 1: Observation's tracking is one-shot).
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
func trackOnce(_ read: () -> Void) -> ChangeCount {
  let count = ChangeCount()
  withObservationTracking(read, onChange: { count.increment() })
  return count
}

/// A view made of a render closure that reads an Observable model, re-rendered (like SwiftUI does)
/// when a property it read changed: `renderIfNeeded()` stands for the next frame.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
final class RenderedView {
  private let render: @MainActor () -> Void
  private(set) var renders = 0
  private(set) var invalidations = 0
  private var isValid = false

  init(_ render: @escaping @MainActor () -> Void) {
    self.render = render
    renderIfNeeded()
  }

  /// Renders if a property read by the last render changed since.
  func renderIfNeeded() {
    guard !isValid else { return }
    isValid = true
    renders += 1
    withObservationTracking(render) { [weak self] in
      // Observation calls this synchronously from the reactor's notification, on the main actor.
      MainActor.assumeIsolated {
        self?.isValid = false
        self?.invalidations += 1
      }
    }
  }
}
