import ReactorFlow

// A value two screens share, kept in a file: the Shared state and Persistence articles.
@MainActor
final class BasketReactor: Reactor {
  enum Action: Sendable { case add(String), empty }
  enum Mutation: Equatable, Sendable { case setItems([String]) }
  struct State: Equatable, Sendable { var items: [String] }

  let runtime = Runtime()
  let basket: SharedValue<[String]>

  init(basket: SharedValue<[String]>) {
    self.basket = basket
  }

  var initialState: State { State(items: basket.value) }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .add(let item): basket.update { $0.append(item) }
    case .empty: basket.set([])
    }
    return .none
  }

  func externalMutations() -> Effect<Mutation> {
    basket.changes { .setItems($0) }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    switch mutation {
    case .setItems(let items): State(items: items)
    }
  }
}

/// The basket, kept in `path`; a bad file is reported to `onError` and kept aside.
@MainActor
func makeBasketStore(
  path: String, clock: any Clock<Duration>, onError: @escaping @MainActor @Sendable (PersistenceError) -> Void
) -> FilePersistence<[String]> {
  FilePersistence(FileStorage(path: path), default: [], clock: clock, delay: .seconds(1), onError: onError)
}
