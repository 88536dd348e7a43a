import ReactorFlow

/// A value that is not `Equatable`, so that the bridge must count every new state as a change.
struct Badge: Sendable {
  var label: String
}

/// A profile screen's reactor for the view-layer tests: `Equatable` and non-`Equatable` values,
/// a nested struct and pulses. Actions apply directly.
@MainActor
final class ProfileReactor: Reactor {
  enum Action: Sendable {
    case setUsername(String)
    case toggleFollow
    case setFollowers(Int)
    case setProfileName(String)
    case setProfileCity(String)
    case setBadge(String)
    case alert(String?)
    case toast(Badge)
  }

  struct Profile: Equatable, Sendable {
    var name = "Ada"
    var city = "London"
  }

  struct State: Sendable {
    var username = "ada"
    var isFollowing = false
    var followers = 0
    var profile = Profile()
    var badge = Badge(label: "new")
    @Pulse var alert: String?
    @Pulse var toast = Badge(label: "")
  }

  let initialState = State()
  let runtime = Runtime()
  /// Every action sent, in order, as text (`Badge` is not `Equatable`, so neither is `Action`).
  private(set) var sentActions: [String] = []

  func transform(action: Action) -> Effect<Action> {
    sentActions.append("\(action)")
    return .send(action)
  }

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    switch mutation {
    case .setUsername(let name): state.username = name
    case .toggleFollow: state.isFollowing.toggle()
    case .setFollowers(let count): state.followers = count
    case .setProfileName(let name): state.profile.name = name
    case .setProfileCity(let city): state.profile.city = city
    case .setBadge(let label): state.badge = Badge(label: label)
    case .alert(let message): state.alert = message
    case .toast(let badge): state.toast = badge
    }
    return state
  }
}
