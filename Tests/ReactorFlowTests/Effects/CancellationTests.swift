import ReactorFlow
import ReactorFlowTestSupport
import XCTest

@MainActor
private final class GatedSearchReactor: Reactor {
  enum Action: Sendable { case search(String), startLong, stopLong }
  enum Mutation: Sendable, Equatable { case started(String), result(String), longStarted, longEnded }
  struct State: Equatable, Sendable {
    var started: [String] = []
    var results: [String] = []
    var isLongRunning = false
    var longEnded = false
  }

  let initialState = State()
  let runtime = Runtime()
  let gate: Gate<Void>
  let cancelled: Gate<String>

  init(gate: Gate<Void>, cancelled: Gate<String>) {
    self.gate = gate
    self.cancelled = cancelled
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .search(let query):
      return .run { [gate, cancelled] send in
        do {
          try await gate.wait()
        } catch {
          cancelled.open(query)
          throw error
        }
        await send(.result(query))
      }
      .prepend(.started(query))
      .cancellable(id: "search", cancelInFlight: true)
    case .startLong:
      return .run { [cancelled] send in
        await send(.longStarted)
        do {
          try await suspendUntilCancelled()
        } catch {
          cancelled.open("long")
          throw error
        }
        await send(.longEnded)
      }
      .cancellable(id: LongID())
    case .stopLong:
      return .cancel(id: LongID())
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .started(let query): state.started.append(query)
    case .result(let query): state.results.append(query)
    case .longStarted: state.isLongRunning = true
    case .longEnded: state.longEnded = true
    }
    return state
  }

  private struct LongID: Hashable, Sendable {}
}

/// An effect that does not notice its cancellation: it sends, waits at a gate that ignores
/// cancellation, and sends again.
@MainActor
private final class HeedlessEffectReactor: Reactor {
  enum Action: Sendable { case start, cancel }
  enum Mutation: Sendable, Equatable { case log(String) }
  struct State: Equatable, Sendable { var log: [String] = [] }

  let initialState = State()
  let runtime = Runtime()
  let gate = Gate<Void>()

  private struct RunningID: Hashable, Sendable {}

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .start:
      return .run { [gate] send in
        await send(.log("before"))
        await gate.waitIgnoringCancellation()
        await send(.log("after cancellation"))
      }
      .cancellable(id: RunningID())
    case .cancel:
      return .cancel(id: RunningID())
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    if case .log(let entry) = mutation { state.log.append(entry) }
    return state
  }
}

/// Its effect sends two mutations in one piece, after a task: `.send(.first, .second)` reached
/// inside a running effect, where each is delivered on its own.
@MainActor
private final class TwoStepReactor: Reactor {
  enum Action: Sendable { case start, stop }
  enum Mutation: Sendable, Equatable { case first, second }
  struct State: Equatable, Sendable { var received: [Mutation] = [] }

  let initialState = State()
  let runtime = Runtime()

  private struct RunningID: Hashable, Sendable {}

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .start:
      return .concatenate(.run { _ in }, .send(.first, .second)).cancellable(id: RunningID())
    case .stop:
      return .cancel(id: RunningID())
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    state.received.append(mutation)
    return state
  }
}

/// Its effect is registered under two identifiers, "outer" and "inner"; a second effect, under
/// "inner" alone, shares one of them, and so does a third that ends by itself.
@MainActor
private final class TwoIDsReactor: Reactor {
  enum Action: Sendable { case startBoth, startInner, startShort, cancel(String) }
  enum Mutation: Sendable, Equatable { case started(String) }
  struct State: Equatable, Sendable { var started: [String] = [] }

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .startBoth:
      return .run { send in
        await send(.started("both"))
        try await suspendUntilCancelled()
      }
      .cancellable(id: "inner").cancellable(id: "outer")
    case .startInner:
      return .run { send in
        await send(.started("inner"))
        try await suspendUntilCancelled()
      }
      .cancellable(id: "inner")
    case .startShort:
      return .run { send in await send(.started("short")) }.cancellable(id: "inner")
    case .cancel(let id):
      return .cancel(id: id)
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    if case .started(let name) = mutation { state.started.append(name) }
    return state
  }
}

@MainActor
final class CancellationTests: XCTestCase {
  func test_cancelInFlight_newEffectWithSameID_cancelsTheRunningOne() async {
    // given
    let gate = Gate<Void>()
    let cancelled = Gate<String>()
    let reactor = GatedSearchReactor(gate: gate, cancelled: cancelled)
    let first = reactor.send(.search("s"))
    await gate.nextArrival("the first search waits at the gate", in: self)

    // when
    let second = reactor.send(.search("sw"))
    let cancelledQuery = await cancelled.opened("the first search is cancelled", in: self)
    gate.open()
    await bounded("the first search ends") { await first.finish() }
    await bounded("the second search ends") { await second.finish() }

    // then
    XCTAssertEqual(cancelledQuery, "s")
    XCTAssertEqual(reactor.currentState.started, ["s", "sw"])
    XCTAssertEqual(reactor.currentState.results, ["sw"])
  }

  func test_cancelEffect_byID_stopsTheRunningEffect() async {
    // given
    let cancelled = Gate<String>()
    let reactor = GatedSearchReactor(gate: Gate<Void>(), cancelled: cancelled)
    let long = reactor.send(.startLong)
    await bounded("the long effect runs") {
      for await running in reactor.values(of: \.isLongRunning) where running { break }
    }

    // when
    reactor.send(.stopLong)
    await bounded("the cancelled long effect ends") { await long.finish() }

    // then
    let cancelledName = await cancelled.opened("the long effect sees its cancellation", in: self)
    XCTAssertEqual(cancelledName, "long")
    XCTAssertFalse(reactor.currentState.longEnded)
    XCTAssertEqual(reactor.runtime.activeEffectCount, 0)
  }

  func test_reactorTask_cancel_cancelsTheActionsEffects() async {
    let cancelled = Gate<String>()
    let gate = Gate<Void>()
    let reactor = GatedSearchReactor(gate: gate, cancelled: cancelled)
    let task = reactor.send(.search("q"))
    await gate.nextArrival("the search waits at the gate", in: self)

    task.cancel()
    await bounded("the cancelled search ends") { await task.finish() }

    let cancelledQuery = await cancelled.opened("the search sees its cancellation", in: self)
    XCTAssertEqual(cancelledQuery, "q")
    XCTAssertTrue(task.isCancelled)
    XCTAssertEqual(reactor.currentState.results, [])
  }

  func test_reactorTask_finish_waitsForEveryEffectOfTheAction() async {
    let gate = Gate<Void>()
    let reactor = GatedSearchReactor(gate: gate, cancelled: Gate())
    let task = reactor.send(.search("q"))
    XCTAssertEqual(reactor.currentState.results, [])

    gate.open()
    await bounded("the search ends") { await task.finish() }

    XCTAssertEqual(reactor.currentState.results, ["q"])
    XCTAssertEqual(reactor.runtime.activeEffectCount, 0)
  }

  func test_cancelEffect_effectThatSendsAfterItsCancellation_hasThoseOutputsDropped() async {
    // given: an effect that goes on after its cancellation without noticing it
    let reactor = HeedlessEffectReactor()
    let task = reactor.send(.start)
    await reactor.gate.nextArrival("the effect waits at the gate", in: self)

    // when
    reactor.send(.cancel)
    reactor.gate.open()
    await bounded("the cancelled effect ends") { await task.finish() }

    // then
    XCTAssertEqual(reactor.currentState.log, ["before"])
    XCTAssertEqual(reactor.runtime.activeEffectCount, 0)
  }

  func test_cancelEffect_betweenTwoMutationsSentTogether_dropsTheSecond() async {
    // given: an observer that stops the effect as soon as it sees the first mutation
    let reactor = TwoStepReactor()
    let token = reactor.observe(\.received) { received in
      if received == [.first] { reactor.send(.stop) }
    }

    // when
    let task = reactor.send(.start)
    await bounded("the cancelled effect ends") { await task.finish() }

    // then: the second mutation was sent after the cancellation, so it is dropped
    XCTAssertEqual(reactor.currentState.received, [.first])
    XCTAssertEqual(reactor.runtime.activeEffectCount, 0)
    token.cancel()
  }

  func test_cancelEffect_underOneOfItsTwoIDs_endsItAndLeavesTheOtherIDsEffects() async {
    // given: one effect under "outer" and "inner", another under "inner" alone
    let reactor = TwoIDsReactor()
    let both = reactor.send(.startBoth)
    let inner = reactor.send(.startInner)
    await bounded("both effects run") {
      for await started in reactor.values(of: \.started) where started.count == 2 { break }
    }

    // when
    reactor.send(.cancel("outer"))
    await bounded("the effect cancelled by its outer id ends") { await both.finish() }

    // then: the other effect still runs, and "outer" names nothing any more
    XCTAssertEqual(reactor.runtime.activeEffectCount, 1)
    reactor.send(.cancel("outer"))
    XCTAssertEqual(reactor.runtime.activeEffectCount, 1)
    reactor.send(.cancel("inner"))
    await bounded("the effect cancelled by its inner id ends") { await inner.finish() }
    XCTAssertEqual(reactor.runtime.activeEffectCount, 0)
  }

  func test_cancelEffect_byTheIDItSharesWithAnother_endsBoth() async {
    // given
    let reactor = TwoIDsReactor()
    let both = reactor.send(.startBoth)
    let inner = reactor.send(.startInner)
    await bounded("both effects run") {
      for await started in reactor.values(of: \.started) where started.count == 2 { break }
    }

    // when
    reactor.send(.cancel("inner"))
    await bounded("both effects end") {
      await both.finish()
      await inner.finish()
    }

    // then
    XCTAssertEqual(reactor.runtime.activeEffectCount, 0)
    reactor.send(.cancel("outer"))
    XCTAssertEqual(reactor.runtime.activeEffectCount, 0)
  }

  func test_cancelEffect_afterAnotherEffectUnderTheSameIDEndedByItself_endsTheOneStillRunning() async {
    // given: two effects under "inner", the second of which ends by itself
    let reactor = TwoIDsReactor()
    let inner = reactor.send(.startInner)
    await bounded("the first effect runs") {
      for await started in reactor.values(of: \.started) where started == ["inner"] { break }
    }
    await bounded("the short effect ends") { await reactor.send(.startShort).finish() }
    XCTAssertEqual(reactor.currentState.started, ["inner", "short"])
    XCTAssertEqual(reactor.runtime.activeEffectCount, 1)

    // when
    reactor.send(.cancel("inner"))

    // then
    await bounded("the effect still running ends") { await inner.finish() }
    XCTAssertEqual(reactor.runtime.activeEffectCount, 0)
  }
}
