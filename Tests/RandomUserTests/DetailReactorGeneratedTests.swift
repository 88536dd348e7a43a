import RandomUserCore
import ReactorFlow
import ReactorFlowTesting
import XCTest

/// Generated tests of the detail screen: random toggles, stars and closes, in and out of range,
/// on the favourites it shares, with every `Action` and `Mutation` case required.
@MainActor
final class DetailReactorGeneratedTests: XCTestCase {
  private var section = PersonSection(decade: 20, people: [Person]())

  override func setUp() async throws {
    let people = try await OfflinePeopleClient(now: { ClockedPeopleClient.day }).fetchPeople(
      count: 4, seed: "generated")
    section = PersonSection(decade: 20, people: people)
  }

  private func makeReactor(clock: TestClock) -> DetailReactor {
    DetailReactor(section: section)
  }

  static let actions: Generator<DetailReactor.Action> = .oneOf(
    Generator.int(in: -1...4).map(DetailReactor.Action.toggle).weighted(3),
    Generator.int(in: -1...4).map(DetailReactor.Action.star).weighted(2),
    .constant(.close)
  )

  static let invariants: [Invariant<DetailReactor>] = [
    .state("the expanded row is one of the people") { state in
      state.expandedIndex.map(state.people.indices.contains) ?? true
    },
    .state("only people of the screen are starred") { state in
      state.favourites.isSubset(of: Set(state.people.map(\.id)))
    },
    .step("a star toggles the starred person, and no one else") { transition in
      guard case .send(.star(let index)) = transition.step else { return true }
      let changed = transition.before.favourites.symmetricDifference(transition.after.favourites)
      let people = transition.before.people
      return changed == (people.indices.contains(index) ? [people[index].id] : [])
    },
    .step("toggling the expanded row collapses it") { transition in
      guard case .send(.toggle(let index)) = transition.step, transition.before.expandedIndex == index
      else { return true }
      return transition.after.expandedIndex == nil
    },
    .step("closing changes nothing") { transition in
      transition.action != .close || transition.before == transition.after
    },
  ]

  func test_generatedRuns_keepEveryPropertyOfTheDetailScreen_andReachEveryCase() async {
    // given
    var test = GeneratedTest(actions: Self.actions, invariants: Self.invariants, make: makeReactor)
    test.actionCases = ["toggle", "close", "star"]
    test.mutationCases = ["toggle", "close", "setFavourites"]
    test.requiresFullCoverage = true

    // when
    let report = await test.run()

    // then
    XCTAssertNil(report.failure)
    XCTAssertEqual(report.steps, report.runs * 30)
    XCTAssertTrue(report.mutationCoverage.isComplete, "\(report.mutationCoverage)")
  }
}
