/// A ``ReactorView``'s link to its reactor: the reactor and the bag of the bindings to it.
///
/// A view declares one as a stored property; it is the view's own storage, so no global table
/// keyed by the view is needed, and it goes away with the view, ending the bindings:
/// ```swift
/// let reactorBinding = ReactorViewBinding<ProfileReactor>()
/// ```
@MainActor
public final class ReactorViewBinding<R: Reactor> {
  /// The reactor the view is bound to; set it through ``ReactorView/reactor``.
  public private(set) var reactor: R?
  /// The bindings to ``reactor``.
  public let bag = ObservationBag()

  /// Creates the storage of a view that is not bound yet.
  public init() {}

  /// Ends the bindings to the current reactor and keeps `reactor` instead.
  func replace(with reactor: R?) {
    bag.cancelAll()
    self.reactor = reactor
  }
}
