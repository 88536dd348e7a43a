import ReactorFlow
import ReactorFlowTestSupport
import XCTest

private struct Failure: Error, Equatable { let code: Int }

@MainActor
private final class FailingReactor: Reactor {
  enum Action: Sendable { case fail, failCaught, failMapped, increment }
  enum Mutation: Sendable { case increment, setError(String) }
  struct State: Equatable, Sendable { var count = 0; var error: String? }

  let initialState = State()
  let runtime = Runtime()
  let mapsErrors: Bool

  init(mapsErrors: Bool = false) { self.mapsErrors = mapsErrors }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .increment:
      return .send(.increment)
    case .fail:
      return .run { _ in throw Failure(code: 1) }
    case .failCaught:
      return .run { _ in
        throw Failure(code: 2)
      } catch: { error, send in
        await send(.setError("caught \(error)"))
      }
    case .failMapped:
      return Effect.run { _ in throw Failure(code: 3) }.catch { _ in .send(.setError("mapped")) }
    }
  }

  func recover(from error: any Error) -> Mutation? {
    guard mapsErrors else {
      runtime.reportUnhandledError(error)
      return nil
    }
    return .setError("recovered \(error)")
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .increment: state.count += 1
    case .setError(let message): state.error = message
    }
    return state
  }
}

@MainActor
final class ErrorTests: XCTestCase {
  func test_effectError_byDefault_isReportedAndLaterActionsStillWork() async {
    // given
    let reactor = FailingReactor()
    var reported: [Failure] = []
    reactor.runtime.onUnhandledError = { reported.append($0 as? Failure ?? Failure(code: -1)) }

    // when
    await bounded("reactor.send(.fail) finishes") { await reactor.send(.fail).finish() }
    reactor.send(.increment)

    // then
    XCTAssertEqual(reported, [Failure(code: 1)])
    XCTAssertEqual(reactor.currentState.count, 1)
  }

  func test_effectError_withRecover_isMappedToAMutation() async {
    let reactor = FailingReactor(mapsErrors: true)

    await bounded("reactor.send(.fail) finishes") { await reactor.send(.fail).finish() }

    XCTAssertEqual(reactor.currentState.error, "recovered Failure(code: 1)")
  }

  func test_effectError_withCatchHandler_sendsTheHandlersMutation() async {
    let reactor = FailingReactor()
    reactor.runtime.onUnhandledError = { XCTFail("unexpected unhandled error \($0)") }

    await bounded("reactor.send(.failCaught) finishes") { await reactor.send(.failCaught).finish() }

    XCTAssertEqual(reactor.currentState.error, "caught Failure(code: 2)")
  }

  func test_effectError_withCatchCombinator_runsTheReplacementEffect() async {
    let reactor = FailingReactor()
    reactor.runtime.onUnhandledError = { XCTFail("unexpected unhandled error \($0)") }

    await bounded("reactor.send(.failMapped) finishes") { await reactor.send(.failMapped).finish() }

    XCTAssertEqual(reactor.currentState.error, "mapped")
  }

  func test_effectError_inOneMergedEffect_endsThatEffectOnly() async {
    let reactor = MergeReactor()
    var reported = 0
    reactor.runtime.onUnhandledError = { _ in reported += 1 }

    await bounded("reactor.send(.go) finishes") { await reactor.send(.go).finish() }

    XCTAssertEqual(reactor.currentState.count, 2)
    XCTAssertEqual(reported, 1)
  }

  func test_effectError_inAMergeReachedInsideARunningTask_endsThatEffectOnly() async {
    // given
    let reactor = ConcatenatedMergeReactor()
    var errors = 0
    reactor.runtime.onUnhandledError = { _ in errors += 1 }

    // when
    let task = reactor.send(.go)
    await reactor.gate.nextArrival("the sibling waits at the gate", in: self)
    await bounded("the first effect's output arrives") {
      for await log in reactor.values(of: \.log) where log.contains("first") { break }
    }
    reactor.gate.open()
    await bounded("the merge ends") { await task.finish() }

    // then
    XCTAssertEqual(reactor.currentState.log, ["first", "sibling"])
    XCTAssertEqual(errors, 1)
  }
}

@MainActor
private final class MergeReactor: Reactor {
  enum Action: Sendable { case go }
  enum Mutation: Sendable { case increment }
  struct State: Equatable, Sendable { var count = 0 }

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Effect<Mutation> {
    .merge(
      .run { send in await send(.increment) },
      .run { _ in throw Failure(code: 9) },
      .run { send in await send(.increment) }
    )
  }

  func reduce(state: State, mutation: Mutation) -> State {
    State(count: state.count + 1)
  }
}

/// A merge reached inside a running task: after the first effect of a concatenation. One of the
/// merged effects fails; its sibling waits at a gate, then sends.
@MainActor
private final class ConcatenatedMergeReactor: Reactor {
  enum Action: Sendable { case go }
  enum Mutation: Sendable { case log(String) }
  struct State: Equatable, Sendable { var log: [String] = [] }

  let initialState = State()
  let runtime = Runtime()
  let gate = Gate<Void>()

  func mutate(action: Action) -> Effect<Mutation> {
    .concatenate(
      .run { send in await send(.log("first")) },
      .merge(
        .run { _ in throw Failure(code: 10) },
        .run { [gate] send in
          await gate.waitIgnoringCancellation()
          await send(.log("sibling"))
        }
      )
    )
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    if case .log(let entry) = mutation { state.log.append(entry) }
    return state
  }
}
