import ReactorFlow
import ReactorFlowTesting

/// Fetches a fact about a number.
protocol FactClient: Sendable {
  func fact(about number: Int) async throws -> String
}

struct FactClientMock: FactClient {
  let factSpy = Spy<Int, String>()
  func fact(about number: Int) async throws -> String { factSpy(number) }
}

struct FactError: Error, Equatable {}

/// A counter with asynchronous effects, one of each kind the tester must handle: a request that
/// ends, a timer that runs until stopped on an injected clock, and a request that fails without a
/// handler.
@MainActor
final class AsyncCounterReactor: Reactor {
  enum Action: Sendable {
    case increment
    case decrement
    case loadFact
    case startTimer
    case stopTimer
    case loadFactUnhandled
  }

  enum Mutation: Sendable, Equatable {
    case add(Int)
    case setLoading(Bool)
    case setFact(String)
  }

  struct State: Equatable, Sendable {
    var count = 0
    var isLoading = false
    var fact: String?
  }

  private enum TimerID {}

  let initialState = State()
  let runtime = Runtime()
  private let client: any FactClient
  private let clock: any Clock<Duration>

  init(client: any FactClient = FactClientMock(), clock: any Clock<Duration> = ImmediateClock()) {
    self.client = client
    self.clock = clock
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .increment:
      return .send(.add(1))
    case .decrement:
      return .send(.add(-1))
    case .loadFact:
      let count = currentState.count
      return Effect.run { [client] send in
        let fact = try await client.fact(about: count)
        await send(.setFact(fact))
        await send(.setLoading(false))
      }
      .prepend(.setLoading(true))
    case .startTimer:
      return Effect.run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.add(1))
        }
      }
      .cancellable(id: ObjectIdentifier(TimerID.self), cancelInFlight: true)
    case .stopTimer:
      return .cancel(id: ObjectIdentifier(TimerID.self))
    case .loadFactUnhandled:
      return .run { _ in throw FactError() }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .add(let amount): state.count += amount
    case .setLoading(let isLoading): state.isLoading = isLoading
    case .setFact(let fact): state.fact = fact
    }
    return state
  }
}
