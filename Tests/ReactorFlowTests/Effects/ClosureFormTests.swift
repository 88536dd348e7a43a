import ReactorFlow
import ReactorFlowTestSupport
import XCTest

/// A reactor whose state is not `Equatable`, so that only the plain state observer applies, with a
/// `Mutation` of its own and a pulse: the overload sets the closure forms below meet.
@MainActor
private final class FormsReactor: Reactor {
  enum Action: Sendable { case bump, runAll }
  enum Mutation: Sendable { case bump, alert(String) }
  struct State: Sendable {
    var count = 0
    @Pulse var alert: String?
  }

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .bump:
      return .send(.bump)
    case .runAll:
      // Every factory with closures written `_ in`, with named parameters, trailing and not.
      let marker = 1
      return .concatenate(
        .run { _ in },
        .run { send in await send(.bump) },
        .run { [marker] send in if marker == 1 { await send(.bump) } },
        .run(operation: { _ in }),
        .run(operation: { send in await send(.bump) }),
        .run { _ in
        } catch: { _, _ in
        },
        .run(operation: { _ in }, catch: { _, _ in }),
        .run { (send: Send<Mutation>) in await send(.bump) },
        .task { .bump },
        .run(reading: self) { _, _ in },
        .run(reading: self) { state, send in
          if try await state.current.count >= 0 { await send(.bump) }
        },
        .run(reading: self, operation: { _, _ in }),
        .run(reading: self) { _, _ in
        } catch: { _, _ in
        },
        .deferred(reading: self) { _ in .none },
        .deferred(reading: self) { state in state.count >= 0 ? .send(.bump) : .none },
        Effect<Action>.send(.bump).map { _ in Mutation.alert("done") }
      )
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .bump: state.count += 1
    case .alert(let message): state.alert = message
    }
    return state
  }
}

/// Each everyday call, written as users write it: closures with `_ in` and with named parameters,
/// trailing and not. That this file compiles is the first half of each test (these calls were
/// "ambiguous use of 'observe'" once); the second half checks that the call picked the overload
/// its form promises.
@MainActor
final class ClosureFormTests: XCTestCase {
  func test_observe_trailingClosureWithUnderscore_observesTheState() {
    let reactor = FormsReactor()
    var calls = 0

    let token = reactor.observe { _ in calls += 1 }
    reactor.send(.bump)

    XCTAssertEqual(calls, 2, "the current state at once, then the new one")
    token.cancel()
  }

  func test_observe_closureFormsOnAStateThatIsNotEquatable_allObserveTheState() {
    let reactor = FormsReactor()
    var seen: [Int] = []

    let tokens = [
      reactor.observe { state in seen.append(state.count) },
      reactor.observe({ _ in seen.append(-1) }),
      reactor.observe({ state in seen.append(state.count) }),
    ]
    reactor.send(.bump)

    XCTAssertEqual(seen, [0, -1, 0, 1, -1, 1])
    tokens.forEach { $0.cancel() }
  }

  func test_observe_closureFormsOnAnEquatableState_allObserveTheState() {
    let reactor = SyncCounterReactor()
    var calls = 0
    var counts: [Int] = []

    let tokens = [
      reactor.observe { _ in calls += 1 },
      reactor.observe({ _ in calls += 1 }),
      reactor.observe { state in counts.append(state.count) },
    ]
    reactor.send(.increment)

    XCTAssertEqual(calls, 4)
    XCTAssertEqual(counts, [0, 1])
    tokens.forEach { $0.cancel() }
  }

  func test_observeKeyPath_closureForms_allObserveTheValue() {
    let reactor = FormsReactor()
    var calls = 0
    var counts: [Int] = []

    let tokens = [
      reactor.observe(\.count) { _ in calls += 1 },
      reactor.observe(\.count, { _ in calls += 1 }),
      reactor.observe(\.count) { count in counts.append(count) },
      reactor.observe(map: { $0.count }) { _ in calls += 1 },
      reactor.observe(map: { state in state.count }, { count in counts.append(count) }),
      reactor.observe(pulse: \.$alert) { _ in calls += 100 },
    ]
    reactor.send(.bump)

    XCTAssertEqual(calls, 6, "three observers, each at once and after the bump; no pulse yet")
    XCTAssertEqual(counts, [0, 0, 1, 1])
    tokens.forEach { $0.cancel() }
  }

  func test_observeActions_closureForms_allObserveTheActions() {
    let reactor = FormsReactor()
    var calls = 0
    var actions: [FormsReactor.Action] = []

    let tokens = [
      reactor.observe(actions: { _ in calls += 1 }),
      reactor.observe(actions: { action in actions.append(action) }),
    ]
    reactor.send(.bump)

    XCTAssertEqual(calls, 1, "not called at once: an action observer sees only sent actions")
    XCTAssertEqual(actions.count, 1)
    tokens.forEach { $0.cancel() }
  }

  func test_effectFactories_closureForms_allRunInOrder() async {
    let reactor = FormsReactor()
    var alerts: [String?] = []
    let token = reactor.observe(pulse: \.$alert) { alerts.append($0) }

    await bounded("reactor.send(.runAll) finishes") { await reactor.send(.runAll).finish() }

    XCTAssertEqual(reactor.currentState.count, 7, "every factory that sends, once each")
    XCTAssertEqual(alerts, ["done"])
    token.cancel()
  }

  func test_send_closureForms_compileAndSend() async {
    let reactor = FormsReactor()
    let deliver = Send<FormsReactor.Action> { _ in }
    let send = Send<FormsReactor.Action> { action in reactor.send(action) }

    deliver(.bump)
    send(.bump)
    reactor.send(.bump)

    XCTAssertEqual(reactor.currentState.count, 2)
  }
}
