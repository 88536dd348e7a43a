import ReactorFlow
import ReactorFlowTestSupport
import XCTest

@MainActor
private final class PagingReactor: Reactor {
  enum Action: Sendable { case loadNextPage }
  enum Mutation: Sendable { case appendPage(Int) }
  struct State: Equatable, Sendable { var pages: [Int] = [] }

  let initialState = State()
  let runtime = Runtime()
  let gate: Gate<Void>?
  let readPages: Gate<[Int]>?

  init(gate: Gate<Void>? = nil, readPages: Gate<[Int]>? = nil) {
    self.gate = gate
    self.readPages = readPages
  }

  func mutate(action: Action) -> Effect<Mutation> {
    .run(reading: self) { [gate, readPages] state, send in
      let pages = try await state.current.pages
      readPages?.open(pages)
      try await gate?.wait()
      let nextPage = (try await state.current.pages.last ?? 0) + 1
      await send(.appendPage(nextPage))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    guard case .appendPage(let page) = mutation else { return state }
    var state = state
    state.pages.append(page)
    return state
  }
}

@MainActor
final class StateReaderTests: XCTestCase {
  func test_runReading_readsTheStateAtTheMomentOfTheCall() async {
    // given
    let reactor = PagingReactor()

    // when
    await bounded("reactor.send(.loadNextPage) finishes") {
      await reactor.send(.loadNextPage).finish()
    }
    await bounded("reactor.send(.loadNextPage) finishes") {
      await reactor.send(.loadNextPage).finish()
    }

    // then
    XCTAssertEqual(reactor.currentState.pages, [1, 2])
  }

  func test_runReading_whileTheEffectRuns_doesNotKeepTheReactorAlive() async {
    // given
    let gate = Gate<Void>()
    let readPages = Gate<[Int]>()
    var reactor: PagingReactor? = PagingReactor(gate: gate, readPages: readPages)
    weak let weakReactor = reactor
    let task = reactor?.send(.loadNextPage)
    await gate.nextArrival("the effect read the state and waits on the gate", in: self)

    // when
    reactor = nil

    // then: released while its effect was suspended, and the effect was cancelled
    XCTAssertNil(weakReactor)
    await bounded("the effect ends once the reactor is gone") { await task?.finish() }
  }

  func test_stateReader_afterTheReactorIsGone_throwsCancellation() async {
    // given
    var reactor: PagingReactor? = PagingReactor()
    let reader = StateReader { [weak reactor] in reactor?.currentState }

    // when
    reactor = nil

    // then
    XCTAssertThrowsError(try reader.current) { XCTAssertTrue($0 is CancellationError) }
  }
}
