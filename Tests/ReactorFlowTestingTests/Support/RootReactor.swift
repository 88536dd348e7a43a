import ReactorFlow

/// The RIBs `RootInteractor` of seed 003, as a reactor: when it becomes active it asks the user
/// service and routes to the logged-in or the logged-out flow.
@MainActor
final class RootReactor: Reactor {
  enum Action: Sendable {
    case didBecomeActive
  }

  enum Route: Sendable, Equatable {
    case loggedIn
    case loggedOut
  }

  struct State: Equatable, Sendable {
    var route: Route?
  }

  let initialState = State()
  let runtime = Runtime()
  private let userService: any UserServicing

  init(userService: any UserServicing) {
    self.userService = userService
  }

  func mutate(action: Action) -> Effect<Route> {
    switch action {
    case .didBecomeActive:
      return .send(userService.userIsLoggedIn() ? .loggedIn : .loggedOut)
    }
  }

  func reduce(state: State, mutation: Route) -> State {
    var state = state
    state.route = mutation
    return state
  }
}
