import ReactorFlow
import ReactorFlowTestSupport
import XCTest

/// A list screen's reactor written with `reduce(into:mutation:)`: each action changes one item and
/// the total.
@MainActor
private final class ItemsReactor: Reactor {
  enum Action: Sendable { case bump(Int), flash(String), rename(String) }
  struct State: Equatable, Sendable {
    var items: [Int]
    var total = 0
    var title = ""
    @Pulse var message: String? = nil
  }

  let initialState: State
  let runtime = Runtime()
  /// The address of `items`' storage before and after each `reduce`.
  private(set) var addresses: [(before: UnsafeRawPointer?, after: UnsafeRawPointer?)] = []

  init(count: Int = 1_000) { initialState = State(items: Array(repeating: 0, count: count)) }

  func reduce(into state: inout State, mutation: Action) {
    let before = state.items.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    switch mutation {
    case .bump(let index):
      state.items[index] += 1
      state.total += 1
    case .flash(let message):
      state.message = message
    case .rename(let title):
      state.title = title
    }
    addresses.append((before, state.items.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }))
  }
}

/// The same reactor in ReactorKit's form, which copies what it changes.
@MainActor
private final class CopyingItemsReactor: Reactor {
  typealias Action = ItemsReactor.Action
  typealias State = ItemsReactor.State

  let initialState = State(items: Array(repeating: 0, count: 100))
  let runtime = Runtime()

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    if case .bump(let index) = mutation {
      state.items[index] += 1
      state.total += 1
    }
    return state
  }
}

/// A reactor in place whose `transform(state:)` publishes another value than the reduced one.
@MainActor
private final class StampingReactor: Reactor {
  enum Action: Sendable { case add(Int) }
  struct State: Equatable, Sendable {
    var items: [Int] = []
    var stamp = ""
  }

  let initialState = State()
  let runtime = Runtime()
  private(set) var reducedStamps: [String] = []

  func reduce(into state: inout State, mutation: Action) {
    reducedStamps.append(state.stamp)
    guard case .add(let item) = mutation else { return }
    state.items.append(item)
  }

  func transform(state: State) -> State {
    var state = state
    state.stamp = "published \(state.items.count)"
    return state
  }
}

@MainActor
final class ReduceInPlaceTests: XCTestCase {
  func test_reduceInto_changesTheStateInPlace_withoutCopyingTheCollection() {
    // given
    let reactor = ItemsReactor()
    let token = reactor.observe(\.total) { _ in }

    // when
    for index in 0..<5 { reactor.send(.bump(index)) }

    // then
    XCTAssertEqual(reactor.currentState.items.prefix(6), [1, 1, 1, 1, 1, 0])
    XCTAssertEqual(reactor.currentState.total, 5)
    XCTAssertEqual(reactor.addresses.count, 5)
    // The first change copies once: the reactor's `initialState` holds the same storage.
    for (step, address) in reactor.addresses.enumerated().dropFirst() {
      XCTAssertEqual(address.before, address.after, "step \(step) copied the items")
    }
    withExtendedLifetime(token) {}
  }

  func test_reduceInto_stateHeldByAnObserver_isNeverChangedUnderIt() {
    // given
    let reactor = ItemsReactor()
    var seen: [ItemsReactor.State] = []
    let token = reactor.observe { seen.append($0) }

    // when
    reactor.send(.bump(0))
    reactor.send(.bump(0))
    reactor.send(.bump(1))

    // then
    XCTAssertEqual(seen.map { Array($0.items.prefix(2)) }, [[0, 0], [1, 0], [2, 0], [2, 1]])
    XCTAssertEqual(seen.map(\.total), [0, 1, 2, 3])
    withExtendedLifetime(token) {}
  }

  func test_reduceInto_keyPathObserver_isToldOnlyWhenItsFieldChanges() {
    // given
    let reactor = ItemsReactor()
    var titles: [String] = []
    var totals: [Int] = []
    let tokens = [
      reactor.observe(\.title) { titles.append($0) },
      reactor.observe(\.total) { totals.append($0) },
    ]

    // when
    reactor.send(.bump(3))
    reactor.send(.rename("Inbox"))
    reactor.send(.bump(4))

    // then
    XCTAssertEqual(titles, ["", "Inbox"])
    XCTAssertEqual(totals, [0, 1, 2])
    withExtendedLifetime(tokens) {}
  }

  func test_reduceInto_pulse_isDeliveredOncePerAssignment() {
    // given
    let reactor = ItemsReactor()
    var messages: [String?] = []
    let token = reactor.observe(pulse: \.$message) { messages.append($0) }

    // when
    reactor.send(.flash("saved"))
    reactor.send(.bump(0))
    reactor.send(.flash("saved"))

    // then
    XCTAssertEqual(messages, ["saved", "saved"])
    withExtendedLifetime(token) {}
  }

  func test_reduceInto_stateStream_getsEachStateAsItWas() async {
    // given
    let reactor = ItemsReactor(count: 10)
    let stream = reactor.state

    // when
    reactor.send(.bump(0))
    reactor.send(.bump(0))

    // then
    let seen = await bounded("three states from the stream") {
      var iterator = stream.makeAsyncIterator()
      var seen: [[Int]] = []
      for _ in 0..<3 { seen.append(Array(await iterator.next()?.items.prefix(1) ?? [])) }
      return seen
    }
    XCTAssertEqual(seen, [[0], [1], [2]])
  }

  func test_reduceStateMutation_ofAReactorInPlace_returnsTheNextStateAndKeepsTheGivenOne() {
    // given
    let reactor = ItemsReactor(count: 3)
    let state = reactor.currentState

    // when
    let next = reactor.reduce(state: state, mutation: .bump(2))

    // then
    XCTAssertEqual(next.items, [0, 0, 1])
    XCTAssertEqual(state.items, [0, 0, 0])
    XCTAssertEqual(reactor.currentState.items, [0, 0, 0], "calling reduce publishes nothing")
  }

  func test_reduceStateMutation_reactorKitForm_stillReducesAndPublishes() {
    // given
    let reactor = CopyingItemsReactor()
    var totals: [Int] = []
    let token = reactor.observe(\.total) { totals.append($0) }

    // when
    reactor.send(.bump(7))
    reactor.send(.bump(7))

    // then
    XCTAssertEqual(reactor.currentState.items[7], 2)
    XCTAssertEqual(totals, [0, 1, 2])
    withExtendedLifetime(token) {}
  }

  func test_reduceInto_transformState_publishesItsValue_andReduceGetsTheReducedState() {
    // given
    let reactor = StampingReactor()

    // when
    reactor.send(.add(1))
    reactor.send(.add(2))

    // then
    XCTAssertEqual(reactor.currentState, StampingReactor.State(items: [1, 2], stamp: "published 2"))
    XCTAssertEqual(reactor.reducedStamps, ["", ""], "reduce never gets the transformed state")
  }
}

// MARK: - The snippets of the docs

/// MigratingFromReactorKit.md, "reduce": a feed that changes in place.
@MainActor
private final class FeedReactor: Reactor {
  struct Post: Equatable, Sendable {
    var id: Int
    var isLiked = false
  }
  enum Action: Sendable { case like(Int) }
  enum Mutation: Sendable {
    case setLiked(Int, Bool)
    case appendPage([Post])
  }
  struct State: Equatable, Sendable { var posts = (0..<10_000).map { Post(id: $0) } }

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Effect<Mutation> {
    guard case .like(let index) = action else { return .none }
    return .send(.setLiked(index, true))
  }

  func reduce(into state: inout State, mutation: Mutation) {
    switch mutation {
    case .setLiked(let index, let isLiked):
      state.posts[index].isLiked = isLiked
    case .appendPage(let posts):
      state.posts += posts
    }
  }
}

/// ReactorDefinition.reduce(into:mutation:): one element and the total.
@MainActor
private final class BumpingReactor: Reactor {
  enum Mutation: Sendable { case bump(Int) }
  typealias Action = Mutation
  struct State: Equatable, Sendable {
    var items = Array(repeating: 0, count: 100_000)
    var total = 0
  }

  let initialState = State()
  let runtime = Runtime()

  func reduce(into state: inout State, mutation: Mutation) {
    switch mutation {
    case .bump(let index):
      state.items[index] += 1
      state.total += 1
    }
  }
}

@MainActor
final class ReduceInPlaceSnippetTests: XCTestCase {
  // MigratingFromReactorKit: reduce
  func test_migrationGuide_feed_likesOnePostInPlace() async {
    let reactor = FeedReactor()

    reactor.send(.like(42))

    XCTAssertEqual(reactor.currentState.posts[42], FeedReactor.Post(id: 42, isLiked: true))
    XCTAssertEqual(reactor.currentState.posts.filter(\.isLiked).count, 1)
  }

  // ReactorDefinition.reduce(into:mutation:)
  func test_reduceInto_bumpsOneElementAndTheTotal() async {
    let reactor = BumpingReactor()

    reactor.send(.bump(99_999))
    reactor.send(.bump(99_999))

    XCTAssertEqual(reactor.currentState.items[99_999], 2)
    XCTAssertEqual(reactor.currentState.total, 2)
  }
}
