import ReactorFlow

/// The stopwatch of the core issue: `start` ticks every second on an injected clock, `stop`
/// cancels the ticking, and it counts only while started.
@MainActor
final class StopwatchReactor: Reactor {
  enum Action: Sendable {
    case start
    case stop
  }

  enum Mutation: Sendable, Equatable {
    case setRunning(Bool)
    case tick
  }

  struct State: Equatable, Sendable {
    var isRunning = false
    var seconds = 0
  }

  private enum TimerID {}

  let initialState = State()
  let runtime = Runtime()
  private let clock: any Clock<Duration>

  init(clock: any Clock<Duration>) {
    self.clock = clock
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .start:
      guard !currentState.isRunning else { return .none }
      return Effect.run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
      .cancellable(id: ObjectIdentifier(TimerID.self), cancelInFlight: true)
      .prepend(.setRunning(true))
    case .stop:
      return .concatenate(.cancel(id: ObjectIdentifier(TimerID.self)), .send(.setRunning(false)))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setRunning(let isRunning):
      state.isRunning = isRunning
    case .tick:
      if state.isRunning { state.seconds += 1 }
    }
    return state
  }
}
