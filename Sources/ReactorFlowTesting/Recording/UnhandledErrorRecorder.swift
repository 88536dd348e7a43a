import ReactorFlow

/// Records the errors that a reactor's effects threw and nothing handled: the ones that reached
/// the default `Reactor.recover(from:)`.
///
/// Use it in tests that do not use ``ReactorTester`` (which fails on such errors by itself):
/// ```swift
/// let errors = reactor.recordUnhandledErrors()
/// await reactor.send(.load).finish()
/// XCTAssertEqual(errors.messages, ["offline"])
/// ```
/// A handler that was already installed in `runtime.onUnhandledError` keeps receiving the errors.
/// Recording stops when the recorder is released. A reactor whose `recover(from:)` maps the error
/// to a mutation does not report it, so nothing is recorded then.
@MainActor
public final class UnhandledErrorRecorder {
  /// The errors, first to last.
  public private(set) var errors: [any Error] = []

  /// The errors' descriptions (`String(describing:)`), first to last: handy for `XCTAssertEqual`.
  public var messages: [String] { errors.map { String(describing: $0) } }

  init<R: Reactor>(_ reactor: R) {
    let previousHandler = reactor.runtime.onUnhandledError
    reactor.runtime.onUnhandledError = { [weak self] error in
      self?.errors.append(error)
      previousHandler?(error)
    }
  }

  /// Forgets the recorded errors.
  public func removeAll() {
    errors.removeAll()
  }
}

extension Reactor {
  /// Starts recording the errors that this reactor's effects throw and nothing handles.
  /// - Returns: The recorder; keep it alive for as long as you record.
  public func recordUnhandledErrors() -> UnhandledErrorRecorder {
    UnhandledErrorRecorder(self)
  }
}
