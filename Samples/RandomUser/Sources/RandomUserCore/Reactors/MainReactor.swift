import ReactorFlow

/// The main screen: loads people, groups them by age decade, and pushes a detail screen.
///
/// - `load(count)` marks `sections` as loading, fetches through the injected ``PeopleClient`` and
///   replaces the sections. A second `load` while one runs cancels the first: the latest wins.
/// - A failed load marks `sections` as failed with the error and keeps the previous sections;
///   `retry` repeats the last load, which clears the error.
/// - `showDetail(title)` pushes a ``DetailReactor`` with that section's people, a child that the
///   state owns (`Child<DetailReactor>?`): `dismissDetail` removes it, and so does the detail's
///   own `close`, whose output ``DetailReactor/Output/didClose`` the reactor maps to
///   `dismissDetail`. A removed detail is released, with anything it was doing. A load that
///   replaces the detail's people removes it too.
/// - `open(route)` is a deep link (`30s/2`): it pushes the detail of the route's section with its
///   person expanded, in one change of state; a route that leads nowhere changes no screen and
///   sets `routeError`.
/// - `favourites` mirrors the ``Favourites`` that the app shares with the detail screens, which
///   star people: each change arrives as `setFavourites`.
///
/// ```swift
/// let reactor = MainReactor(client: LivePeopleClient())
/// await reactor.send(.load(100)).finish()
/// reactor.currentState.sections.value?.map(\.title)  // ["10s", "20s", ...]
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
    /// Opens a section and, optionally, one of its people: a deep link.
    case open(Route)
  }

  /// A change of state.
  public enum Mutation: Sendable {
    /// A load of `count` people started.
    case startLoading(count: Int)
    /// A load finished with these sections.
    case setSections([PersonSection])
    /// A load failed with this error.
    case setError(DescribedError)
    /// A detail was pushed (a child reactor) or removed (`nil`).
    case setDetail(Child<DetailReactor>?)
    /// The favourites changed.
    case setFavourites(Set<Person.ID>)
    /// A route led nowhere: no screen changes.
    case rejectRoute(RouteError)
  }

  /// What the main screen shows.
  public struct State: Equatable, Sendable {
    /// The people, one section per age decade, youngest first: loading, loaded, or failed with
    /// the error of the last load, the last loaded sections kept meanwhile.
    public var sections: Loadable<[PersonSection], DescribedError> = .idle
    /// The count of the last load, which `retry` repeats.
    public var lastRequestedCount: Int?
    /// The pushed detail screen, if any; the state owns it, and compares it by identity.
    public var detail: Child<DetailReactor>?
    /// The identifiers of the starred people.
    public var favourites: Set<Person.ID> = []
    /// Why the last route opened nothing, until a screen is pushed or removed.
    public var routeError: RouteError?

    /// The number of people across the sections shown.
    public var peopleCount: Int {
      (sections.value ?? []).reduce(0) { $0 + $1.people.count }
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
      guard let section = currentState.sections.value?.first(where: { $0.title == title }) else {
        return .none
      }
      return .send(.setDetail(adoptDetail(DetailReactor(section: section, favourites: favourites))))
    case .dismissDetail:
      return currentState.detail == nil ? .none : .send(.setDetail(nil))
    case .open(let route):
      // The detail is made in the state the route shows, so that it is one change, not a push
      // and then a toggle.
      do {
        return .send(.setDetail(try detail(for: route)))
      } catch {
        return .send(.rejectRoute(error))
      }
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
      state.sections.startLoading()
      state.lastRequestedCount = count
    case .setSections(let sections):
      state.sections = .loaded(sections)
      // A detail opened on the sections this load replaces shows people no longer loaded: it
      // closes, unless its section came back with the same people.
      if let detail = state.detail?.currentState,
        !sections.contains(where: { $0.title == detail.title && $0.people == detail.people })
      {
        state.detail = nil
      }
    case .setError(let error):
      // The previous sections stay: a failed refresh must not blank the screen.
      state.sections.fail(error)
    case .setDetail(let detail):
      state.detail = detail
      state.routeError = nil
    case .rejectRoute(let error):
      state.routeError = error
    case .setFavourites(let favourites):
      state.favourites = favourites
    }
    return state
  }

  /// The detail of the route's section, its person expanded, adopted; or where the route breaks.
  private func detail(for route: Route) throws(RouteError) -> Child<DetailReactor> {
    let sections = currentState.sections.value ?? []
    guard let section = sections.first(where: { $0.title == route.section }) else {
      let reason =
        sections.isEmpty
        ? "nothing is loaded" : "the sections are \(sections.map(\.title).joined(separator: ", "))"
      throw RouteError(position: 0, destination: "section \(route.section)", reason: reason)
    }
    guard let person = route.person else {
      return adoptDetail(DetailReactor(section: section, favourites: favourites))
    }
    let count = section.people.count
    // Compared before subtracting: `person - 1` overflows for `Int.min`.
    guard person >= 1, person <= count else {
      throw RouteError(
        position: 1, destination: "person \(person) of \(section.title)",
        reason: "\(section.title) has \(count) \(count == 1 ? "person" : "people")")
    }
    return adoptDetail(DetailReactor(section: section, expandedIndex: person - 1, favourites: favourites))
  }

  /// Adopts a detail: its `close` removes it.
  private func adoptDetail(_ detail: DetailReactor) -> Child<DetailReactor> {
    adopt(detail) { output in
      switch output {
      case .didClose: .dismissDetail
      }
    }
  }

  private func load(count: Int) -> Effect<Mutation> {
    Effect<Mutation>.run { [client, seed] send in
      let people = try await client.fetchPeople(count: count, seed: seed)
      // Grouping 100,000 people takes milliseconds: do it here, off the main actor.
      await send(.setSections(PersonSection.grouping(people)))
    } catch: { error, send in
      // `PeopleClientError.description` is the one place an error becomes text.
      await send(.setError(DescribedError(error)))
    }
    .prepend(.startLoading(count: count))
    .cancellable(id: LoadID.load, cancelInFlight: true)
  }
}
