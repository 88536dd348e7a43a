import ReactorFlow

/// A reactor that shows and edits a cart that other reactors share: it reads the shared value
/// when it starts, receives its changes as `setItems`, and writes it in `mutate(action:)`.
@MainActor
public final class SharedCartReactor: Reactor {
  /// Adds an item to the shared cart, or empties it.
  public enum Action: Sendable, Equatable {
    case add(String)
    case clear
  }

  /// The shared cart changed.
  public enum Mutation: Sendable, Equatable {
    case setItems([String])
  }

  /// The items of the cart.
  public struct State: Equatable, Sendable {
    /// The cart's items, in the order they were added.
    public var items: [String]

    /// Creates a state with these items.
    public init(items: [String]) {
      self.items = items
    }
  }

  /// The reactor's storage.
  public let runtime = Runtime()
  /// The cart that several reactors share.
  public let cart: SharedValue<[String]>

  /// Creates the reactor on a shared cart.
  public init(cart: SharedValue<[String]>) {
    self.cart = cart
  }

  /// The cart as it is when the reactor starts.
  public var initialState: State { State(items: cart.value) }

  /// Writes the shared cart; the change comes back as `setItems`.
  public func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .add(let item):
      cart.update { $0.append(item) }
    case .clear:
      cart.set([])
    }
    return .none
  }

  /// The cart's changes.
  public func externalMutations() -> Effect<Mutation> {
    cart.changes { .setItems($0) }
  }

  /// Shows the cart's items.
  public func reduce(state: State, mutation: Mutation) -> State {
    switch mutation {
    case .setItems(let items): State(items: items)
    }
  }
}
