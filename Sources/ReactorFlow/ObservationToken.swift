/// Keeps a synchronous observation alive. Cancel it, or release it, to stop the observation.
///
/// ```swift
/// token = reactor.observe(\.isLoading) { [weak self] in self?.spinner.isHidden = !$0 }
/// ```
@MainActor
public final class ObservationToken: Hashable {
  private var onCancel: (@MainActor () -> Void)?

  @usableFromInline
  init(onCancel: @escaping @MainActor () -> Void) {
    self.onCancel = onCancel
  }

  /// Whether the observation has stopped.
  public var isCancelled: Bool { onCancel == nil }

  /// Stops the observation: the callback is not called again. Cancelling twice does nothing.
  public func cancel() {
    let onCancel = self.onCancel
    self.onCancel = nil
    onCancel?()
  }

  /// Lets the observation outlive this token; something else (a stream's end) must stop it.
  @usableFromInline
  func detach() {
    onCancel = nil
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
    onCancel?()
  }
}
