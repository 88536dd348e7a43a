import ReactorFlow
import ReactorFlowTestSupport
import XCTest

/// Its effect makes numbers, an `Effect<Int>`, that `map(_:)` turns into its mutations.
@MainActor
private final class MappedRunReactor: Reactor {
  enum Action: Sendable { case load }
  enum Mutation: Sendable, Equatable { case log(String) }
  struct State: Equatable, Sendable { var log: [String] = [] }

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Effect<Mutation> {
    Effect<Int>.run { send in
      await send(1)
      await send(2)
    }
    .map { Mutation.log("mapped \($0)") }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    if case .log(let entry) = mutation { state.log.append(entry) }
    return state
  }
}

@MainActor
final class EffectMapTests: XCTestCase {
  func test_map_ofARunEffect_deliversEveryOutputMapped() async {
    // given
    let reactor = MappedRunReactor()

    // when
    let task = reactor.send(.load)
    await bounded("the mapped effect ends") { await task.finish() }

    // then
    XCTAssertEqual(reactor.currentState.log, ["mapped 1", "mapped 2"])
  }
}
