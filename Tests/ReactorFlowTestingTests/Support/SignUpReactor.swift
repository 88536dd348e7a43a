import ReactorFlow

/// The sign-up form of seed 002 (RxTest's `RegisterViewModel`), as a reactor: the form is valid
/// when the email looks like `x@y.z`, password1 is strong and password2 repeats it.
@MainActor
final class SignUpReactor: Reactor {
  enum Action: Sendable {
    case email(String)
    case password1(String)
    case password2(String)
  }

  struct State: Equatable, Sendable {
    var email = ""
    var password1 = ""
    var password2 = ""
    var isValid = false
  }

  let initialState = State()
  let runtime = Runtime()

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    switch mutation {
    case .email(let email): state.email = email
    case .password1(let password): state.password1 = password
    case .password2(let password): state.password2 = password
    }
    return state
  }

  func transform(state: State) -> State {
    var state = state
    state.isValid =
      Self.isEmail(state.email) && Self.isStrongPassword(state.password1)
      && state.password2 == state.password1
    return state
  }

  /// `x@y.z`: one `@`, a non-empty name, and a domain with a non-empty part on each side of a dot.
  static func isEmail(_ text: String) -> Bool {
    let parts = text.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, let dot = parts[1].lastIndex(of: ".") else {
      return false
    }
    let domain = parts[1]
    return dot != domain.startIndex && domain.index(after: dot) != domain.endIndex
  }

  /// At least 8 characters, with an upper-case letter, a lower-case letter, a digit and a symbol.
  static func isStrongPassword(_ text: String) -> Bool {
    text.count >= 8
      && text.contains(where: \.isUppercase)
      && text.contains(where: \.isLowercase)
      && text.contains(where: \.isNumber)
      && text.contains(where: { !$0.isLetter && !$0.isNumber && !$0.isWhitespace })
  }
}
