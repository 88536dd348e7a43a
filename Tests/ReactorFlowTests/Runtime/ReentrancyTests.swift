import ReactorFlow
import ReactorFlowTestSupport
import XCTest

@MainActor
private final class ChainReactor: Reactor {
  enum Action: Sendable, Equatable { case first, second, third, fromObserver, fromConsumer }
  struct State: Equatable, Sendable { var processed: [Action] = [] }

  let initialState = State()
  let runtime = Runtime()
  /// How deep `mutate` calls are nested: more than 1 if an action sent from `mutate` were
  /// processed re-entrantly.
  var depth = 0
  var maximumDepth = 0

  func mutate(action: Action) -> Effect<Action> {
    depth += 1
    maximumDepth = max(maximumDepth, depth)
    defer { depth -= 1 }
    if action == .first {
      // Sent while `.first` is being processed: queued, not run re-entrantly.
      send(.second)
      send(.third)
    }
    return .send(action)
  }

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    state.processed.append(mutation)
    return state
  }
}

@MainActor
final class ReentrancyTests: XCTestCase {
  func test_send_fromMutate_isQueuedAndProcessedAfterInFIFOOrder() async {
    // given
    let reactor = ChainReactor()

    // when
    reactor.send(.first)

    // then
    XCTAssertEqual(reactor.currentState.processed, [.first, .second, .third])
    XCTAssertEqual(reactor.maximumDepth, 1)
  }

  func test_send_fromObserver_isQueuedAndProcessedAfterCurrentAction() async {
    // given
    let reactor = ChainReactor()
    var observed: [[ChainReactor.Action]] = []
    let token = reactor.observe(\.processed) { processed in
      observed.append(processed)
      if processed.last == .second { reactor.send(.fromObserver) }
    }

    // when
    reactor.send(.first)

    // then
    XCTAssertEqual(reactor.currentState.processed, [.first, .second, .third, .fromObserver])
    XCTAssertEqual(observed.map(\.count), [0, 1, 2, 3, 4])
    XCTAssertEqual(reactor.maximumDepth, 1)
    token.cancel()
  }

  func test_send_fromStateConsumer_isProcessedAndNothingIsLost() async {
    // given
    let reactor = ChainReactor()
    let consumer = Task { @MainActor in
      for await state in reactor.state where state.processed.last == .third {
        reactor.send(.fromConsumer)
        return
      }
    }

    // when
    reactor.send(.first)
    await bounded("the state consumer sees .third") { await consumer.value }

    // then
    XCTAssertEqual(reactor.currentState.processed, [.first, .second, .third, .fromConsumer])
  }

  func test_send_fromObserver_returnsHandleThatWaitsForTheQueuedActionsEffects() async {
    // given: an observer that sends `.queued` once `.start` is reduced
    let reactor = QueuedEffectReactor()
    var queued: ReactorTask?
    let token = reactor.observe(\.log) { log in
      if log == ["start"] { queued = reactor.send(.queued) }
    }

    // when
    let startTask = reactor.send(.start)

    // then
    XCTAssertEqual(reactor.currentState.log, ["start", "queued"])
    XCTAssertFalse(startTask.hasEffects)
    let queuedTask = queued
    await bounded("the queued action's effects end") { await queuedTask?.finish() }
    XCTAssertEqual(reactor.currentState.log, ["start", "queued", "queued effect"])
    token.cancel()
  }

  func test_send_fromObserverWithTheHandleCancelledAtOnce_doesNotRunTheQueuedActionsEffects() async {
    // given: an observer that sends `.queued` once `.start` is reduced, and cancels its handle
    // before the queue is drained
    let reactor = QueuedEffectReactor()
    var queued: ReactorTask?
    let token = reactor.observe(\.log) { log in
      guard log == ["start"] else { return }
      queued = reactor.send(.queued)
      queued?.cancel()
    }

    // when
    reactor.send(.start)
    let queuedTask = queued
    await bounded("the queued action's effects end") { await queuedTask?.finish() }

    // then
    XCTAssertEqual(queuedTask?.isCancelled, true)
    XCTAssertEqual(reactor.currentState.log, ["start", "queued"])
    XCTAssertEqual(reactor.runtime.activeEffectCount, 0)
    token.cancel()
  }
}

/// `.start` logs at once; `.queued` logs at once, then from an effect.
@MainActor
private final class QueuedEffectReactor: Reactor {
  enum Action: Sendable { case start, queued }
  enum Mutation: Sendable { case log(String) }
  struct State: Equatable, Sendable { var log: [String] = [] }

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .start:
      return .send(.log("start"))
    case .queued:
      return .run { send in await send(.log("queued effect")) }.prepend(.log("queued"))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    guard case .log(let entry) = mutation else { return state }
    state.log.append(entry)
    return state
  }
}
