/// A ``ReactorView``'s storage: its reactor and the bag of its observations of that reactor.
///
/// A view declares one as a stored property; it is the view's own storage, so no global table
/// keyed by the view is needed, and it goes away with the view, ending the observations:
/// ```swift
/// let reactorStorage = ReactorViewStorage<ProfileReactor>()
/// ```
@MainActor
public final class ReactorViewStorage<R: Reactor> {
  /// The reactor the view is bound to; set it through ``ReactorView/reactor``.
  public private(set) var reactor: R?
  /// The observations of ``reactor``.
  public let bag = ObservationBag()

  /// Creates the storage of a view that is not bound yet.
  public init() {}

  /// Ends the observations of the current reactor and keeps `reactor` instead.
  func replace(with reactor: R?) {
    bag.cancelAll()
    self.reactor = reactor
  }
}
