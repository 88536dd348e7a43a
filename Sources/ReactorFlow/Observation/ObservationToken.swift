/// Keeps a synchronous observation alive. Cancel it, or release it, to stop the observation.
///
/// ```swift
/// token = reactor.observe(\.isLoading) { [weak self] in self?.spinner.isHidden = !$0 }
/// ```
@MainActor
public final class ObservationToken: Hashable {
  // The source and the observation's number rather than a closure: one allocation less for every
  // observer a view keeps. Weak, so that a token never keeps a reactor's runtime alive.
  private weak var source: (any ObservationSource)?
  private let id: Int

  /// Whether the token was cancelled (or handed its observation over to a stream's end).
  public private(set) var isCancelled = false

  @usableFromInline
  init(source: any ObservationSource, id: Int) {
    self.source = source
    self.id = id
  }

  /// Stops the observation: the callback is not called again. Cancelling twice does nothing.
  public func cancel() {
    let source = self.source
    self.source = nil
    isCancelled = true
    source?.removeObservation(id: id)
  }

  /// Lets the observation outlive this token; something else (a stream's end) must stop it.
  @usableFromInline
  func detach() {
    source = nil
    isCancelled = true
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
    source?.removeObservation(id: id)
  }
}

/// What an ``ObservationToken`` stops: a reactor's runtime.
@MainActor
@usableFromInline
protocol ObservationSource: AnyObject {
  /// Stops the observation with this number; does nothing if it already stopped.
  func removeObservation(id: Int)
}
