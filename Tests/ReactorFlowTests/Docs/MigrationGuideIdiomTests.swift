import ReactorFlowTesting
import XCTest

// The snippets of Sources/ReactorFlow/ReactorFlow.docc/MigratingFromReactorKit.md about idioms of
// ported ReactorKit apps (Drrrible's shot and login screens, RxTodo's editor): the recipes of
// "mutate", "Global state, reading the state", "When a reactor starts" and "Questions that come
// up", compiled here and checked to behave as the guide says.

// MARK: - Guide: Global state, reading the state; When a reactor starts; mutate (fire and forget)

enum ShotEvent: Sendable {
  case updateLiked(id: Int, isLiked: Bool)
}

protocol ShotClient: Sendable {
  func like(id: Int) async throws
}

final class ShotClientMock: ShotClient {
  let likeSpy = Spy<Int, Result<Void, any Error>>("like(id:)", placeholder: .success(()))

  func like(id: Int) async throws { try likeSpy(id).get() }
}

struct LikeFailed: Error {}

@MainActor
final class ShotReactor: Reactor {
  enum Action: Sendable { case like }
  enum Mutation: Sendable, Equatable { case setLiked(Bool) }
  struct State: Equatable, Sendable {
    var shotID: Int
    var isLiked = false
  }

  let initialState: State
  let runtime = Runtime()
  private let client: any ShotClient
  private let shotEvents: EventBus<ShotEvent>

  init(shotID: Int, client: any ShotClient, shotEvents: EventBus<ShotEvent>) {
    initialState = State(shotID: shotID)
    self.client = client
    self.shotEvents = shotEvents
    start()  // hears every event from now on, read or not
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .like:
      return .run { [client, shotEvents, id = currentState.shotID] _ in
        shotEvents.post(.updateLiked(id: id, isLiked: true))  // every screen of the shot, at once
        do {
          try await client.like(id: id)  // fire and forget: nothing to send back
        } catch {
          shotEvents.post(.updateLiked(id: id, isLiked: false))  // undo the optimistic like
        }
      }
    }
  }

  func externalMutations() -> Effect<Mutation> {
    .sequence(shotEvents.events, reading: self) { state, event in
      switch event {
      case .updateLiked(let id, let isLiked) where id == state.shotID: .setLiked(isLiked)
      default: nil  // another shot's event
      }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setLiked(let isLiked): state.isLiked = isLiked
    }
    return state
  }
}

// MARK: - Guide: mutate (a flag cleared between two requests)

protocol LoginClient: Sendable {
  func authorize() async throws
  func fetchMe() async throws -> String
}

final class LoginClientMock: LoginClient {
  let authorizeSpy = Spy<Void, Result<Void, any Error>>("authorize()", placeholder: .success(()))
  let fetchMeSpy = Spy<Void, String>("fetchMe()", placeholder: "")

  func authorize() async throws { try authorizeSpy().get() }
  func fetchMe() async throws -> String { fetchMeSpy() }
}

@MainActor
final class LoginReactor: Reactor {
  enum Action: Sendable { case login }
  enum Mutation: Sendable, Equatable {
    case setLoading(Bool)
    case setUser(String)
  }
  struct State: Equatable, Sendable {
    var isLoading = false
    var user: String?
  }

  let initialState = State()
  let runtime = Runtime()
  private let client: any LoginClient

  init(client: any LoginClient) {
    self.client = client
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .login:
      return .concatenate(
        .run { [client] _ in try await client.authorize() }
          .finally(.send(.setLoading(false))),  // cleared here, whether authorize() threw or not
        .run { [client] send in await send(.setUser(try await client.fetchMe())) }
      )
      .prepend(.setLoading(true))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setLoading(let isLoading): state.isLoading = isLoading
    case .setUser(let user): state.user = user
    }
    return state
  }
}

// MARK: - Guide: Questions that come up

/// Drrrible's analytics-only reactor: it shows nothing, so its state is `Void`.
@MainActor
final class ScreenViewReactor: Reactor {
  enum Action: Sendable { case appeared(String) }
  typealias Mutation = Never
  typealias State = Void

  let initialState: Void = ()
  let runtime = Runtime()
  let log: any ScreenLog

  init(log: any ScreenLog) {
    self.log = log
  }

  func mutate(action: Action) -> Effect<Never> {
    switch action {
    case .appeared(let screen):
      return .run { [log] _ in await log.record(screen) }
    }
  }
}

protocol ScreenLog: Sendable {
  func record(_ screen: String) async
}

final class ScreenLogMock: ScreenLog {
  let recordSpy = Spy<String, Void>("record(_:)")

  func record(_ screen: String) async { recordSpy(screen) }
}

/// A reactor that a demo program in another module drives: its members are `public`.
@MainActor
public final class LikeCounterReactor: Reactor {
  /// What the user does.
  public enum Action: Sendable { case like }
  /// What the screen shows.
  public struct State: Equatable, Sendable {
    /// How many likes.
    public var likes: Int
    /// A state that a demo or a preview sets whole.
    public init(likes: Int = 0) { self.likes = likes }
  }

  /// The state before any action.
  public let initialState: State
  /// The reactor's storage.
  public let runtime = Runtime()

  /// A reactor that starts from `initialState`.
  public init(initialState: State = State()) {
    self.initialState = initialState
  }

  /// Counts a like.
  public func reduce(state: State, mutation: Action) -> State {
    var state = state
    state.likes += 1
    return state
  }
}

/// RxTodo's module, whose model is named `Task`: inside it, `Task` is the model.
enum RxTodoModule {
  struct Task: Sendable, Equatable {
    var title: String
  }

  protocol TaskStore: Sendable {
    func save(_ tasks: [Task]) async
  }

  @MainActor
  static func saveInBackground(_ tasks: [Task], to store: any TaskStore) -> _Concurrency.Task<Void, Never> {
    let saving = _Concurrency.Task { await store.save(tasks) }
    return saving
  }
}

final class TaskStoreMock: RxTodoModule.TaskStore {
  let saveSpy = Spy<[RxTodoModule.Task], Void>("save(_:)")

  func save(_ tasks: [RxTodoModule.Task]) async { saveSpy(tasks) }
}

// MARK: - Tests

@MainActor
final class MigrationGuideIdiomTests: XCTestCase {
  // MARK: Global state, reading the state

  func test_guideGlobalStateReading_likeOnOneScreen_reachesEveryScreenOfThatShotOnly() async {
    // given
    let client = ShotClientMock()
    client.likeSpy.returns(.success(()))
    let shotEvents = EventBus<ShotEvent>()
    let shot = ShotReactor(shotID: 1, client: client, shotEvents: shotEvents)
    let sameShot = ShotReactor(shotID: 1, client: client, shotEvents: shotEvents)
    let otherShot = ShotReactor(shotID: 2, client: client, shotEvents: shotEvents)
    let tester = ReactorTester(sameShot)

    // when
    await shot.send(.like).finish()

    // then
    await tester.receive(.setLiked(true)) { $0.isLiked = true }
    await tester.finish()
    XCTAssertEqual(client.likeSpy.allArguments, [1])
    XCTAssertFalse(otherShot.currentState.isLiked)
  }

  func test_guideGlobalStateReading_failedLike_isUndone() async {
    // given
    let client = ShotClientMock()
    client.likeSpy.returns(.failure(LikeFailed()))
    let tester = ReactorTester(ShotReactor(shotID: 7, client: client, shotEvents: EventBus()))

    // when
    await tester.send(.like)

    // then
    await tester.receive(.setLiked(true)) { $0.isLiked = true }
    await tester.receive(.setLiked(false)) { $0.isLiked = false }
    await tester.finish()
  }

  // MARK: When a reactor starts

  func test_guideStart_reactorNeverRead_stillHearsTheEvents() async {
    // given: a reactor that nothing reads, observes or sends to
    let shotEvents = EventBus<ShotEvent>()
    let shot = ShotReactor(shotID: 3, client: ShotClientMock(), shotEvents: shotEvents)
    XCTAssertEqual(shotEvents.subscriberCount, 1, "start() in init subscribed at once")

    // when
    shotEvents.post(.updateLiked(id: 3, isLiked: true))
    let liked = expectation(description: "the event was reduced")
    let token = shot.observe(\.isLiked) { if $0 { liked.fulfill() } }

    // then
    await fulfillment(of: [liked], timeout: 5)
    token.cancel()
  }

  func test_start_calledTwice_startsOnce() async {
    // given
    let shotEvents = EventBus<ShotEvent>()
    let shot = ShotReactor(shotID: 4, client: ShotClientMock(), shotEvents: shotEvents)

    // when
    shot.start()

    // then
    XCTAssertEqual(shotEvents.subscriberCount, 1)
  }

  // MARK: mutate recipes

  func test_guideMutate_calledTheClient_afterAwaitingTheAction() async {
    let client = ShotClientMock()
    client.likeSpy.returns(.success(()))
    let reactor = ShotReactor(shotID: 1, client: client, shotEvents: EventBus())
    await reactor.send(.like).finish()  // the body has run: the client was called
    XCTAssertEqual(client.likeSpy.allArguments, [1])
  }

  func test_guideMutate_loginFlag_isClearedBetweenTheTwoRequests() async {
    // given
    let client = LoginClientMock()
    client.authorizeSpy.returns(.success(()))
    client.fetchMeSpy.returns("devxoul")
    let tester = ReactorTester(LoginReactor(client: client))

    // when
    await tester.send(.login) { $0.isLoading = true }

    // then
    await tester.receive(.setLoading(false)) { $0.isLoading = false }
    await tester.receive(.setUser("devxoul")) { $0.user = "devxoul" }
    await tester.finish()
  }

  func test_guideMutate_loginFailed_clearsTheFlagAndFetchesNoUser() async {
    // given
    let client = LoginClientMock()
    client.authorizeSpy.returns(.failure(LikeFailed()))
    let reactor = LoginReactor(client: client)
    reactor.runtime.onUnhandledError = { _ in }

    // when
    await reactor.send(.login).finish()

    // then
    XCTAssertEqual(reactor.currentState, LoginReactor.State(isLoading: false, user: nil))
    XCTAssertEqual(client.fetchMeSpy.callCount, 0)
  }

  // MARK: Questions that come up

  func test_guideVoidState_reactorRunsItsEffects() async {
    let log = ScreenLogMock()
    let reactor = ScreenViewReactor(log: log)
    await reactor.send(.appeared("shot")).finish()
    XCTAssertEqual(log.recordSpy.allArguments, ["shot"])
  }

  func test_guidePublicMembers_reactorWorks() async {
    let reactor = LikeCounterReactor(initialState: LikeCounterReactor.State(likes: 41))
    reactor.send(.like)
    XCTAssertEqual(reactor.currentState.likes, 42)
  }

  func test_guideTaskName_concurrencyTaskIsQualified() async {
    let store = TaskStoreMock()
    await RxTodoModule.saveInBackground([RxTodoModule.Task(title: "Milk")], to: store).value
    XCTAssertEqual(store.saveSpy.allArguments, [[RxTodoModule.Task(title: "Milk")]])
  }
}
