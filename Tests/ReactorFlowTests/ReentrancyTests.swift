import ReactorFlow
import ReactorFlowTestSupport
import XCTest

@MainActor
private final class ChainReactor: Reactor {
  enum Action: Sendable, Equatable { case first, second, third, fromObserver, fromConsumer }
  struct State: Equatable, Sendable { var processed: [Action] = [] }

  let initialState = State()
  let runtime = Runtime()
  var depth = 0
  var maximumDepth = 0

  func reduce(state: State, mutation: Action) -> State {
    depth += 1
    maximumDepth = max(maximumDepth, depth)
    defer { depth -= 1 }
    if mutation == .first {
      // Sent from inside reduce: queued, not run re-entrantly.
      send(.second)
      send(.third)
    }
    var state = state
    state.processed.append(mutation)
    return state
  }
}

@MainActor
final class ReentrancyTests: XCTestCase {
  func test_send_fromReduce_isQueuedAndProcessedAfterInFIFOOrder() async {
    let reactor = ChainReactor()

    reactor.send(.first)

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

  func test_send_fromReduce_returnsHandleThatWaitsForTheQueuedActionsEffects() async {
    let reactor = QueuedEffectReactor()

    let startTask = reactor.send(.start)
    XCTAssertEqual(reactor.currentState.log, ["start", "queued"])
    XCTAssertFalse(startTask.hasEffects)
    let queued = reactor.queuedTask
    await bounded("the queued action's effects end") { await queued?.finish() }

    XCTAssertEqual(reactor.currentState.log, ["start", "queued", "queued effect"])
  }
}

@MainActor
private final class QueuedEffectReactor: Reactor {
  enum Action: Sendable { case start, queued }
  enum Mutation: Sendable { case log(String) }
  struct State: Equatable, Sendable { var log: [String] = [] }

  let initialState = State()
  let runtime = Runtime()
  var queuedTask: ReactorTask?

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
    if entry == "start" { queuedTask = send(.queued) }
    state.log.append(entry)
    return state
  }
}
