import RandomUserCore
import ReactorFlow
import ReactorFlowTesting
import XCTest

/// Generated tests of the main screen: random loads (slow, overlapping, failing), retries,
/// details, dismissals and deep links, with the clock advanced between them, against the
/// properties the screen promises.
@MainActor
final class MainReactorGeneratedTests: XCTestCase {
  /// Starred before any load: someone no load brings, whose star every step must keep.
  private static let stars: Set<Person.ID> = ["nobody-loads-this-id"]

  static func makeReactor(clock: TestClock) -> MainReactor {
    MainReactor(client: ClockedPeopleClient(clock: clock), favourites: Favourites(stars))
  }

  static let titles = ["20s", "30s", "40s", "50s", "10s", "90s"]

  static let actions: Generator<MainReactor.Action> = .oneOf(
    Generator.element(of: [8, 3, 20]).map(MainReactor.Action.load).weighted(2),
    .constant(.retry),
    Generator.element(of: titles).map(MainReactor.Action.showDetail),
    .constant(.dismissDetail),
    Generator.element(of: titles)
      .zip(.element(of: [nil, 1, 2, 6, 0])) { MainReactor.Route(section: $0, person: $1) }
      .map(MainReactor.Action.open)
      .weighted(2)
  )

  static let invariants: [Invariant<MainReactor>] = [
    .state("every loaded person is in exactly one section, the one of their decade") { state in
      let sections = state.sections.value ?? []
      let people = sections.flatMap { section in section.people.map { (section.decade, $0) } }
      return Set(people.map(\.1.id)).count == people.count
        && people.allSatisfy { decade, person in max(0, person.age) / 10 * 10 == decade }
    },
    .step("a load shows every person it loaded") { transition in
      transition.mutations.allSatisfy { mutation in
        guard case .setSections(let sections) = mutation else { return true }
        return sections.reduce(0) { $0 + $1.people.count } == transition.after.lastRequestedCount
      }
    },
    .state("sections are sorted by decade") { state in
      let decades = (state.sections.value ?? []).map(\.decade)
      return zip(decades, decades.dropFirst()).allSatisfy { $0 < $1 }
    },
    .state("a detail is open only for a loaded person") { state in
      guard let detail = state.detail?.currentState else { return true }
      let section = state.sections.value?.first { $0.title == detail.title }
      return section?.people == detail.people
        && (detail.expandedIndex.map(detail.people.indices.contains) ?? true)
    },
    .step("stars survive reloads") { transition in
      // Only the detail screens star people: every step of the main screen keeps the stars.
      transition.after.favourites == transition.before.favourites
    },
    .step("a route opens what it names, or nothing") { transition in
      guard case .send(.open(let route)) = transition.step else { return true }
      guard transition.after.routeError == nil else {
        return transition.after.detail == transition.before.detail
      }
      guard let detail = transition.after.detail?.currentState else { return false }
      return detail.title == route.section && detail.expandedIndex == route.person.map { $0 - 1 }
    },
    .step("a failed load keeps the last sections") { transition in
      guard transition.after.sections.error != nil,
        transition.mutations.contains(where: { if case .setError = $0 { true } else { false } })
      else { return true }
      return transition.after.sections.value == transition.before.sections.value
    },
  ]

  static let mutationCases = [
    "startLoading", "setSections", "setError", "setDetail", "setFavourites", "rejectRoute",
  ]

  private func makeTest() -> GeneratedTest<MainReactor> {
    var test = GeneratedTest(
      runs: 60, steps: 25, actions: Self.actions,
      advances: .element(of: [.milliseconds(500), .seconds(1), .seconds(3)]),
      invariants: Self.invariants, make: Self.makeReactor)
    test.mutationCases = Self.mutationCases
    return test
  }

  func test_generatedRuns_keepEveryPropertyOfTheMainScreen() async {
    // given
    let test = makeTest()

    // when
    let report = await test.run()

    // then
    XCTAssertNil(report.failure)
    XCTAssertTrue(report.actionCoverage.isComplete, "\(report.actionCoverage)")
    // The main screen's own actions never star anyone: the detail screen does (its tests reach it).
    XCTAssertEqual(report.mutationCoverage.neverReached, ["setFavourites"], "\(report.mutationCoverage)")
  }

  func test_generatedRuns_withFailedLoadsBlankingTheScreen_areShrunkToTheLoadThatFails() async throws {
    // given: a screen whose failed load forgets the sections, as the reducer would without `fail`
    var test = makeTest()
    test.seed = 2
    test.printsReport = false
    test.invariants.append(
      .state("a failed load is shown with no section") { state in
        state.sections.error == nil || state.sections.value == nil
      })

    // when
    var report: GeneratedTestReport<MainReactor>?
    let failures = await captureFailures { report = await test.run() }

    // then: the last property is the one broken, by a load that succeeds, then one that fails
    XCTAssertEqual(failures.count, 1)
    let failure = try XCTUnwrap(report?.failure)
    XCTAssertEqual(failure.invariant, "a failed load is shown with no section")
    let steps = failure.steps.map(\.description)
    XCTAssertEqual(steps.first, "send(.load(8))")
    XCTAssertEqual(steps.suffix(2), ["send(.load(3))", "advance(by: .seconds(1))"])
    XCTAssertLessThanOrEqual(steps.count, 5, "\(steps)")
  }
}

/// The sequence the generated test shrank a failure to, before a load closed a detail of the
/// people it replaced: kept as a regression test of the properties.
@MainActor
final class MainReactorGeneratedRegressionTests: XCTestCase {
  private func makeReactor(clock: TestClock) -> MainReactor {
    MainReactorGeneratedTests.makeReactor(clock: clock)
  }

  func test_reloadWhileADetailIsOpen_keepsEveryProperty() async {
    // given
    let test = GeneratedTest(
      actions: MainReactorGeneratedTests.actions, invariants: MainReactorGeneratedTests.invariants,
      make: makeReactor)

    // when
    let held = await test.check([
      .send(.load(20)), .advance(.seconds(1)), .send(.load(8)), .send(.showDetail("20s")),
      .advance(.seconds(1)),
    ])

    // then
    XCTAssertTrue(held)
  }

  func test_reloadWithTheSamePeople_keepsTheDetailOpen() async {
    // given
    let clock = TestClock()
    let reactor = makeReactor(clock: clock)
    reactor.send(.load(8))
    await clock.advance(by: .seconds(1))
    let title = reactor.currentState.sections.value?.first?.title ?? "none"
    reactor.send(.showDetail(title))
    let detail = reactor.currentState.detail

    // when
    reactor.send(.retry)
    await clock.advance(by: .seconds(1))

    // then
    XCTAssertNotNil(detail)
    XCTAssertEqual(reactor.currentState.detail, detail)
  }
}
