import ReactorFlow

/// The main screen: loads people, groups them by age decade, and pushes a detail screen.
///
/// - `load(count)` sets `isLoading`, fetches through the injected ``PeopleClient`` and replaces
///   the sections. A second `load` while one runs cancels the first: the latest wins.
/// - A failed load sets `errorMessage` and keeps the previous sections; `retry` repeats the
///   last load and clears the error.
/// - `showDetail(title)` pushes a ``DetailReactor`` with that section's people, a child that the
///   state owns (`Child<DetailReactor>?`): `dismissDetail` removes it, and so does the detail's
///   own `close`, whose output ``DetailReactor/Output/didClose`` the reactor maps to
///   `dismissDetail`. A removed detail is released, with anything it was doing.
/// - `favourites` mirrors the ``Favourites`` that the app shares with the detail screens, which
///   star people: each change arrives as `setFavourites`.
///
/// ```swift
/// let reactor = MainReactor(client: LivePeopleClient())
/// await reactor.send(.load(100)).finish()
/// reactor.currentState.sections.map(\.title)  // ["10s", "20s", ...]
/// ```
/// In a test, inject ``OfflinePeopleClient`` (the default) or a stub conforming to
/// ``PeopleClient``.
@MainActor
public final class MainReactor: Reactor {
  /// What the user can do on the main screen.
  public enum Action: Sendable, Equatable, Codable {
    /// Loads this many people, replacing the sections when it succeeds.
    case load(Int)
    /// Repeats the last load; does nothing before the first one.
    case retry
    /// Pushes the detail of the section with this title, for example `"20s"`.
    case showDetail(String)
    /// Removes the pushed detail.
    case dismissDetail
  }

  /// A change of state.
  public enum Mutation: Sendable {
    /// A load of `count` people started.
    case startLoading(count: Int)
    /// A load finished with these sections.
    case setSections([PersonSection])
    /// A load failed with this message.
    case setError(String)
    /// A detail was pushed (a child reactor) or removed (`nil`).
    case setDetail(Child<DetailReactor>?)
    /// The favourites changed.
    case setFavourites(Set<Person.ID>)
  }

  /// What the main screen shows.
  public struct State: Equatable, Sendable {
    /// The people, one section per age decade, youngest first.
    public var sections: [PersonSection] = []
    /// Whether a load is running.
    public var isLoading = false
    /// Why the last load failed, until the next load starts.
    public var errorMessage: String?
    /// The count of the last load, which `retry` repeats.
    public var lastRequestedCount: Int?
    /// The pushed detail screen, if any; the state owns it, and compares it by identity.
    public var detail: Child<DetailReactor>?
    /// The identifiers of the starred people.
    public var favourites: Set<Person.ID> = []

    /// The number of people across all sections.
    public var peopleCount: Int {
      sections.reduce(0) { $0 + $1.people.count }
    }

    /// Creates an empty state.
    public init() {}
  }

  /// The state before the first load: no sections, not loading, the favourites as they are.
  public var initialState: State {
    var state = State()
    state.favourites = favourites.value
    return state
  }
  /// The reactor's storage, required by ``Reactor``.
  public let runtime = Runtime()

  private let client: any PeopleClient
  private let seed: String?
  private let favourites: Favourites

  /// The identifier of the running load, so that a new load cancels it.
  private enum LoadID: Hashable, Sendable { case load }

  /// Creates the reactor on a `client` (the embedded offline source by default) that every fetch
  /// passes `seed` to; `nil` lets the client choose (fixed offline, random for randomuser.me).
  /// The detail screens it pushes star people in `favourites`.
  public init(
    client: any PeopleClient = OfflinePeopleClient(), seed: String? = nil,
    favourites: Favourites = Favourites([])
  ) {
    self.client = client
    self.seed = seed
    self.favourites = favourites
  }

  /// Turns an action into work: a fetch for `load` and `retry`, a push or a pop otherwise.
  public func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .load(let count):
      return load(count: count)
    case .retry:
      guard let count = currentState.lastRequestedCount else { return .none }
      return load(count: count)
    case .showDetail(let title):
      guard let section = currentState.sections.first(where: { $0.title == title }) else { return .none }
      let detail = adopt(DetailReactor(section: section, favourites: favourites)) { output in
        switch output {
        case .didClose: .dismissDetail
        }
      }
      return .send(.setDetail(detail))
    case .dismissDetail:
      return currentState.detail == nil ? .none : .send(.setDetail(nil))
    }
  }

  /// The favourites' changes, made by any screen.
  public func externalMutations() -> Effect<Mutation> {
    favourites.changes { .setFavourites($0) }
  }

  /// Applies a mutation to the state.
  public func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .startLoading(let count):
      state.isLoading = true
      state.errorMessage = nil
      state.lastRequestedCount = count
    case .setSections(let sections):
      state.isLoading = false
      state.sections = sections
    case .setError(let message):
      // The previous sections stay: a failed refresh must not blank the screen.
      state.isLoading = false
      state.errorMessage = message
    case .setDetail(let detail):
      state.detail = detail
    case .setFavourites(let favourites):
      state.favourites = favourites
    }
    return state
  }

  private func load(count: Int) -> Effect<Mutation> {
    Effect<Mutation>.run { [client, seed] send in
      let people = try await client.fetchPeople(count: count, seed: seed)
      // Grouping 100,000 people takes milliseconds: do it here, off the main actor.
      await send(.setSections(PersonSection.grouping(people)))
    } catch: { error, send in
      // `PeopleClientError.description` is the one place an error becomes text.
      await send(.setError(String(describing: error)))
    }
    .prepend(.startLoading(count: count))
    .cancellable(id: LoadID.load, cancelInFlight: true)
  }
}
