import ReactorFlow
import ReactorFlowTestSupport
import ReactorFlowTesting
import XCTest

@MainActor
private final class LongLivedReactor: Reactor {
  enum Action: Sendable { case startForever, increment }
  enum Mutation: Sendable { case increment }
  struct State: Equatable, Sendable { var count = 0 }

  let initialState = State()
  let runtime = Runtime()
  let effectCancelled: Gate<Void>
  let externalCancelled: Gate<Void>

  init(effectCancelled: Gate<Void>, externalCancelled: Gate<Void>) {
    self.effectCancelled = effectCancelled
    self.externalCancelled = externalCancelled
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .increment:
      return .send(.increment)
    case .startForever:
      return .run { [effectCancelled] send in
        await send(.increment)
        do {
          try await suspendUntilCancelled()
        } catch {
          effectCancelled.open()
        }
      }
    }
  }

  func externalMutations() -> Effect<Mutation> {
    .run { [externalCancelled] _ in
      do {
        try await suspendUntilCancelled()
      } catch {
        externalCancelled.open()
      }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    State(count: state.count + 1)
  }
}

private final class Marker {}

@MainActor
final class LifetimeTests: XCTestCase {
  func test_releasingReactor_cancelsEffectsAndFreesEverything() async {
    // given
    let effectCancelled = Gate<Void>()
    let externalCancelled = Gate<Void>()
    var reactor: LongLivedReactor? = LongLivedReactor(
      effectCancelled: effectCancelled, externalCancelled: externalCancelled)
    weak let weakReactor = reactor
    weak let weakRuntime = reactor?.runtime
    var marker: Marker? = Marker()
    weak let weakMarker = marker
    let token = reactor?.observe { [marker] _ in _ = marker }
    marker = nil
    let stream = reactor?.state
    let consumer = Task {
      var count = 0
      if let stream { for await _ in stream { count += 1 } }
      return count
    }
    reactor?.send(.startForever)
    if let reactor { await fulfillment(of: [expectation(reactor, \.count, equals: 1)], timeout: 5) }

    // when
    reactor = nil

    // then
    XCTAssertNil(weakReactor, "effects, observers and consumers must not keep a reactor alive")
    XCTAssertNil(weakRuntime)
    XCTAssertNil(weakMarker, "the observer's closure must be released with the runtime")
    await effectCancelled.opened("the released reactor's effect is cancelled", in: self)
    await externalCancelled.opened("the released reactor's external stream is cancelled", in: self)
    let consumed = await bounded("the state stream ends with the reactor") { await consumer.value }
    XCTAssertGreaterThanOrEqual(consumed ?? 0, 1, "the state stream ends when the reactor goes away")
    XCTAssertEqual(token?.isCancelled, false)
  }

  func test_effectFinishingEarly_doesNotEndTheReactor() async {
    let reactor = LongLivedReactor(effectCancelled: Gate(), externalCancelled: Gate())
    let stream = reactor.values(of: \.count)

    let first = reactor.send(.increment)
    await bounded("the first increment's effect ends") { await first.finish() }
    reactor.send(.increment)

    let seen = await bounded("the state stream replays 0 and delivers 1 and 2") {
      var seen: [Int] = []
      for await count in stream {
        seen.append(count)
        if count == 2 { break }
      }
      return seen
    }
    XCTAssertEqual(seen, [0, 1, 2])
  }
}
