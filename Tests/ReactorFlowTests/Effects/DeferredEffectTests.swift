import ReactorFlow
import ReactorFlowTestSupport
import ReactorFlowTesting
import XCTest

/// ReactorKit's `Observable.create { self.currentState ... }` chain, with deferred pieces.
@MainActor
private final class DeferredChainReactor: Reactor {
  enum Action: Sendable { case addThenDouble(Int), asyncThenDouble(Int) }
  enum Mutation: Sendable, Equatable { case add(Int), set(Int) }
  struct State: Equatable, Sendable { var total = 0 }

  let initialState = State(total: 1)
  let runtime = Runtime()

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .addThenDouble(let value):
      return .concatenate(
        .send(.add(value)),
        .deferred(reading: self) { state in .send(.set(state.total * 2)) },
        .deferred(reading: self) { state in .send(.set(state.total + 1)) }
      )
    case .asyncThenDouble(let value):
      return .concatenate(
        .run { send in await send(.add(value)) },
        .deferred(reading: self) { state in .send(.set(state.total * 2)) }
      )
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    switch mutation {
    case .add(let value): State(total: state.total + value)
    case .set(let value): State(total: value)
    }
  }
}

@MainActor
final class DeferredEffectTests: XCTestCase {
  func test_deferred_inConcatenation_seesThePreviousPieceReduced_synchronously() async {
    // given
    let reactor = DeferredChainReactor()

    // when
    let task = reactor.send(.addThenDouble(2))

    // then: (1 + 2) * 2 + 1, before send returned, with no task started
    XCTAssertEqual(reactor.currentState.total, 7)
    XCTAssertFalse(task.hasEffects)
  }

  func test_deferred_afterAnAsynchronousPiece_seesItsMutation() async {
    // given
    let reactor = DeferredChainReactor()

    // when
    await bounded("reactor.send(.asyncThenDouble(4)) finishes") {
      await reactor.send(.asyncThenDouble(4)).finish()
    }

    // then
    XCTAssertEqual(reactor.currentState.total, 10)
  }

  func test_deferred_effectHeldAfterwards_doesNotKeepTheReactorAlive() async throws {
    // given
    var reactor: DeferredChainReactor? = DeferredChainReactor()
    weak let weakReactor = reactor
    let effect = try XCTUnwrap(reactor?.mutate(action: .addThenDouble(1)))

    // when
    reactor = nil

    // then
    XCTAssertNil(weakReactor)
    _ = effect
  }
}
