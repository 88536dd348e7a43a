import Foundation
import ReactorFlow
import ReactorFlowTesting
import Testing

// Reactors written as ReactorKit and TCA users write them in an Xcode 26 app target: no
// `@MainActor`, no `Sendable` on their types, no `nonisolated` on the reactor. The module's
// defaults make them main-actor types.

/// A client protocol captured by effect bodies: `Sendable`, as WhereCodeRuns.md says.
protocol RateAPI: Sendable {
  func rate(of currency: String) async throws -> Double
}

struct FixedRateAPI: RateAPI {
  let rate: Double
  func rate(of currency: String) async throws -> Double { rate }
}

final class RateReactor: Reactor {
  enum Action { case refresh, refreshByName, refreshConcurrentlyByName, refreshReadingSelf }
  enum Mutation: Equatable { case setRate(Double, onMain: Bool) }
  struct State: Equatable {
    var currency = "EUR"
    var rate: Double?
    var ranOnMain: Bool?
  }

  let initialState = State()
  let runtime = Runtime()
  let api: any RateAPI

  init(api: any RateAPI) {
    self.api = api
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .refresh:
      // The client captured in a body, and the helper called from the closure: off the main actor.
      return .run { [api] send in
        await send(.setRate(try await api.rate(of: "EUR"), onMain: Thread.isMainThread))
      }
    case .refreshByName:
      // A `nonisolated` helper passed by name. It runs where its caller runs under these defaults;
      // with Swift 6.3 that is off the main actor for a reactor that is on it by default
      // isolation, and on it for one marked `@MainActor` (PlacementReactor). Neither is promised:
      // WhereCodeRuns.md steers to the two forms below.
      return .run(operation: Self.fetchByName)
    case .refreshConcurrentlyByName:
      // A `@concurrent` helper passed by name: off the main actor.
      return .run(operation: Self.fetchConcurrently)
    case .refreshReadingSelf:
      // A main-actor property read in a `[weak self]` body: the `await` form.
      return .run { [api, weak self] send in
        guard let currency = await self?.currentState.currency else { return }
        await send(.setRate(try await api.rate(of: currency), onMain: Thread.isMainThread))
      }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setRate(let rate, let onMain):
      state.rate = rate
      state.ranOnMain = onMain
    }
    return state
  }

  nonisolated static func fetchByName(_ send: Send<Mutation>) async throws {
    await send(.setRate(1, onMain: Thread.isMainThread))
  }

  @concurrent
  static func fetchConcurrently(_ send: Send<Mutation>) async throws {
    await send(.setRate(2, onMain: Thread.isMainThread))
  }
}

/// RxTodo's read-only cell: it takes no action, so it writes neither `mutate` nor `reduce`.
final class RateCellReactor: Reactor {
  typealias Action = Never
  struct State: Equatable { var title: String }

  let initialState: State
  let runtime = Runtime()

  init(title: String) {
    initialState = State(title: title)
  }
}

/// A reactor whose actions only call a service: `Mutation == Never`, no `reduce`.
final class RateLoggerReactor: Reactor {
  enum Action { case log(String) }
  typealias Mutation = Never
  struct State: Equatable {}

  let initialState = State()
  let runtime = Runtime()
  let logged: Spy<String, Void>

  init(logged: Spy<String, Void>) {
    self.logged = logged
  }

  func mutate(action: Action) -> Effect<Never> {
    switch action {
    case .log(let line):
      return .run { [logged] _ in logged(line) }
    }
  }
}

@Suite struct AppDefaultsTests {
  /// Each action, the rate its body sends, and whether the body ran on the main actor.
  let cases: [(RateReactor.Action, Double, Bool)] = [
    (.refresh, 0.5, false), (.refreshByName, 1, false), (.refreshConcurrentlyByName, 2, false),
    (.refreshReadingSelf, 0.5, false),
  ]

  @Test func whereTheBodyRuns_inProduction() async {
    for (action, rate, onMain) in cases {
      let reactor = RateReactor(api: FixedRateAPI(rate: 0.5))
      await reactor.send(action).finish()
      #expect(reactor.currentState.rate == rate, "\(action)")
      #expect(reactor.currentState.ranOnMain == onMain, "\(action)")
    }
  }

  @Test func whereTheBodyRuns_underTheTester() async {
    for (action, rate, onMain) in cases {
      let tester = ReactorTester(RateReactor(api: FixedRateAPI(rate: 0.5)))
      await tester.send(action)
      await tester.receive(.setRate(rate, onMain: onMain)) {
        $0.rate = rate
        $0.ranOnMain = onMain
      }
      await tester.finish()
    }
  }

  @Test func aCellThatTakesNoAction_showsItsState() {
    #expect(RateCellReactor(title: "EUR").currentState.title == "EUR")
  }

  @Test func aReactorWithoutMutations_callsItsService() async {
    let logged = Spy<String, Void>("log")
    let reactor = RateLoggerReactor(logged: logged)
    await reactor.send(.log("opened")).finish()
    #expect(logged.allArguments == ["opened"])
  }
}
