import ReactorFlow
import ReactorFlowTesting

/// A till with a planted reducer bug that only four steps reach: from the third item on,
/// `checkout` leaves the last item off the receipt's total. Generated tests must find it and
/// shrink it to `add(price: 1)` three times, then `checkout`.
///
/// `checkoutLater` checks out after a second on the injected clock, so that the same bug is
/// also reached through an effect and an advance of the clock.
@MainActor
final class CheckoutReactor: Reactor {
  enum Action: Sendable, Equatable, Codable {
    case add(price: Int)
    case removeLast
    case checkout
    case clear
    case checkoutLater
  }

  enum Mutation: Sendable, Equatable, Codable {
    case add(Int)
    case removeLast
    case checkout
    case clear
  }

  struct Receipt: Sendable, Equatable, Codable {
    var items: [Int]
    var total: Int
  }

  struct State: Sendable, Equatable, Codable {
    var items: [Int] = []
    var receipts: [Receipt] = []
  }

  let initialState = State()
  let runtime = Runtime()
  private let clock: any Clock<Duration>
  private let isFixed: Bool

  /// - Parameter isFixed: Whether the reducer is the fixed one, without the planted bug.
  init(clock: any Clock<Duration>, isFixed: Bool = false) {
    self.clock = clock
    self.isFixed = isFixed
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .add(let price): .send(.add(price))
    case .removeLast: currentState.items.isEmpty ? .none : .send(.removeLast)
    case .checkout: currentState.items.isEmpty ? .none : .send(.checkout)
    case .clear: .send(.clear)
    case .checkoutLater:
      .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.checkout)
      }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .add(let price):
      state.items.append(price)
    case .removeLast:
      state.items.removeLast()
    case .checkout:
      guard !state.items.isEmpty else { return state }
      // The planted bug: from the third item on, the last one is left off the total.
      let charged = state.items.count >= 3 && !isFixed ? state.items.dropLast() : state.items[...]
      state.receipts.append(Receipt(items: state.items, total: charged.reduce(0, +)))
      state.items = []
    case .clear:
      state.items = []
    }
    return state
  }
}

/// The till's actions and invariants, as its generated tests share them.
@MainActor
enum CheckoutProperties {
  static let actions: Generator<CheckoutReactor.Action> = .oneOf(
    Generator.int(in: 1...99).map { CheckoutReactor.Action.add(price: $0) }.weighted(3),
    .constant(.removeLast),
    .constant(.checkout),
    .constant(.clear)
  )

  static let invariants: [Invariant<CheckoutReactor>] = [
    .state("every receipt's total is the sum of its items") { state in
      state.receipts.allSatisfy { $0.total == $0.items.reduce(0, +) }
    },
    .step("a checkout empties the till") { transition in
      transition.action != .checkout || transition.after.items.isEmpty
    },
  ]
}
