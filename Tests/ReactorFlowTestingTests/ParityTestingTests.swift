import ReactorFlow
import ReactorFlowTestSupport
import ReactorFlowTesting
import XCTest

/// A reactor whose published state is stamped by `transform(state:)`.
@MainActor
private final class StampingReactor: Reactor {
  enum Action: Sendable, Equatable { case rename(String), load }
  enum Mutation: Sendable { case setName(String) }
  struct State: Equatable, Sendable {
    var name = "initial"
    var stamps = 0
  }

  struct Offline: Error, CustomStringConvertible {
    var description: String { "offline" }
  }

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .rename(let name): .send(.setName(name))
    case .load: .run { _ in throw Offline() }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    guard case .setName(let name) = mutation else { return state }
    var state = state
    state.name = name
    return state
  }

  func transform(state: State) -> State {
    var state = state
    state.stamps += 1
    return state
  }
}

/// A parent whose state holds a child reactor, as a pushed detail does.
@MainActor
private final class ParentReactor: Reactor {
  enum Action: Sendable { case push }
  struct State: Equatable, Sendable { var detail: StampingReactor? }

  let initialState = State()
  let runtime = Runtime()

  func reduce(state: State, mutation: Action) -> State {
    State(detail: StampingReactor())
  }
}

extension StampingReactor: IdentityEquatable {}

@MainActor
final class ParityTestingTests: XCTestCase {
  // MARK: - A stub's state is what the test sets, nothing transformed

  func test_stub_firstState_isTheInitialStateUntransformed() async {
    let reactor = StampingReactor()
    _ = ReactorStub(reactor)

    XCTAssertEqual(reactor.currentState, StampingReactor.State(name: "initial", stamps: 0))
  }

  func test_stub_stateSet_isPublishedUntransformed() async {
    // given
    let reactor = StampingReactor()
    let stub = ReactorStub(reactor)
    let states = reactor.record(\.self)

    // when
    stub.state = StampingReactor.State(name: "set", stamps: 7)

    // then
    XCTAssertEqual(reactor.currentState, StampingReactor.State(name: "set", stamps: 7))
    XCTAssertEqual(states.values.map(\.stamps), [0, 7])
  }

  // MARK: - Unhandled errors, without a tester

  func test_recordUnhandledErrors_effectThrows_recordsTheError() async {
    // given
    let reactor = StampingReactor()
    let errors = reactor.recordUnhandledErrors()

    // when
    await bounded("reactor.send(.load) finishes") { await reactor.send(.load).finish() }
    await bounded("reactor.send(.load) finishes") { await reactor.send(.load).finish() }

    // then
    XCTAssertEqual(errors.messages, ["offline", "offline"])
    XCTAssertTrue(errors.errors.allSatisfy { $0 is StampingReactor.Offline })
  }

  func test_recordUnhandledErrors_keepsAHandlerAlreadyInstalled() async {
    // given
    let reactor = StampingReactor()
    var handled = 0
    reactor.runtime.onUnhandledError = { _ in handled += 1 }
    let errors = reactor.recordUnhandledErrors()

    // when
    await bounded("reactor.send(.load) finishes") { await reactor.send(.load).finish() }

    // then
    XCTAssertEqual(errors.errors.count, 1)
    XCTAssertEqual(handled, 1)
  }

  func test_recordUnhandledErrors_recorderReleased_stopsRecording() async {
    // given
    let reactor = StampingReactor()
    var errors: UnhandledErrorRecorder? = reactor.recordUnhandledErrors()
    weak let weakErrors = errors

    // when
    errors = nil
    await bounded("reactor.send(.load) finishes") { await reactor.send(.load).finish() }

    // then
    XCTAssertNil(weakErrors)
  }

  // MARK: - A reactor held in state reads well in a failure

  func test_tester_stateHoldingAReactor_diffShowsTheReactorsIdentityNotItsRuntime() async throws {
    // given
    let tester = ReactorTester(ParentReactor())

    // when
    let failures = await captureFailures {
      await tester.send(.push) { $0.detail = nil }
    }

    // then
    let message = try XCTUnwrap(failures.first?.message)
    XCTAssertEqual(failures.count, 1)
    let detail = try XCTUnwrap(tester.state.detail)
    let address = Unmanaged.passUnretained(detail).toOpaque()
    XCTAssertTrue(message.contains("+   - detail: StampingReactor at \(address)"), message)
    XCTAssertTrue(message.contains("−   - detail: nil"), message)
    XCTAssertFalse(message.contains("runtime"), message)
    XCTAssertFalse(message.contains("observers"), message)
  }
}
