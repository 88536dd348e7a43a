import ReactorFlow
import ReactorFlowTestSupport
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
    var mutations: [(SharedCartReactor.Mutation, EffectInfo?)] = []
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
}
