import ReactorFlow

/// A reactor that shows and edits a cart that other reactors share: it reads the shared value
/// when it starts, receives its changes as `setItems`, and writes it in `mutate(action:)`.
@MainActor
public final class SharedCartReactor: Reactor {
  public enum Action: Sendable, Equatable {
    case add(String)
    case clear
  }

  public enum Mutation: Sendable, Equatable {
    case setItems([String])
  }

  public struct State: Equatable, Sendable {
    public var items: [String]

    public init(items: [String]) {
      self.items = items
    }
  }

  public let runtime = Runtime()
  public let cart: SharedValue<[String]>

  public init(cart: SharedValue<[String]>) {
    self.cart = cart
  }

  public var initialState: State { State(items: cart.value) }

  public func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .add(let item):
      cart.update { $0.append(item) }
    case .clear:
      cart.set([])
    }
    return .none
  }

  public func externalMutations() -> Effect<Mutation> {
    cart.changes { .setItems($0) }
  }

  public func reduce(state: State, mutation: Mutation) -> State {
    switch mutation {
    case .setItems(let items): State(items: items)
    }
  }
}
