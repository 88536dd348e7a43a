import Foundation
import ReactorFlow
import ReactorFlowTestSupport
import ReactorFlowTesting

/// Computes for `duration` of real time without suspending: CPU work, not a sleep.
func spin(for duration: Duration) {
  let clock = ContinuousClock()
  let start = clock.now
  var turns = 0
  while start.duration(to: clock.now) < duration { turns &+= 1 }
}

/// An effect that works 5 ms before it sleeps one second on the clock, then counts.
@MainActor
final class SlowStartTimerReactor: Reactor {
  enum Action: Sendable { case start }
  enum Mutation: Sendable, Equatable { case fired }
  struct State: Equatable, Sendable { var fired = 0 }

  let initialState = State()
  let runtime = Runtime()
  private let clock: TestClock

  init(clock: TestClock) {
    self.clock = clock
  }

  func mutate(action: Action) -> Effect<Mutation> {
    .run { [clock] send in
      spin(for: .milliseconds(5))
      try await clock.sleep(for: .seconds(1))
      await send(.fired)
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    state.fired += 1
    return state
  }
}

/// A list whose rows change only through a service's event stream, consumed by
/// `externalMutations()`; actions ask the service and end.
@MainActor
final class TodoReactor: Reactor {
  enum Action: Sendable { case toggle(Int) }
  enum Mutation: Sendable, Equatable { case setDone(Int, Bool) }
  struct State: Equatable, Sendable { var done: Set<Int> = [] }

  let initialState = State()
  let runtime = Runtime()
  let service: TodoService

  init(service: TodoService) {
    self.service = service
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .toggle(let id):
      return .run { [service] _ in await service.toggle(id) }
    }
  }

  func externalMutations() -> Effect<Mutation> {
    .sequence(service.events.map { Mutation.setDone($0.id, $0.isDone) })
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setDone(let id, true): state.done.insert(id)
    case .setDone(let id, false): state.done.remove(id)
    }
    return state
  }
}

/// A service that publishes its changes on a stream after some asynchronous work of its own.
actor TodoService {
  struct Event: Sendable { let id: Int; let isDone: Bool }

  nonisolated let events: AsyncStream<Event>
  private let continuation: AsyncStream<Event>.Continuation
  private var done: Set<Int> = []

  init() {
    (events, continuation) = AsyncStream.makeStream(of: Event.self)
  }

  func toggle(_ id: Int) async {
    // Asynchronous work before the change is published, as a real store would do.
    for _ in 0..<3 { await Task.yield() }
    let isDone = done.insert(id).inserted
    if !isDone { done.remove(id) }
    continuation.yield(Event(id: id, isDone: isDone))
  }
}

/// A reactor that records the letters an external stream of actions sends it.
@MainActor
final class InputReactor: Reactor {
  enum Action: Sendable { case type(String) }
  struct State: Equatable, Sendable { var text = "" }

  let initialState = State()
  let runtime = Runtime()
  private let inputs: AsyncStream<String>

  init(inputs: AsyncStream<String>) {
    self.inputs = inputs
  }

  func externalActions() -> Effect<Action> {
    .sequence(inputs.map { Action.type($0) })
  }

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    if case .type(let letter) = mutation { state.text += letter }
    return state
  }
}

/// A service whose call does asynchronous work (actor hops, yields) and returns a delay that
/// the caller then sleeps on the clock.
actor ProfileService {
  func delayBeforeRetry() async -> Duration {
    for _ in 0..<5 { await Task.yield() }
    return .seconds(2)
  }
}

/// An effect that asks a service, then sleeps on the clock for as long as the service said.
@MainActor
final class RetryReactor: Reactor {
  enum Action: Sendable { case retry }
  enum Mutation: Sendable, Equatable { case retried }
  struct State: Equatable, Sendable { var retries = 0 }

  let initialState = State()
  let runtime = Runtime()
  private let service: ProfileService
  private let clock: TestClock

  init(service: ProfileService, clock: TestClock) {
    self.service = service
    self.clock = clock
  }

  func mutate(action: Action) -> Effect<Mutation> {
    .run { [service, clock] send in
      let delay = await service.delayBeforeRetry()
      try await clock.sleep(for: delay)
      await send(.retried)
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    state.retries += 1
    return state
  }
}

/// An effect that waits at a gate that stands for real I/O the test does not control (it ignores
/// cancellation, and only the test opens it), then sends `.loaded`.
@MainActor
final class IOReactor: Reactor {
  enum Action: Sendable { case load(Int) }
  enum Mutation: Sendable, Equatable { case loaded(Int) }
  struct State: Equatable, Sendable { var loaded: Int? }

  let initialState = State()
  let runtime = Runtime()
  private let gate: Gate<Void>

  init(gate: Gate<Void>) {
    self.gate = gate
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .load(let id):
      return .run { [gate] send in
        await gate.waitIgnoringCancellation()
        await send(.loaded(id))
      }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    if case .loaded(let id) = mutation { state.loaded = id }
    return state
  }
}
