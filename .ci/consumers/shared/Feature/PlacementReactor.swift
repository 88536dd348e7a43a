import Foundation
import ReactorFlow

// Where a function passed to an effect by name runs, written as an app writes it: the helpers
// are static functions of the reactor, each body records `Thread.isMainThread` (the main actor
// runs on the main thread) and sends it. The tests compare what each form did with what
// WhereCodeRuns.md says, in every consumer mode.
@MainActor
final class PlacementReactor: Reactor {
  enum Form: CaseIterable, Sendable {
    // Closures: `@concurrent` in every mode.
    case closure, closureCallingNonisolated
    // Functions passed by name.
    case concurrentByName, nonisolatedByName, freeFunctionByName
    case taskByName, catchByName, readingByName
  }

  enum Action: Sendable { case probe(Form) }
  enum Mutation: Equatable, Sendable { case ran(Form, onMain: Bool) }
  struct State: Equatable, Sendable { var onMain: [Form: Bool] = [:] }

  struct Failure: Error {}

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Effect<Mutation> {
    guard case .probe(let form) = action else { return .none }
    switch form {
    case .closure:
      return .run { send in await send(.ran(.closure, onMain: Thread.isMainThread)) }
    case .closureCallingNonisolated:
      return .run { send in try await Self.fetch(send) }
    case .concurrentByName, .nonisolatedByName, .freeFunctionByName, .taskByName, .catchByName,
      .readingByName:
      #if swift(>=6)
        return byName(form)
      #else
        return .none
      #endif
    }
  }

  #if swift(>=6)
    // Swift 5 mode warns at each of these: "converting non-Sendable function value to
    // '@Sendable …' may introduce data races". There, a function is called from a closure.
    private func byName(_ form: Form) -> Effect<Mutation> {
      switch form {
      case .concurrentByName: .run(operation: Self.fetchConcurrently)
      case .nonisolatedByName: .run(operation: Self.fetchByName)
      case .freeFunctionByName: .run(operation: fetchPlacement)
      case .taskByName: .task(operation: Self.make)
      case .catchByName: .run(operation: Self.fail, catch: Self.handle)
      case .readingByName: .run(reading: self, operation: Self.fetchReading)
      case .closure, .closureCallingNonisolated: .none
      }
    }
  #endif

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    guard case .ran(let form, let onMain) = mutation else { return state }
    state.onMain[form] = onMain
    return state
  }

  nonisolated static func fetch(_ send: Send<Mutation>) async throws {
    await send(.ran(.closureCallingNonisolated, onMain: Thread.isMainThread))
  }

  @concurrent
  static func fetchConcurrently(_ send: Send<Mutation>) async throws {
    await send(.ran(.concurrentByName, onMain: Thread.isMainThread))
  }

  nonisolated static func fetchByName(_ send: Send<Mutation>) async throws {
    await send(.ran(.nonisolatedByName, onMain: Thread.isMainThread))
  }

  nonisolated static func make() async throws -> Mutation {
    .ran(.taskByName, onMain: Thread.isMainThread)
  }

  nonisolated static func fail(_ send: Send<Mutation>) async throws {
    throw Failure()
  }

  nonisolated static func handle(_ error: any Error, _ send: Send<Mutation>) async {
    await send(.ran(.catchByName, onMain: Thread.isMainThread))
  }

  nonisolated static func fetchReading(_ state: StateReader<State>, _ send: Send<Mutation>)
    async throws
  {
    await send(.ran(.readingByName, onMain: Thread.isMainThread))
  }
}

/// A function of the kind a service module exposes, outside any type.
nonisolated func fetchPlacement(_ send: Send<PlacementReactor.Mutation>) async throws {
  await send(.ran(.freeFunctionByName, onMain: Thread.isMainThread))
}

extension PlacementReactor {
  /// The forms that compile without a warning in this module's language mode.
  static let probedForms: [Form] = {
    #if swift(>=6)
      Form.allCases
    #else
      [.closure, .closureCallingNonisolated]
    #endif
  }()

  /// Where each form runs in this module, as WhereCodeRuns.md says: every closure and every
  /// `@concurrent` function off the main actor, in every mode. A `nonisolated` async function
  /// passed by name runs off it too where such functions run on the global executor (Swift 5 and
  /// 6 modes by default). Where they run on their caller's actor (NonisolatedNonsendingByDefault,
  /// on in Xcode 26 app targets), Swift 6.3 runs the reference made in `mutate` of this
  /// `@MainActor` reactor on the main actor for `.run(operation:)`, `.task(operation:)` and
  /// `.run(reading:operation:)`, and a `catch:` handler off it. A change here means the compiler
  /// changed: update WhereCodeRuns.md with it.
  static let expectedOnMain: [Form: Bool] = {
    var expected = Dictionary(uniqueKeysWithValues: Form.allCases.map { ($0, false) })
    #if hasFeature(NonisolatedNonsendingByDefault)
      for form in [Form.nonisolatedByName, .freeFunctionByName, .taskByName, .readingByName] {
        expected[form] = true
      }
    #endif
    return expected
  }()
}
