import ReactorFlow
import ReactorFlowTestSupport
import ReactorFlowTools
import XCTest

@MainActor
final class SharedValueTests: XCTestCase {
  func test_set_withTwoReactors_isReducedByBothBeforeItReturns() async {
    // given
    let cart = SharedValue(["tea"])
    let first = SharedCartReactor(cart: cart)
    let second = SharedCartReactor(cart: cart)
    XCTAssertEqual(first.currentState.items, ["tea"])
    XCTAssertEqual(second.currentState.items, ["tea"])

    // when
    cart.set(["milk"])

    // then
    XCTAssertEqual(cart.value, ["milk"])
    XCTAssertEqual(first.currentState.items, ["milk"])
    XCTAssertEqual(second.currentState.items, ["milk"])
  }

  func test_send_thatWritesTheValue_isSeenByItsReactorAndTheOthersBeforeSendReturns() async {
    // given
    let cart = SharedValue<[String]>([])
    let writer = SharedCartReactor(cart: cart)
    let reader = SharedCartReactor(cart: cart)
    _ = reader.currentState

    // when
    writer.send(.add("tea"))
    writer.send(.add("milk"))

    // then
    XCTAssertEqual(writer.currentState.items, ["tea", "milk"])
    XCTAssertEqual(reader.currentState.items, ["tea", "milk"])
  }

  func test_reactor_thatStartsAfterChanges_readsTheLatestValue() async {
    // given
    let cart = SharedValue<[String]>([])
    let reactor = SharedCartReactor(cart: cart)

    // when
    cart.set(["tea"])

    // then
    XCTAssertEqual(reactor.currentState.items, ["tea"])
    cart.set(["milk"])
    XCTAssertEqual(reactor.currentState.items, ["milk"])
  }

  func test_changeMadeWhileAnotherReactorReduces_reachesEveryReactorAfterTheFirst() async {
    // given: the first reactor's observer writes a second change while the first is delivered
    let cart = SharedValue<[String]>([])
    let first = SharedCartReactor(cart: cart)
    let second = SharedCartReactor(cart: cart)
    let third = SharedCartReactor(cart: cart)
    var seen: [String: [[String]]] = [:]
    var tokens: [ObservationToken] = []
    for (name, reactor) in [("first", first), ("second", second), ("third", third)] {
      tokens.append(reactor.observe { seen[name, default: []].append($0.items) })
    }
    tokens.append(
      first.observe(\.items) { items in
        if items == ["tea"] { cart.update { $0.append("milk") } }
      })

    // when
    cart.set(["tea"])

    // then: every reactor reduced the changes in the order they were made, once each
    for name in ["first", "second", "third"] {
      XCTAssertEqual(seen[name], [[], ["tea"], ["tea", "milk"]], name)
    }
    XCTAssertEqual(cart.value, ["tea", "milk"])
    withExtendedLifetime(tokens) {}
  }

  func test_changeMadeByAReducingReactorsObserver_isQueuedBehindItsCurrentWork() async {
    // given: the writer's own action triggers, from its observer, a second write
    let cart = SharedValue<[String]>([])
    let writer = SharedCartReactor(cart: cart)
    let reader = SharedCartReactor(cart: cart)
    var readerStates: [[String]] = []
    let readerToken = reader.observe { readerStates.append($0.items) }
    let writerToken = writer.observe(\.items) { items in
      if items == ["a"] { writer.send(.add("b")) }
    }

    // when
    writer.send(.add("a"))

    // then
    XCTAssertEqual(writer.currentState.items, ["a", "b"])
    XCTAssertEqual(readerStates, [[], ["a"], ["a", "b"]])
    withExtendedLifetime((readerToken, writerToken)) {}
  }

  func test_releasedReactor_isNotKeptAliveAndStopsReceiving() async {
    // given
    let cart = SharedValue<[String]>([])
    weak var released: SharedCartReactor?
    do {
      let reactor = SharedCartReactor(cart: cart)
      _ = reactor.currentState
      released = reactor
      XCTAssertEqual(cart.subscriberCount, 1)
    }

    // when
    cart.set(["tea"])

    // then
    XCTAssertNil(released)
    XCTAssertEqual(cart.subscriberCount, 0)
  }

  func test_valueAndReactor_formNoCycle_bothAreReleased() async {
    // given
    weak var weakCart: SharedValue<[String]>?
    weak var weakReactor: SharedCartReactor?
    do {
      let cart = SharedValue<[String]>([])
      let reactor = SharedCartReactor(cart: cart)
      reactor.send(.add("tea"))
      weakCart = cart
      weakReactor = reactor
    }

    // then
    XCTAssertNil(weakReactor)
    XCTAssertNil(weakCart)
  }

  func test_observe_untilCancelled_receivesEveryLaterChange() async {
    // given
    let cart = SharedValue<[String]>([])
    var seen: [[String]] = []
    let token = cart.observe { seen.append($0) }

    // when
    cart.set(["a"])
    cart.update { $0.append("b") }
    token.cancel()
    cart.set([])

    // then
    XCTAssertEqual(seen, [["a"], ["a", "b"]])
    XCTAssertEqual(cart.subscriberCount, 0)
  }

  func test_update_thatThrows_changesNothing() async {
    // given
    struct Refused: Error {}
    let cart = SharedValue(["tea"])
    let reactor = SharedCartReactor(cart: cart)
    _ = reactor.currentState

    // when
    XCTAssertThrowsError(
      try cart.update { items in
        items.append("milk")
        throw Refused()
      })

    // then
    XCTAssertEqual(cart.value, ["tea"])
    XCTAssertEqual(reactor.currentState.items, ["tea"])
  }

  func test_inspect_showsASharedChangeAsTheMutationOfAnEffect() async {
    // given
    let cart = SharedValue<[String]>([])
    let reactor = SharedCartReactor(cart: cart)
    _ = reactor.currentState
    var mutations: [(SharedCartReactor.Mutation, InspectedEffect?)] = []
    let token = reactor.inspect { event in
      if case .mutation(let mutation, let effect) = event { mutations.append((mutation, effect)) }
    }

    // when
    cart.set(["tea"])

    // then
    XCTAssertEqual(mutations.map(\.0), [.setItems(["tea"])])
    XCTAssertEqual(mutations.first?.1?.fileID.hasSuffix("SharedCartReactor.swift"), true)
    token.cancel()
  }

  func test_recording_ofSharedChanges_replaysIntoAFreshReactor() async throws {
    // given
    let cart = SharedValue<[String]>([])
    let reactor = SharedCartReactor(cart: cart)
    let recorder = reactor.recordSession(clock: ContinuousClock())

    // when
    cart.set(["tea"])
    cart.set(["tea", "milk"])
    recorder.stop()

    // then
    XCTAssertEqual(recorder.recording.steps.count, 2)
    let replayed = SharedCartReactor(cart: SharedValue([]))
    try replayed.replay(recorder.recording)
    XCTAssertEqual(replayed.currentState.items, ["tea", "milk"])
  }

  func test_change_isDeliveredToReactorsInTheOrderTheySubscribed() async {
    // given
    let cart = SharedValue<[String]>([])
    let reactors = ["first", "second", "third"].map { ReceivingReactor(cart: cart, name: $0) }
    var order: [String] = []
    let tokens = reactors.map { reactor in
      reactor.observe(\.received) { received in
        if !received.isEmpty { order.append(reactor.name) }
      }
    }

    // when
    cart.set(["tea"])

    // then
    XCTAssertEqual(order, ["first", "second", "third"])
    withExtendedLifetime(tokens) {}
  }

  func test_reactorStartedDuringADelivery_doesNotReceiveTheChangeItReadAtItsStart() async {
    // given: while the first change is delivered, an observer makes a second one and starts a
    // reactor, which reads the second as its initial state
    let cart = SharedValue<[String]>([])
    let first = ReceivingReactor(cart: cart, name: "first")
    let late = ReceivingReactor(cart: cart, name: "late")
    let token = first.observe(\.received) { received in
      guard received == [["tea"]] else { return }
      cart.update { $0.append("milk") }
      _ = late.currentState
    }

    // when
    cart.set(["tea"])

    // then
    XCTAssertEqual(late.currentState.start, ["tea", "milk"])
    XCTAssertEqual(late.currentState.received, [])
    XCTAssertEqual(first.currentState.received, [["tea"], ["tea", "milk"]])
    cart.set(["bread"])
    XCTAssertEqual(late.currentState.received, [["bread"]])
    withExtendedLifetime(token) {}
  }
}

/// A reactor that keeps every value of a shared cart it receives, in its state, so that a value
/// received twice shows.
@MainActor
private final class ReceivingReactor: Reactor {
  typealias Action = Never
  enum Mutation: Sendable { case received([String]) }
  struct State: Equatable, Sendable {
    var start: [String]
    var received: [[String]] = []
  }

  let runtime = Runtime()
  let cart: SharedValue<[String]>
  let name: String

  init(cart: SharedValue<[String]>, name: String) {
    self.cart = cart
    self.name = name
  }

  var initialState: State { State(start: cart.value) }

  func mutate(action: Never) -> Effect<Mutation> {}

  func externalMutations() -> Effect<Mutation> {
    cart.changes { .received($0) }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    switch mutation {
    case .received(let items):
      var state = state
      state.received.append(items)
      return state
    }
  }
}
