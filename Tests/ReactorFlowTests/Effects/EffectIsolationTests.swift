import Foundation
import ReactorFlow
import ReactorFlowTestSupport
import ReactorFlowTesting
import XCTest

/// Where the bodies of asynchronous effects run: off the main actor, in every form a closure can
/// be written in, in production and under the testing module's watched executor. Each form
/// records `Thread.isMainThread` (on Linux and Apple systems the main actor runs on the main
/// thread) and sends it; a body that ran on the main actor fails its test.
@MainActor
private final class WhereReactor: Reactor {
  enum Form: CaseIterable, Sendable {
    case plain, captureList, weakSelf, explicitTypes, concurrentFunction, nonisolatedFunction
    case reading, catchHandler, task, sequence, mapped, delayed
  }

  enum Action: Sendable { case probe(Form) }
  enum Mutation: Equatable, Sendable { case ran(Form, onMain: Bool) }
  struct State: Equatable, Sendable { var onMain: [Form: Bool] = [:] }

  struct Failure: Error {}

  let initialState = State()
  let runtime = Runtime()
  let label = "where"
  let clock: any Clock<Duration>

  init(clock: any Clock<Duration> = ContinuousClock()) {
    self.clock = clock
  }

  func mutate(action: Action) -> Effect<Mutation> {
    guard case .probe(let form) = action else { return .none }
    switch form {
    case .plain:
      return .run { send in await send(.ran(.plain, onMain: Thread.isMainThread)) }
    case .captureList:
      // The form that the compiler moved off the main actor (swiftlang/swift#87097) while the
      // plain one stayed on it, when bodies were `nonisolated(nonsending)`.
      return .run { [label] send in
        _ = label
        await send(.ran(.captureList, onMain: Thread.isMainThread))
      }
    case .weakSelf:
      return .run { [weak self] send in
        let onMain = Thread.isMainThread
        guard self != nil else { return }
        await send(.ran(.weakSelf, onMain: onMain))
      }
    case .explicitTypes:
      return .run { (send: Send<Mutation>) async throws -> Void in
        await send(.ran(.explicitTypes, onMain: Thread.isMainThread))
      }
    case .concurrentFunction:
      return .run(operation: Self.concurrentBody)
    case .nonisolatedFunction:
      return .run(operation: nonisolatedBody)
    case .reading:
      return .run(reading: self) { state, send in
        let onMain = Thread.isMainThread
        _ = try await state.current
        await send(.ran(.reading, onMain: onMain))
      }
    case .catchHandler:
      return .run { _ in
        throw Failure()
      } catch: { _, send in
        await send(.ran(.catchHandler, onMain: Thread.isMainThread))
      }
    case .task:
      return .task { .ran(.task, onMain: Thread.isMainThread) }
    case .sequence:
      return .sequence(OnMainSequence())
    case .mapped:
      let inner: Effect<Bool> = .run { send in await send(Thread.isMainThread) }
      return inner.map { .ran(.mapped, onMain: $0) }
    case .delayed:
      return .run { send in await send(.ran(.delayed, onMain: Thread.isMainThread)) }
        .delay(for: .seconds(1), clock: clock)
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    guard case .ran(let form, let onMain) = mutation else { return state }
    state.onMain[form] = onMain
    return state
  }

  @concurrent
  private static func concurrentBody(_ send: Send<Mutation>) async throws {
    await send(.ran(.concurrentFunction, onMain: Thread.isMainThread))
  }
}

/// A plain `nonisolated async` function of the kind a service exposes.
private func nonisolatedBody(_ send: Send<WhereReactor.Mutation>) async throws {
  await send(.ran(.nonisolatedFunction, onMain: Thread.isMainThread))
}

/// One element, made where the sequence is iterated.
private struct OnMainSequence: AsyncSequence, Sendable {
  typealias Element = WhereReactor.Mutation

  struct AsyncIterator: AsyncIteratorProtocol {
    var done = false
    mutating func next() async -> WhereReactor.Mutation? {
      defer { done = true }
      return done ? nil : .ran(.sequence, onMain: Thread.isMainThread)
    }
  }

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator() }
}

@MainActor
final class EffectIsolationTests: XCTestCase {
  func test_everyBodyForm_inProduction_runsOffTheMainActor() async {
    for form in WhereReactor.Form.allCases where form != .delayed {
      // given
      let reactor = WhereReactor()

      // when
      await bounded("reactor.send(.probe(\(form))) finishes") {
        await reactor.send(.probe(form)).finish()
      }

      // then
      XCTAssertEqual(reactor.currentState.onMain[form], false, "\(form) ran on the main actor")
    }
  }

  func test_everyBodyForm_underTheTester_runsOffTheMainActor() async {
    for form in WhereReactor.Form.allCases {
      // given
      let clock = TestClock()
      let reactor = WhereReactor(clock: clock)
      let tester = ReactorTester(reactor, exhaustivity: .off)

      // when
      await tester.send(.probe(form))
      await clock.run()

      // then
      await tester.receive(.ran(form, onMain: false))
      await tester.finish()
    }
  }

  func test_aMainActorMethodPassedByName_keepsItsIsolation() async {
    // given
    let reactor = MainActorMethodReactor()

    // when
    await bounded("reactor.send(()) finishes") { await reactor.send(()).finish() }

    // then: a function keeps the isolation it was declared with; only closures are `@concurrent`.
    XCTAssertEqual(reactor.currentState, true)
  }
}

@MainActor
private final class MainActorMethodReactor: Reactor {
  typealias Action = Void
  typealias Mutation = Bool
  typealias State = Bool?

  let initialState: Bool? = nil
  let runtime = Runtime()

  func mutate(action: Void) -> Effect<Bool> {
    .run(operation: work)
  }

  func reduce(state: Bool?, mutation: Bool) -> Bool? { mutation }

  private func work(_ send: Send<Bool>) async {
    MainActor.assertIsolated()
    send(Thread.isMainThread)
  }
}
