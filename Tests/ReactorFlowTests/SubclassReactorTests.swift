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
private final class TodoListReactor: ListReactor<String> {
  let gate: Latch?

  init(gate: Latch? = nil) {
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

@MainActor
final class SubclassReactorTests: XCTestCase {
  func test_subclassOfGenericBase_actions_runTheSubclassOverrides() async {
    // given
    let reactor = TodoListReactor()

    // when
    reactor.send(.add("buy milk"))

    // then
    XCTAssertEqual(reactor.currentState.items, ["Buy Milk"])
  }

  func test_subclassOfGenericBase_effects_useTheSubclassLoader() async {
    // given
    let reactor = TodoListReactor()
    let states = reactor.record(\.self)

    // when
    await reactor.send(.load).finish()

    // then
    XCTAssertEqual(reactor.currentState, .init(items: ["Write Tests", "Ship"], isLoading: false))
    XCTAssertEqual(states.values.map(\.isLoading), [false, true, true, false])
  }

  func test_subclassOfGenericBase_whenReleased_cancelsItsEffectsAndGoesAway() async {
    // given
    let gate = Latch()
    var reactor: TodoListReactor? = TodoListReactor(gate: gate)
    weak let weakReactor = reactor
    let task = reactor?.send(.load)
    await bounded("the load effect waits on the gate") { await gate.nextArrival() }

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
}
