import ReactorFlow
import ReactorFlowTestSupport
import ReactorFlowTesting
import XCTest

@MainActor
private final class SessionReactor: Reactor {
  enum Action: Sendable { case userChanged(String), refresh }
  enum Mutation: Sendable, Equatable { case setUser(String), tick }
  struct State: Equatable, Sendable { var user = ""; var ticks = 0 }

  let initialState = State()
  let runtime = Runtime()
  let users: AsyncStream<String>
  let ticks: AsyncStream<Void>

  init(users: AsyncStream<String>, ticks: AsyncStream<Void>) {
    self.users = users
    self.ticks = ticks
  }

  func externalActions() -> Effect<Action> {
    .sequence(users.map { Action.userChanged($0) })
  }

  func externalMutations() -> Effect<Mutation> {
    .sequence(ticks.map { Mutation.tick })
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .userChanged(let user): return .send(.setUser(user))
    case .refresh: return .none
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setUser(let user): state.user = user
    case .tick: state.ticks += 1
    }
    return state
  }
}

@MainActor
final class ExternalStreamTests: XCTestCase {
  func test_externalStreams_areMergedIntoActionsAndMutations() async {
    // given
    let (users, userInput) = AsyncStream.makeStream(of: String.self)
    let (ticks, tickInput) = AsyncStream.makeStream(of: Void.self)
    let reactor = SessionReactor(users: users, ticks: ticks)
    _ = reactor.currentState  // starts the reactor and its external streams

    // when
    userInput.yield("ada")
    tickInput.yield(())
    tickInput.yield(())

    // then
    await fulfillment(of: [expectation(reactor, \.user, equals: "ada")], timeout: 5)
    await fulfillment(of: [expectation(reactor, \.ticks, equals: 2)], timeout: 5)
  }

  func test_externalStream_finishing_doesNotEndTheReactor() async {
    let (users, userInput) = AsyncStream.makeStream(of: String.self)
    let (ticks, tickInput) = AsyncStream.makeStream(of: Void.self)
    let reactor = SessionReactor(users: users, ticks: ticks)
    _ = reactor.currentState

    userInput.yield("ada")
    userInput.finish()
    tickInput.finish()
    await fulfillment(of: [expectation(reactor, \.user, equals: "ada")], timeout: 5)
    reactor.send(.userChanged("grace"))

    XCTAssertEqual(reactor.currentState.user, "grace")
  }

  func test_externalStreams_areCancelledWhenTheReactorIsReleased() async {
    let terminated = Gate<Void>()
    let (users, userInput) = AsyncStream.makeStream(of: String.self)
    userInput.onTermination = { _ in terminated.open() }
    var reactor: SessionReactor? = SessionReactor(users: users, ticks: AsyncStream { _ in })
    _ = reactor?.currentState

    reactor = nil

    await terminated.opened("the released reactor's external stream terminates", in: self)
    XCTAssertNil(reactor)
  }

  func test_activeEffectCount_withExternalStreams_countsOnlyTheEffectsOfActions() async {
    // given: external streams that never end
    let (users, userInput) = AsyncStream.makeStream(of: String.self)
    let (ticks, tickInput) = AsyncStream.makeStream(of: Void.self)
    let reactor = SessionReactor(users: users, ticks: ticks)
    let tester = ReactorTester(reactor)

    // when
    userInput.yield("ada")
    await tester.receive(.setUser("ada")) { $0.user = "ada" }

    // then
    XCTAssertEqual(reactor.runtime.activeEffectCount, 0)
    let failures = await captureFailures { await tester.finish() }
    XCTAssertEqual(failures, [])
    userInput.finish()
    tickInput.finish()
  }
}
