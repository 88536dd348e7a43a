import Foundation
import ReactorFlow
import Testing

/// A reactor that reads its own state while `reduce(into:mutation:)` changes it.
@MainActor
private final class PeekingReactor: Reactor {
  enum Action: Sendable { case peek }
  struct State: Sendable { var count = 0 }

  let initialState = State()
  let runtime = Runtime()

  func reduce(into state: inout State, mutation: Action) {
    state.count = currentState.count + 1
  }
}

/// A reactor whose mutations exist, but which implements neither form of `reduce`.
@MainActor
private final class UnreducedReactor: Reactor {
  enum Action: Sendable { case tap }
  struct State: Sendable { var taps = 0 }

  let initialState = State()
  let runtime = Runtime()
}

/// The two misuses of `reduce` that stop the program, each run in a process of its own, with the
/// message that names the reactor and the fix.
@Suite struct ReduceMisuseTests {
  @Test func readingCurrentStateInsideReduceInto_stopsNamingTheReactor() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await MainActor.run { _ = PeekingReactor().send(.peek) }
      })

    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains("PeekingReactor read currentState inside reduce(into:mutation:)"), "\(message)")
  }

  @Test func implementingNeitherReduce_stopsNamingTheReactor() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await MainActor.run { _ = UnreducedReactor().send(.tap) }
      })

    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(
      message.contains(
        "UnreducedReactor implements neither reduce(state:mutation:) nor reduce(into:mutation:)"),
      "\(message)")
  }
}
