import ReactorFlow
import ReactorFlowTestSupport
import ReactorFlowTesting
import XCTest

/// A generic base reactor (ReactorKit's issue 30): it declares the storage once, with the line
/// the documentation gives, and concrete reactors subclass it.
@MainActor
private class ListReactor<Item: Sendable & Equatable>: Reactor {
  enum Action: Sendable { case add(Item), load, removeAll }
  enum Mutation: Sendable { case append([Item]), setLoading(Bool), clear }
  struct State: Equatable, Sendable {
    var items: [Item] = []
    var isLoading = false
  }

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .add(let item): return .send(.append([item]))
    case .removeAll: return .send(.clear)
    case .load:
      return .run { [loader = makeLoader()] send in
        await send(.append(try await loader()))
      }
      .prepend(.setLoading(true))
      .finally(.send(.setLoading(false)))
    }
  }

  /// What subclasses override: where `load` gets its items.
  func makeLoader() -> @Sendable () async throws -> [Item] {
    { [] }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .append(let items): state.items += items
    case .setLoading(let isLoading): state.isLoading = isLoading
    case .clear: state.items = []
    }
    return state
  }
}

@MainActor
private final class CapitalizingTodoListReactor: ListReactor<String> {
  let gate: Gate<Void>?

  init(gate: Gate<Void>? = nil) {
    self.gate = gate
  }

  override func makeLoader() -> @Sendable () async throws -> [String] {
    { [gate] in
      try await gate?.wait()
      return ["write tests", "ship"]
    }
  }

  override func reduce(state: State, mutation: Mutation) -> State {
    var state = super.reduce(state: state, mutation: mutation)
    state.items = state.items.map { $0.capitalized }
    return state
  }
}

/// A base reactor written the documented way for subclasses that customize hooks: it declares
/// every hook they may override, each doing what the protocol's default does.
@MainActor
private class HookedBaseReactor: Reactor {
  enum Action: Sendable, Equatable { case add(Int), fail }
  enum Mutation: Sendable, Equatable { case add(Int), setError(String) }
  struct State: Equatable, Sendable {
    var total = 0
    var error: String?
    var log: [String] = []
  }
  struct Failure: Error {}

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .add(let value): return .send(.add(value))
    case .fail: return .run { _ in throw Failure() }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .add(let value): state.total += value
    case .setError(let message): state.error = message
    }
    return state
  }

  // The hooks subclasses may override, declared here with the default's behaviour: a hook that
  // only a subclass declares is never called.
  func transform(action: Action) -> Effect<Action> { .send(action) }
  func transform(mutation: Mutation) -> Mutation { mutation }
  func transform(state: State) -> State { state }
  func recover(from error: any Error) -> Mutation? {
    runtime.reportUnhandledError(error)
    return nil
  }
}

@MainActor
private final class AuditedReactor: HookedBaseReactor {
  override func transform(action: Action) -> Effect<Action> {
    action == .add(0) ? .none : .send(action)
  }

  override func transform(mutation: Mutation) -> Mutation {
    if case .add(let value) = mutation { return .add(value * 2) }
    return mutation
  }

  override func transform(state: State) -> State {
    var state = state
    state.log.append("total \(state.total)")
    return state
  }

  override func recover(from error: any Error) -> Mutation? {
    .setError("\(type(of: error))")
  }
}

/// The trap the documentation warns about: the base declares no hooks, so this subclass's
/// `transform(state:)` overrides nothing and the protocol's default is called instead.
@MainActor
private final class UndeclaredHookReactor: ListReactor<Int> {
  private(set) var transformCalls = 0

  func transform(state: State) -> State {
    transformCalls += 1
    return state
  }
}

@MainActor
final class SubclassReactorTests: XCTestCase {
  func test_subclassOfGenericBase_actions_runTheSubclassOverrides() async {
    // given
    let reactor = CapitalizingTodoListReactor()

    // when
    reactor.send(.add("buy milk"))

    // then
    XCTAssertEqual(reactor.currentState.items, ["Buy Milk"])
  }

  func test_subclassOfGenericBase_effects_useTheSubclassLoader() async {
    // given
    let reactor = CapitalizingTodoListReactor()
    let states = reactor.record(\.self)

    // when
    await bounded("reactor.send(.load) finishes") { await reactor.send(.load).finish() }

    // then
    XCTAssertEqual(reactor.currentState, .init(items: ["Write Tests", "Ship"], isLoading: false))
    XCTAssertEqual(states.values.map(\.isLoading), [false, true, true, false])
  }

  func test_subclassOfGenericBase_whenReleased_cancelsItsEffectsAndGoesAway() async {
    // given
    let gate = Gate<Void>()
    var reactor: CapitalizingTodoListReactor? = CapitalizingTodoListReactor(gate: gate)
    weak let weakReactor = reactor
    let task = reactor?.send(.load)
    await gate.nextArrival("the load effect waits on the gate", in: self)

    // when
    reactor = nil

    // then
    XCTAssertNil(weakReactor)
    await bounded("the load effect ends once the reactor is gone") { await task?.finish() }
  }

  func test_genericBase_usedDirectly_works() async {
    // given
    let reactor = ListReactor<Int>()

    // when
    reactor.send(.add(1))
    reactor.send(.add(2))
    reactor.send(.removeAll)
    reactor.send(.add(3))

    // then
    XCTAssertEqual(reactor.currentState.items, [3])
  }

  func test_subclass_hooksTheBaseDeclares_areCalled() async {
    // given
    let reactor = AuditedReactor()

    // when
    reactor.send(.add(0))
    reactor.send(.add(3))
    await bounded("reactor.send(.fail) finishes") { await reactor.send(.fail).finish() }

    // then
    XCTAssertEqual(reactor.currentState.total, 6, "add(0) dropped, add(3) doubled")
    XCTAssertEqual(reactor.currentState.error, "Failure")
    XCTAssertEqual(reactor.currentState.log, ["total 6"], "applied to each published state once")
  }

  func test_baseDeclaringHooks_usedDirectly_behavesLikeTheDefaults() async {
    // given
    let reactor = HookedBaseReactor()
    var unhandled: [String] = []
    reactor.runtime.onUnhandledError = { unhandled.append("\(type(of: $0))") }

    // when
    reactor.send(.add(0))
    reactor.send(.add(3))
    await bounded("reactor.send(.fail) finishes") { await reactor.send(.fail).finish() }

    // then
    XCTAssertEqual(reactor.currentState, .init(total: 3, error: nil, log: []))
    XCTAssertEqual(unhandled, ["Failure"])
  }

  func test_subclass_hookTheBaseDoesNotDeclare_isNotCalled() {
    // given
    let reactor = UndeclaredHookReactor()

    // when
    reactor.send(.add(1))

    // then: Swift's rule, which the documentation states; declare the hook in the base instead.
    XCTAssertEqual(reactor.currentState.items, [1])
    XCTAssertEqual(reactor.transformCalls, 0)
  }
}
