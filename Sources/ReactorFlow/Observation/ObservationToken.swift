/// Keeps a synchronous observation alive. Cancel it, or release it, to stop the observation.
///
/// ```swift
/// token = reactor.observe(\.isLoading) { [weak self] in self?.spinner.isHidden = !$0 }
/// ```
@MainActor
public final class ObservationToken: Hashable {
  // What stops the observation. A state observer's handle is its entry in the runtime, which
  // points back at the runtime without retaining it: a weak reference to the runtime would give it
  // a side table (a block of its own, and the slow path for each of its retains).
  // `nil` once cancelled or detached, which is all `isCancelled` reads: a stored flag would take
  // the token past 24 bytes, and malloc's next size up (16 bytes more per observer).
  private var handle: ObservationHandle?

  /// Whether the token was cancelled (or handed its observation over to a stream's end).
  public var isCancelled: Bool { handle == nil }

  init(handle: ObservationHandle) {
    self.handle = handle
  }

  convenience init(source: any ObservationSource, id: Int) {
    self.init(handle: WeakObservationHandle(source: source, id: id))
  }

  /// Stops the observation: the callback is not called again. Cancelling twice does nothing.
  public func cancel() {
    let handle = self.handle
    self.handle = nil
    handle?.stop()
  }

  /// Lets the observation outlive this token; something else (a stream's end) must stop it.
  func detach() {
    let handle = self.handle
    self.handle = nil
    handle?.tokenDetached()
  }

  /// Lets go of the handle of an observation that its source ended (a released runtime), without
  /// cancelling.
  func handleDisconnected() {
    handle = ObservationHandle.ended
  }

  /// Keeps this token alive as long as `set` holds it.
  /// - Parameter set: The collection of tokens to add this one to.
  public func store(in set: inout Set<ObservationToken>) {
    set.insert(self)
  }

  /// Compares tokens by identity.
  public nonisolated static func == (lhs: ObservationToken, rhs: ObservationToken) -> Bool {
    lhs === rhs
  }

  /// Hashes the token's identity.
  public nonisolated func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }

  isolated deinit {
    handle?.stop()
  }
}

/// What an ``ObservationToken`` holds to stop its observation: a runtime's state observer entry,
/// or a ``WeakObservationHandle``.
@MainActor
@usableFromInline
class ObservationHandle {
  /// The handle of an observation that ended without being cancelled: stopping it does nothing.
  static let ended = ObservationHandle()

  init() {}

  /// Stops the observation, for the token, which lets go of the handle; does nothing if it
  /// already stopped.
  func stop() {}

  /// The token lets go of the handle without stopping the observation.
  func tokenDetached() {}
}

/// Stops observation number `id` of a source that the token must not keep alive.
final class WeakObservationHandle: ObservationHandle {
  private weak var source: (any ObservationSource)?
  private let id: Int

  init(source: any ObservationSource, id: Int) {
    self.source = source
    self.id = id
  }

  override func stop() {
    let source = self.source
    self.source = nil
    source?.removeObservation(id: id)
  }
}

/// What a ``WeakObservationHandle`` stops: a runtime's action observers and inspection handlers,
/// a shared value's observers, the process-wide inspectors.
@MainActor
protocol ObservationSource: AnyObject {
  /// Stops the observation with this number; does nothing if it already stopped.
  func removeObservation(id: Int)
}
