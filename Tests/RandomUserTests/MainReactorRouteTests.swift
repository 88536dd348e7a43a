import RandomUserCore
import ReactorFlow
import ReactorFlowTestSupport
import ReactorFlowTesting
import XCTest

/// `open(route)`, the sample's deep link: a section and a person, shown in one change of state.
@MainActor
final class MainReactorRouteTests: XCTestCase {
  private func loadedReactor() async -> MainReactor {
    let reactor = MainReactor(client: OfflinePeopleClient(), seed: "routes")
    await bounded("load(100) finishes") { await reactor.send(.load(100)).finish() }
    return reactor
  }

  func test_open_sectionAndPerson_pushesTheDetailWithThePersonExpandedInOneState() async throws {
    // given
    let reactor = await loadedReactor()
    let section = try XCTUnwrap(reactor.currentState.shownSections.first { $0.people.count >= 2 })
    var published: [MainReactor.State] = []
    let token = reactor.observe { published.append($0) }

    // when
    reactor.send(.open(MainReactor.Route(section: section.title, person: 2)))

    // then
    token.cancel()
    XCTAssertEqual(published.count, 2, "the current state, then one new state")
    let detail = try XCTUnwrap(reactor.currentState.detail)
    XCTAssertEqual(detail.currentState.title, section.title)
    XCTAssertEqual(detail.currentState.expandedIndex, 1)
    XCTAssertEqual(detail.currentState.expandedPerson, section.people[1])
    XCTAssertNil(reactor.currentState.routeError)
  }

  func test_open_sectionAlone_pushesTheDetailCollapsed() async throws {
    // given
    let reactor = await loadedReactor()
    let title = try XCTUnwrap(reactor.currentState.shownSections.first?.title)

    // when
    reactor.send(.open(MainReactor.Route(section: title)))

    // then
    XCTAssertEqual(reactor.currentState.detail?.currentState.title, title)
    XCTAssertNil(reactor.currentState.detail?.currentState.expandedIndex)
  }

  func test_open_thenClose_theDetailsOutputRemovesIt() async throws {
    // given
    let reactor = await loadedReactor()
    let title = try XCTUnwrap(reactor.currentState.shownSections.first?.title)
    reactor.send(.open(MainReactor.Route(section: title, person: 1)))
    weak let detail = reactor.currentState.detail?.reactor

    // when
    reactor.currentState.detail?.send(.close)

    // then
    XCTAssertNil(reactor.currentState.detail)
    XCTAssertNil(detail)
  }

  func test_open_unknownSection_changesNoScreenAndSetsTheError() async throws {
    // given
    let reactor = await loadedReactor()
    let title = try XCTUnwrap(reactor.currentState.shownSections.first?.title)
    reactor.send(.showDetail(title))
    let shown = reactor.currentState.detail
    let titles = reactor.currentState.shownSections.map(\.title).joined(separator: ", ")

    // when
    reactor.send(.open(MainReactor.Route(section: "200s", person: 1)))

    // then
    XCTAssertEqual(reactor.currentState.detail, shown)
    XCTAssertEqual(
      reactor.currentState.routeError,
      RouteError(position: 0, destination: "section 200s", reason: "the sections are \(titles)"))
  }

  func test_open_personOutOfTheSection_changesNoScreenAndSetsTheError() async throws {
    // given
    let reactor = await loadedReactor()
    let section = try XCTUnwrap(reactor.currentState.shownSections.first)
    let count = section.people.count

    // when
    reactor.send(.open(MainReactor.Route(section: section.title, person: count + 1)))

    // then
    XCTAssertNil(reactor.currentState.detail)
    XCTAssertEqual(
      reactor.currentState.routeError?.description,
      "cannot open person \(count + 1) of \(section.title) (step 2 of the route): \(section.title) has "
        + "\(count) \(count == 1 ? "person" : "people")")
  }

  func test_open_personAtTheIntegerBounds_changesNoScreenAndSetsTheError() async throws {
    // given: routes made in code, which skip the parser's check
    let reactor = await loadedReactor()
    let section = try XCTUnwrap(reactor.currentState.shownSections.first)

    for person in [Int.min, -1, 0, Int.max] {
      // when
      reactor.send(.open(MainReactor.Route(section: section.title, person: person)))

      // then
      XCTAssertNil(reactor.currentState.detail, "\(person)")
      XCTAssertEqual(
        reactor.currentState.routeError?.destination, "person \(person) of \(section.title)", "\(person)")
    }
  }

  func test_open_beforeAnyLoad_saysNothingIsLoaded() async {
    // given
    let reactor = MainReactor(client: OfflinePeopleClient())

    // when
    reactor.send(.open(MainReactor.Route(section: "30s")))

    // then
    XCTAssertEqual(reactor.currentState.routeError?.reason, "nothing is loaded")
  }

  func test_open_withTester_oneStepThenTheDetailWorksAndClosesThroughTheParent() async throws {
    // given
    let reactor = await loadedReactor()
    let section = try XCTUnwrap(reactor.currentState.shownSections.first { $0.people.count >= 2 })
    let titles = reactor.currentState.shownSections.map(\.title).joined(separator: ", ")
    let tester = ReactorTester(reactor)

    // when
    await tester.send(.open(MainReactor.Route(section: section.title, person: 2))) {
      $0.detail = reactor.currentState.detail
    }
    XCTAssertEqual(tester.state.detail?.currentState.expandedIndex, 1)
    await tester.send(.open(MainReactor.Route(section: "200s"))) {
      $0.routeError = RouteError(
        position: 0, destination: "section 200s", reason: "the sections are \(titles)")
    }
    await tester.send(.toggle(1), to: \.detail) { $0.expandedIndex = nil }
    await tester.send(.close, to: \.detail)

    // then
    await tester.receiveOutput(DetailReactor.Output.didClose)
    await tester.receive(where: { if case .setDetail(nil) = $0 { true } else { false } }) {
      $0.detail = nil
      $0.routeError = nil
    }
    await tester.finish()
  }

  func test_route_parsesSectionAndPerson_andRejectsWhatIsNotARoute() {
    XCTAssertEqual(MainReactor.Route("30s/2"), MainReactor.Route(section: "30s", person: 2))
    XCTAssertEqual(MainReactor.Route("30s"), MainReactor.Route(section: "30s"))
    XCTAssertEqual(MainReactor.Route("30s/2")?.description, "30s/2")
    for text in ["", "/2", "30s/", "30s/x", "30s/0", "30s/-1", "30s/2/1"] {
      XCTAssertNil(MainReactor.Route(text), text)
    }
  }

  func test_route_decoding_rejectsWhatTheParserRejects() throws {
    let decoder = JSONDecoder()
    XCTAssertEqual(
      try decoder.decode(MainReactor.Route.self, from: Data(#"{"section":"30s","person":2}"#.utf8)),
      MainReactor.Route(section: "30s", person: 2))
    XCTAssertEqual(
      try decoder.decode(MainReactor.Route.self, from: Data(#"{"section":"30s"}"#.utf8)),
      MainReactor.Route(section: "30s"))
    let rejected = [
      #"{"section":"30s","person":-9223372036854775808}"#, #"{"section":"30s","person":0}"#,
      #"{"section":"30s","person":-1}"#, #"{"section":"","person":1}"#, #"{"section":"30s/2"}"#,
    ]
    for json in rejected {
      XCTAssertThrowsError(try decoder.decode(MainReactor.Route.self, from: Data(json.utf8)), json) { error in
        guard case DecodingError.dataCorrupted(let context) = error else {
          return XCTFail("\(json): \(error)")
        }
        XCTAssertTrue(context.debugDescription.hasPrefix("not a route"), context.debugDescription)
      }
    }
  }
}
