import ReactorFlow

// A loading value and a deep link (the "Loading values" and "Deep links" articles): a shelf loads
// its titles as a `Loadable`, and a route of titles opens a stack of book screens at once.
@MainActor
final class BookReactor: OutputReactor {
  enum Action: Sendable, Equatable { case close }
  enum Output: Sendable, Equatable { case didClose }
  struct State: Equatable, Sendable { var title: String }

  let initialState: State
  let runtime = Runtime()

  init(title: String) {
    initialState = State(title: title)
  }

  func reduce(state: State, mutation: Action) -> State { state }

  func output(for mutation: Action) -> Output? { .didClose }
}

@MainActor
final class ShelfReactor: Reactor {
  enum Action: Sendable {
    case load
    case open(route: [String])
    case popTo(Int)
  }

  enum Mutation: Sendable, Equatable {
    case startLoading
    case setTitles([String])
    case setError(DescribedError)
    case setPath(ChildStack<BookReactor>)
    case rejectRoute(RouteError)
    case popTo(Int)
  }

  struct State: Equatable, Sendable {
    var titles: Loadable<[String], DescribedError> = .idle
    var path = ChildStack<BookReactor>()
    var routeError: RouteError?
  }

  struct NotOnTheShelf: Error, CustomStringConvertible {
    var description: String
  }

  let initialState = State()
  let runtime = Runtime()
  private let fetchTitles: @Sendable () async throws -> [String]

  init(fetchTitles: @escaping @Sendable () async throws -> [String]) {
    self.fetchTitles = fetchTitles
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .load:
      return Effect<Mutation>.run { [fetchTitles] send in
        await send(.setTitles(try await fetchTitles()))
      } catch: { error, send in
        await send(.setError(DescribedError(error)))
      }
      .prepend(.startLoading)
    case .open(let route):
      do {
        return .send(.setPath(try path(for: route)))
      } catch {
        return .send(.rejectRoute(error))
      }
    case .popTo(let count):
      return .send(.popTo(count))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .startLoading: state.titles.startLoading()
    case .setTitles(let titles): state.titles = .loaded(titles)
    case .setError(let error): state.titles.fail(error)
    case .setPath(let path):
      state.path = path
      state.routeError = nil
    case .rejectRoute(let error): state.routeError = error
    case .popTo(let count): state.path.pop(toCount: count)
    }
    return state
  }

  private func path(for route: [String]) throws(RouteError) -> ChildStack<BookReactor> {
    let titles = currentState.titles.value ?? []
    return try ChildStack(route: route) { title, below in
      guard titles.contains(title) else { throw NotOnTheShelf(description: "no book \(title)") }
      return adopt(BookReactor(title: title)) { [count = below.count] _ in .popTo(count) }
    }
  }
}
