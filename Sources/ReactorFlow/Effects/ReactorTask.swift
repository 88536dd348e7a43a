/// A handle to the asynchronous work that one `send(_:)` started.
///
/// ```swift
/// await reactor.send(.load(100)).finish()   // in a test, or a pull-to-refresh
/// let task = reactor.send(.search("swift"))
/// task.cancel()
/// ```
public struct ReactorTask: Sendable {
  @usableFromInline
  let group: EffectGroup?

  @inlinable
  init(group: EffectGroup?) {
    self.group = group
  }

  /// Waits until every effect the action started has finished, or was cancelled.
  ///
  /// The wait belongs to the effects, not to the caller: cancelling the task that awaits
  /// `finish()` neither ends the wait nor stops the effects. Call ``cancel()`` to stop them (the
  /// wait then ends as they finish).
  ///
  /// It is isolated to the main actor, where the effects' group lives: awaited there, as a
  /// reactor's caller usually is, it waits without leaving it (a nonisolated `finish()` hopped off
  /// the main actor and back twice per call).
  @MainActor
  public func finish() async {
    await group?.finish()
  }

  /// Cancels every effect the action started.
  @MainActor
  public func cancel() {
    group?.cancel()
  }

  /// Whether the action's work was cancelled through this handle.
  @MainActor
  public var isCancelled: Bool {
    group?.isCancelled ?? false
  }

  /// Whether the action started any asynchronous work.
  public var hasEffects: Bool { group != nil }
}
