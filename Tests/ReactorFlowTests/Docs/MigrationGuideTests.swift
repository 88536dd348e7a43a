import ReactorFlow
import ReactorFlowTestSupport
import XCTest

// The ReactorFlow snippets of Sources/ReactorFlow/ReactorFlow.docc/MigratingFromReactorKit.md,
// compiled here and checked to behave as the guide says. Each `// MARK: - Guide:` names the
// guide's section; keep the two in step. The guide's counter is `CounterViewReactor`, compiled in
// ReadmeExampleTests.swift. The snippets that need the testing module are compiled in
// MigrationGuideTestingTests.swift.

// MARK: - Guide: View, DisposeBag

/// Stand-ins for UIKit's `UIButton` and `UILabel`, so that the view snippets compile on Linux.
@MainActor
final class Button {
  var onTap: (@MainActor () -> Void)?
  func tap() { onTap?() }
}

@MainActor
final class Label {
  var text: String?
}

/// The guide's view, as the guide writes it.
@MainActor
final class CounterView: ReactorView {
  let reactorStorage = ReactorViewStorage<CounterViewReactor>()
  let increaseButton = Button()
  let valueLabel = Label()

  func bind(reactor: CounterViewReactor) {
    increaseButton.onTap = { [weak reactor] in
      reactor?.send(.increase)
    }
    reactor.observe(\.value) { [weak self] value in
      self?.valueLabel.text = "\(value)"
    }
    .store(in: bag)
  }
}

/// The guide's DisposeBag row for a class that is not a `ReactorView`: its tokens in a set.
@MainActor
final class TokenSetCounterView {
  let valueLabel = Label()
  private var tokens = Set<ObservationToken>()

  func bind(reactor: CounterViewReactor) {
    reactor.observe(\.value) { [weak self] value in
      self?.valueLabel.text = "\(value)"
    }
    .store(in: &tokens)
  }

  func unbind() {
    tokens.removeAll()  // ends them
  }
}

// MARK: - Guide: mutate, transform(action:), transform(state:)

struct RepositoryAPI: Sendable {
  var search: @Sendable (_ query: String) async throws -> [String]
}

@MainActor
final class RepositoryListReactor: Reactor {
  enum Action: Sendable { case refresh }
  enum Mutation: Sendable {
    case setLoading(Bool)
    case setRepositories([String])
  }
  struct State: Equatable, Sendable {
    var isLoading = false
    var repositories: [String] = []
    var title = ""
  }

  let initialState = State()
  let runtime = Runtime()
  private let api: RepositoryAPI

  init(api: RepositoryAPI) {
    self.api = api
  }

  func transform(action: Action) -> Effect<Action> {
    switch action {
    case .refresh where currentState.isLoading: return .none  // ignore taps while loading
    default: return .send(action)
    }
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .refresh:
      return .run { [api] send in
        await send(.setRepositories(try await api.search("swift")))
      }
      .prepend(.setLoading(true))  // reduced before send(_:) returns
      .finally(.send(.setLoading(false)))  // however the run ends: finished, failed, cancelled
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setLoading(let isLoading): state.isLoading = isLoading
    case .setRepositories(let repositories): state.repositories = repositories
    }
    return state
  }

  func transform(state: State) -> State {
    var state = state
    state.title = state.isLoading ? "Loading…" : "\(state.repositories.count) repositories"
    return state
  }
}

/// The queries the fake API received, in order.
@MainActor
final class QueryLog {
  private(set) var queries: [String] = []
  func append(_ query: String) { queries.append(query) }
}

// MARK: - Guide: transform(mutation:)

@MainActor
final class UsernameReactor: Reactor {
  enum Action: Sendable { case setUsername(String) }
  struct State: Equatable, Sendable { var username = "" }

  let initialState = State()
  let runtime = Runtime()

  func transform(mutation: Action) -> Action {
    switch mutation {
    case .setUsername(let username): return .setUsername(username.lowercased())
    }
  }

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    switch mutation {
    case .setUsername(let username): state.username = username
    }
    return state
  }
}

// MARK: - Guide: Pulse

@MainActor
final class SaveReactor: Reactor {
  enum Action: Sendable { case save }
  struct State: Sendable {
    @Pulse var alertMessage: String?
  }

  let initialState = State()
  let runtime = Runtime()

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    switch mutation {
    case .save: state.alertMessage = "Saved"  // the same message again notifies again
    }
    return state
  }
}

// MARK: - Guide: global state

enum UserEvent: Sendable {
  case renamed(String)
}

final class UserService: Sendable {
  let events = EventBus<UserEvent>()

  func rename(to name: String) {
    events.post(.renamed(name))
  }
}

@MainActor
final class GreetingReactor: Reactor {
  enum Action: Sendable { case setName(String) }
  struct State: Equatable, Sendable { var name = "" }

  let initialState = State()
  let runtime = Runtime()
  private let userService: UserService

  init(userService: UserService) {
    self.userService = userService
  }

  func externalMutations() -> Effect<Action> {
    .sequence(
      userService.events.events.map { event -> Action in
        switch event {
        case .renamed(let name): .setName(name)
        }
      })
  }

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    switch mutation {
    case .setName(let name): state.name = name
    }
    return state
  }
}

// MARK: - Guide: Global state, a current value

/// The guide's signed-in user.
enum GuideUser: Sendable, Equatable {
  case guest
  case member(String)
}

/// The guide's reactor that shows the current user, a `SharedValue` passed in `init`.
@MainActor
final class CurrentUserReactor: Reactor {
  enum Mutation: Sendable { case setUser(GuideUser) }
  enum Action: Sendable { case signIn(String) }
  struct State: Equatable, Sendable { var user: GuideUser }

  let runtime = Runtime()
  let currentUser: SharedValue<GuideUser>  // passed in init

  init(currentUser: SharedValue<GuideUser>) {
    self.currentUser = currentUser
  }

  var initialState: State { State(user: currentUser.value) }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .signIn(let name):
      let user = GuideUser.member(name)
      // Signing in, anywhere:
      currentUser.set(user)
    }
    return .none
  }

  func externalMutations() -> Effect<Mutation> {
    currentUser.changes { .setUser($0) }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    switch mutation {
    case .setUser(let user): State(user: user)
    }
  }
}

// MARK: - Guide: view communication

@MainActor
final class MessageInputView {
  var text = ""
  var onSend: (@MainActor (String) -> Void)?  // the child view's event, as a closure

  func sendButtonTapped() {
    onSend?(text)
    text = ""
  }
}

@MainActor
final class ChatReactor: Reactor {
  enum Action: Sendable { case send(String) }
  struct State: Equatable, Sendable { var messages: [String] = [] }

  let initialState = State()
  let runtime = Runtime()

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    switch mutation {
    case .send(let message): state.messages.append(message)
    }
    return state
  }
}

@MainActor
final class ChatView {
  let messageInputView = MessageInputView()

  func bind(reactor: ChatReactor) {
    messageInputView.onSend = { [weak reactor] message in reactor?.send(.send(message)) }
  }
}

// MARK: - Tests

@MainActor
final class MigrationGuideTests: XCTestCase {
  func test_globalState_aCurrentValue_reachesEveryReactorWhenSet() async {
    let currentUser = SharedValue(GuideUser.guest)
    let header = CurrentUserReactor(currentUser: currentUser)
    let settings = CurrentUserReactor(currentUser: currentUser)
    XCTAssertEqual(settings.currentState.user, .guest)

    header.send(.signIn("ada"))

    XCTAssertEqual(header.currentState.user, .member("ada"))
    XCTAssertEqual(settings.currentState.user, .member("ada"))
  }

  // MARK: View, DisposeBag

  func test_guideView_tapAndState_sendTheActionAndShowTheValue() async {
    // given
    let reactor = CounterViewReactor()
    let view = CounterView()
    view.reactor = reactor

    // when
    view.increaseButton.tap()

    // then
    XCTAssertEqual(reactor.currentState.value, 1)
    XCTAssertEqual(view.valueLabel.text, "1")
  }

  func test_guideView_newReactor_endsTheBindingsToThePreviousOne() async {
    // given
    let first = CounterViewReactor()
    let second = CounterViewReactor()
    let view = CounterView()
    view.reactor = first

    // when
    view.reactor = second
    first.send(.increase)
    first.send(.increase)

    // then
    XCTAssertEqual(view.valueLabel.text, "0")
    view.increaseButton.tap()
    XCTAssertEqual(second.currentState.value, 1)
    XCTAssertEqual(first.currentState.value, 2)
  }

  func test_guideDisposeBag_tokensRemoved_endTheBindings() async {
    // given
    let reactor = CounterViewReactor()
    let view = TokenSetCounterView()
    view.bind(reactor: reactor)
    reactor.send(.increase)
    XCTAssertEqual(view.valueLabel.text, "1")

    // when
    view.unbind()
    reactor.send(.increase)

    // then
    XCTAssertEqual(view.valueLabel.text, "1")
  }

  // MARK: action

  func test_guideAction_sendAndObserveActions_seesTheActionAndReducesIt() async {
    // given
    let reactor = CounterViewReactor()
    var sent: [CounterViewReactor.Action] = []
    let token = reactor.observe(actions: { action in sent.append(action) })

    // when
    reactor.send(.increase)  // reactor.action.onNext(.increase)

    // then
    XCTAssertEqual(sent, [.increase])
    XCTAssertEqual(reactor.currentState.value, 1)
    token.cancel()
  }

  // MARK: state

  func test_guideState_observeAndStream_deliverTheCurrentValueThenEachChange() async {
    // given
    let reactor = CounterViewReactor()
    var labels: [String] = []
    let token = reactor.observe(\.value) { value in labels.append("\(value)") }
    let values = reactor.values(of: \.value)

    // when
    reactor.send(.increase)
    let received = expectation(description: "the stream's first two values")
    let consumer = Task {
      var seen: [Int] = []
      for await value in values {
        seen.append(value)
        if seen.count == 2 { break }
      }
      received.fulfill()
      return seen
    }

    // then
    await fulfillment(of: [received], timeout: 5)
    let streamed = await bounded("consumer ends") { await consumer.value }
    XCTAssertEqual(labels, ["0", "1"])
    XCTAssertEqual(streamed, [0, 1])
    XCTAssertEqual(reactor.currentState.value, 1)
    token.cancel()
  }

  // MARK: mutate, transform(action:), transform(state:)

  func test_guideMutate_refresh_setsLoadingAtOnceThenTheRepositories() async {
    // given
    let gate = Gate<Void>()
    let log = QueryLog()
    let reactor = RepositoryListReactor(
      api: RepositoryAPI { query in
        await log.append(query)
        try await gate.wait()
        return ["ReactorKit", "ReactorFlow"]
      })

    // when
    let task = reactor.send(.refresh)

    // then
    XCTAssertTrue(reactor.currentState.isLoading)
    XCTAssertEqual(reactor.currentState.title, "Loading…")
    gate.open()
    await bounded("task finishes") { await task.finish() }
    XCTAssertEqual(
      reactor.currentState,
      RepositoryListReactor.State(
        isLoading: false, repositories: ["ReactorKit", "ReactorFlow"], title: "2 repositories"))
    XCTAssertEqual(log.queries, ["swift"])
  }

  func test_guideTransformAction_refreshWhileLoading_isDropped() async {
    // given
    let gate = Gate<Void>()
    let log = QueryLog()
    let reactor = RepositoryListReactor(
      api: RepositoryAPI { query in
        await log.append(query)
        try await gate.wait()
        return ["ReactorFlow"]
      })
    let first = reactor.send(.refresh)

    // when
    let second = reactor.send(.refresh)

    // then
    XCTAssertFalse(second.hasEffects)
    gate.open()
    await bounded("first finishes") { await first.finish() }
    XCTAssertEqual(log.queries, ["swift"])
    XCTAssertEqual(reactor.currentState.repositories, ["ReactorFlow"])
  }

  func test_guideMutate_failedSearch_stillClearsTheLoadingFlag() async {
    // given
    struct Offline: Error {}
    let reactor = RepositoryListReactor(api: RepositoryAPI { _ in throw Offline() })
    var reported: [String] = []
    reactor.runtime.onUnhandledError = { error in reported.append("\(error)") }

    // when
    await bounded("reactor.send(.refresh) finishes") { await reactor.send(.refresh).finish() }

    // then
    XCTAssertFalse(reactor.currentState.isLoading)
    XCTAssertEqual(reactor.currentState.title, "0 repositories")
    XCTAssertEqual(reported, ["Offline()"])
  }

  // MARK: transform(mutation:)

  func test_guideTransformMutation_rewritesEachMutationBeforeReduce() async {
    // given
    let reactor = UsernameReactor()

    // when
    reactor.send(.setUsername("ReactorFlow"))

    // then
    XCTAssertEqual(reactor.currentState.username, "reactorflow")
  }

  // MARK: Pulse

  func test_guidePulse_sameMessageTwice_notifiesTwice() async {
    // given
    let reactor = SaveReactor()
    var alerts: [String] = []
    let token = reactor.observe(pulse: \.$alertMessage) { message in
      if let message { alerts.append(message) }
    }

    // when
    reactor.send(.save)
    reactor.send(.save)

    // then
    XCTAssertEqual(alerts, ["Saved", "Saved"])
    token.cancel()
  }

  // MARK: global state

  func test_guideGlobalState_eventPosted_reachesEveryReactor() async {
    // given
    let userService = UserService()
    let reactors = [GreetingReactor(userService: userService), GreetingReactor(userService: userService)]
    let renamed = reactors.map { reactor in
      let expectation = expectation(description: "a reactor reduced the renaming")
      let token = reactor.observe(\.name) { name in
        if name == "Ada" { expectation.fulfill() }
      }
      return (expectation, token)
    }
    XCTAssertEqual(userService.events.subscriberCount, 2)

    // when
    userService.rename(to: "Ada")

    // then
    await fulfillment(of: renamed.map(\.0), timeout: 5)
    XCTAssertEqual(reactors.map(\.currentState.name), ["Ada", "Ada"])
    for (_, token) in renamed { token.cancel() }
  }

  // MARK: view communication

  func test_guideViewCommunication_childViewEvent_becomesTheParentReactorsAction() async {
    // given
    let reactor = ChatReactor()
    let view = ChatView()
    view.bind(reactor: reactor)
    view.messageInputView.text = "Hello"

    // when
    view.messageInputView.sendButtonTapped()

    // then
    XCTAssertEqual(reactor.currentState.messages, ["Hello"])
    XCTAssertEqual(view.messageInputView.text, "")
  }
}
