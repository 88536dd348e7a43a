import RandomUserCore
import ReactorFlow
import ReactorFlowTesting
import XCTest

/// The snippets of the Generated tests article (ReactorFlowTesting), compiled and run on the
/// sample's screens.
@MainActor
final class GeneratedTestsArticleTests: XCTestCase {
  private var people: [Person] = []

  override func setUp() async throws {
    people = try await OfflinePeopleClient(now: { ClockedPeopleClient.day }).fetchPeople(
      count: 4, seed: "article")
  }

  private var generators: (Generator<DetailReactor.Action>, [Invariant<DetailReactor>]) {
    let actions: Generator<DetailReactor.Action> = .oneOf(
      Generator.int(in: -1...4).map(DetailReactor.Action.toggle).weighted(3),
      Generator.int(in: -1...4).map(DetailReactor.Action.star).weighted(2),
      .constant(.close)
    )
    let invariants: [Invariant<DetailReactor>] = [
      .state("the expanded row is one of the people") { state in
        state.expandedIndex.map(state.people.indices.contains) ?? true
      },
      .step("closing changes nothing") { transition in
        transition.action != .close || transition.before == transition.after
      },
    ]
    return (actions, invariants)
  }

  func test_detail_keepsItsInvariants() async {
    let (actions, invariants) = generators
    let people = self.people

    let test = GeneratedTest(
      actions: actions,
      invariants: invariants
    ) { _ in
      DetailReactor(title: "20s", people: people)
    }
    await test.run()
  }

  func test_detail_reachesEveryMutation() async {
    let (actions, invariants) = generators
    let people = self.people

    var test = GeneratedTest(actions: actions, invariants: invariants) { _ in
      DetailReactor(title: "20s", people: people)
    }
    test.mutationCases = ["toggle", "close", "setFavourites"]
    test.requiresFullCoverage = true

    let report = await test.run()
    XCTAssertTrue(report.mutationCoverage.isComplete)
  }

  func test_main_withAdvances_keepsItsInvariants() async {
    let test = GeneratedTest(
      actions: MainReactorGeneratedTests.actions,
      advances: .duration(in: .milliseconds(500)...(.seconds(3)), by: .milliseconds(500)),
      invariants: MainReactorGeneratedTests.invariants
    ) { clock in
      MainReactor(client: ClockedPeopleClient(clock: clock))
    }
    let report = await test.run()
    XCTAssertNil(report.failure)
  }
}
