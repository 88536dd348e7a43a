import ReactorFlow
import ReactorFlowTesting

// Small reactors for the parallel Swift Testing suite: each test makes its own reactor, clock and
// spies, so that tests running at the same time share nothing.

/// A counter with a synchronous path and one effect that waits a second on the clock.
@MainActor
final class TallyReactor: Reactor {
  enum Action: Sendable, Equatable { case increment, decrement, add(Int), incrementLater, reset }
  enum Mutation: Sendable, Equatable { case add(Int), reset }
  struct State: Equatable, Sendable { var count = 0 }

  let initialState: State
  let runtime = Runtime()
  private let clock: any Clock<Duration>

  init(count: Int = 0, clock: any Clock<Duration>) {
    initialState = State(count: count)
    self.clock = clock
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .increment: return .send(.add(1))
    case .decrement: return .send(.add(-1))
    case .add(let value): return .send(.add(value))
    case .reset: return .send(.reset)
    case .incrementLater:
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.add(1))
      }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .add(let value): state.count += value
    case .reset: state.count = 0
    }
    return state
  }
}

/// A search that waits for 300 ms of quiet typing before it asks the client.
@MainActor
final class QueryReactor: Reactor {
  enum Action: Sendable, Equatable { case type(String) }
  enum Mutation: Sendable, Equatable { case setQuery(String), setResults([String]) }
  struct State: Equatable, Sendable {
    var query = ""
    var results: [String] = []
  }
  private enum SearchID {}

  let initialState = State()
  let runtime = Runtime()
  private let search: Spy<String, [String]>
  private let clock: any Clock<Duration>

  init(search: Spy<String, [String]>, clock: any Clock<Duration>) {
    self.search = search
    self.clock = clock
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .type(let query):
      guard !query.isEmpty else {
        return .concatenate(.cancel(id: ObjectIdentifier(SearchID.self)), .send(.setQuery("")))
      }
      return Effect<Mutation>.run { [search] send in
        await send(.setResults(search(query)))
      }
      .debounce(id: ObjectIdentifier(SearchID.self), for: .milliseconds(300), clock: clock)
      .prepend(.setQuery(query))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setQuery(let query):
      state.query = query
      if query.isEmpty { state.results = [] }
    case .setResults(let results): state.results = results
    }
    return state
  }
}

/// A loader whose fetch takes two seconds of clock time; a newer load or `cancel` stops it.
@MainActor
final class PageLoaderReactor: Reactor {
  enum Action: Sendable, Equatable { case load(Int), cancel }
  enum Mutation: Sendable, Equatable {
    case setLoading(Bool), setItems([Int]), setError(String)
  }
  struct State: Equatable, Sendable {
    var isLoading = false
    var items: [Int] = []
    var error: String?
  }
  struct Offline: Error {}
  private enum LoadID {}

  let initialState = State()
  let runtime = Runtime()
  private let fetch: Spy<Int, Result<[Int], Offline>>
  private let clock: any Clock<Duration>

  init(fetch: Spy<Int, Result<[Int], Offline>>, clock: any Clock<Duration>) {
    self.fetch = fetch
    self.clock = clock
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .load(let page):
      return Effect<Mutation>.run { [fetch, clock] send in
        try await clock.sleep(for: .seconds(2))
        await send(.setItems(try fetch(page).get()))
      } catch: { _, send in
        await send(.setError("offline"))
      }
      .prepend(.setLoading(true))
      .finally(.send(.setLoading(false)))
      .cancellable(id: ObjectIdentifier(LoadID.self), cancelInFlight: true)
    case .cancel:
      return .cancel(id: ObjectIdentifier(LoadID.self))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setLoading(let isLoading): state.isLoading = isLoading
    case .setItems(let items):
      state.items = items
      state.error = nil
    case .setError(let message): state.error = message
    }
    return state
  }
}

/// A banner whose message is a pulse: each assignment is an event, even of an equal message.
@MainActor
final class BannerReactor: Reactor {
  enum Action: Sendable, Equatable { case show(String), dismiss }
  struct State: Equatable, Sendable {
    @Pulse var message: String?
    var shownCount = 0
  }

  let initialState = State()
  let runtime = Runtime()

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    switch mutation {
    case .show(let message):
      state.message = message
      state.shownCount += 1
    case .dismiss:
      state.message = nil
    }
    return state
  }
}

/// An inbox that listens to an event bus with `for await` inside an effect, until told to stop.
@MainActor
final class InboxReactor: Reactor {
  enum Action: Sendable, Equatable { case listen, stop }
  enum Mutation: Sendable, Equatable { case received(String) }
  struct State: Equatable, Sendable { var messages: [String] = [] }
  private enum ListenID {}

  let initialState = State()
  let runtime = Runtime()
  private let bus: EventBus<String>

  init(bus: EventBus<String>) {
    self.bus = bus
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .listen:
      // Subscribed now, in `mutate`, so that an event posted right after `send` is not missed.
      let events = bus.events
      return Effect<Mutation>.run { send in
        for await message in events {
          await send(.received(message))
        }
      }
      .cancellable(id: ObjectIdentifier(ListenID.self), cancelInFlight: true)
    case .stop:
      return .cancel(id: ObjectIdentifier(ListenID.self))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .received(let message): state.messages.append(message)
    }
    return state
  }
}
