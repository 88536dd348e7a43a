/// A bag of observation tokens: every observation stored in it lives as long as the bag, and ends
/// when the bag is released or emptied. Like Combine's `Set<AnyCancellable>` or RxSwift's
/// `DisposeBag`.
///
/// ```swift
/// let bag = ObservationBag()
/// reactor.observe(\.name) { [weak self] in self?.nameLabel.text = $0 }.store(in: bag)
/// reactor.observe(\.isLoading) { [weak self] in self?.spinner.isHidden = !$0 }.store(in: bag)
/// bag.cancelAll()   // both observations end; or simply release the bag
/// ```
///
/// The bag holds only the tokens, and a token does not retain its reactor: a bag never keeps a
/// reactor alive.
@MainActor
public final class ObservationBag {
  private var tokens: [ObservationToken] = []

  /// Creates an empty bag.
  public init() {}

  /// The number of observations in the bag.
  public var count: Int { tokens.count }

  /// Whether the bag holds no observation.
  public var isEmpty: Bool { tokens.isEmpty }

  /// Keeps an observation alive as long as the bag holds it.
  /// - Parameter token: The token of the observation.
  public func insert(_ token: ObservationToken) {
    tokens.append(token)
  }

  /// Ends every observation in the bag and empties it. The bag can be used again afterwards.
  public func cancelAll() {
    let tokens = self.tokens
    self.tokens = []
    for token in tokens { token.cancel() }
  }
}

extension ObservationToken {
  /// Keeps this observation alive as long as `bag` holds it.
  ///
  /// ```swift
  /// reactor.observe(\.title) { [weak self] in self?.title = $0 }.store(in: bag)
  /// ```
  /// - Parameter bag: The bag that ends the observation when it is released or emptied.
  public func store(in bag: ObservationBag) {
    bag.insert(self)
  }
}
