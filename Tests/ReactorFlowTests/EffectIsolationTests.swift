import Foundation
import ReactorFlow
import ReactorFlowTestSupport
import XCTest

/// Where the parts of a `.run` effect run: its body on the reactor's actor, what it awaits where
/// that says.
@MainActor
private final class WhereReactor: Reactor {
  enum Action: Sendable { case probe }
  enum Mutation: Sendable { case record(bodyOnMain: Bool, serviceOnMain: Bool) }
  struct State: Equatable, Sendable {
    var bodyOnMain: Bool?
    var serviceOnMain: Bool?
  }

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Effect<Mutation> {
    .run { send in
      let bodyOnMain = Thread.isMainThread
      MainActor.assertIsolated("a .run body runs on the reactor's actor")
      let serviceOnMain = await concurrentService()
      await send(.record(bodyOnMain: bodyOnMain, serviceOnMain: serviceOnMain))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    guard case .record(let bodyOnMain, let serviceOnMain) = mutation else { return state }
    return State(bodyOnMain: bodyOnMain, serviceOnMain: serviceOnMain)
  }
}

/// A service call of the usual kind: `nonisolated` and `async`, so it runs on the global executor.
@concurrent
private func concurrentService() async -> Bool {
  Thread.isMainThread
}

@MainActor
final class EffectIsolationTests: XCTestCase {
  func test_runBody_runsOnTheMainActor_andItsServiceCallsOffIt() async {
    // given
    let reactor = WhereReactor()

    // when
    await bounded("reactor.send(.probe) finishes") { await reactor.send(.probe).finish() }

    // then
    XCTAssertEqual(reactor.currentState, .init(bodyOnMain: true, serviceOnMain: false))
  }
}
