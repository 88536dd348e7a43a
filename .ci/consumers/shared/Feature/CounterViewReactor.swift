import ReactorFlow

// The README's counter, with a pulse and a delayed action on an injected clock.
@MainActor
final class CounterViewReactor: Reactor {
  enum Action: Sendable { case increase, decrease, decreaseLater }
  enum Mutation: Equatable, Sendable { case increaseValue, decreaseValue, setLoading(Bool) }
  struct State: Equatable, Sendable {
    var value = 0
    var isLoading = false
    @Pulse var message: String?
  }

  let initialState = State()
  let runtime = Runtime()
  let clock: any Clock<Duration>

  init(clock: any Clock<Duration> = ContinuousClock()) {
    self.clock = clock
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .increase:
      return .send(.increaseValue)
    case .decrease:
      return .concatenate(.send(.setLoading(true)), .send(.decreaseValue), .send(.setLoading(false)))
    case .decreaseLater:
      return Effect.send(.decreaseValue).delay(for: .seconds(1), clock: clock)
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .increaseValue:
      state.value += 1
      state.message = "up"
    case .decreaseValue:
      state.value -= 1
      state.message = "down"
    case .setLoading(let isLoading):
      state.isLoading = isLoading
    }
    return state
  }
}
