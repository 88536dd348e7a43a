import RandomUserCore
import ReactorFlow
import ReactorFlowTestSupport
import ReactorFlowTesting
import XCTest

/// The main reactor, in the shape of the seed article's tests: `setUp` loads 100 people and
/// waits on an expectation, then each test sends one action and checks the state. The source is
/// the offline client, so every run sees the same people and never touches the network.
@MainActor
final class MainReactorTests: XCTestCase {
  private var reactor = MainReactor()

  override func setUp() async throws {
    reactor = MainReactor(client: OfflinePeopleClient(), seed: "seed-article")
    let loaded = expectation(description: "Initial data load")
    // Fulfilled by the event itself: the first non-empty sections.
    let token = reactor.observe(\.shownSections) { sections in
      if !sections.isEmpty { loaded.fulfill() }
    }
    reactor.send(.load(100))
    await fulfillment(of: [loaded], timeout: 5)
    token.cancel()
  }

  func test_load_hundredPeople_givesHundredDistinctPeopleAcrossSections() async {
    // given: setUp loaded 100 people
    let sections = reactor.currentState.shownSections

    // when
    let people = sections.flatMap(\.people)

    // then
    XCTAssertEqual(people.count, 100)
    XCTAssertEqual(Set(people.map(\.id)).count, 100)
    XCTAssertEqual(Set(people).count, 100)
    XCTAssertFalse(reactor.currentState.sections.isLoading)
    XCTAssertNil(reactor.currentState.sections.error)
  }

  func test_load_hundredPeople_groupsByDecadeAscendingAndDropsNobody() async {
    // given
    let sections = reactor.currentState.shownSections

    // when
    let decades = sections.map(\.decade)

    // then
    XCTAssertEqual(decades, decades.sorted())
    XCTAssertEqual(Set(decades).count, decades.count)
    XCTAssertEqual(sections.map(\.title), decades.map { "\($0)s" })
    for section in sections {
      XCTAssertFalse(section.people.isEmpty)
      for person in section.people {
        XCTAssertEqual(person.age / 10 * 10, section.decade, "\(person.name) is \(person.age)")
      }
    }
    XCTAssertEqual(reactor.currentState.peopleCount, 100)
  }

  func test_showDetail_twenties_pushesDetailWithThosePeople() async throws {
    // given
    let twenties = try XCTUnwrap(reactor.currentState.shownSections.first { $0.title == "20s" })
    let pushed = expectation(description: "Detail is pushed")
    let token = reactor.observe(\.detail) { detail in
      if detail != nil { pushed.fulfill() }
    }

    // when
    reactor.send(.showDetail("20s"))

    // then
    await fulfillment(of: [pushed], timeout: 3)
    token.cancel()
    let detail = try XCTUnwrap(reactor.currentState.detail)
    XCTAssertEqual(detail.currentState.title, "20s")
    XCTAssertEqual(detail.currentState.people, twenties.people)
    XCTAssertNil(detail.currentState.expandedIndex)
  }

  func test_showDetail_unknownSection_pushesNothing() async {
    // when
    reactor.send(.showDetail("200s"))

    // then
    XCTAssertNil(reactor.currentState.detail)
  }

  func test_dismissDetail_afterPush_removesDetail() async {
    // given
    reactor.send(.showDetail("20s"))
    XCTAssertNotNil(reactor.currentState.detail)
    let removed = expectation(description: "Detail is removed")
    let token = reactor.observe(\.detail) { detail in
      if detail == nil { removed.fulfill() }
    }

    // when
    reactor.send(.dismissDetail)

    // then
    await fulfillment(of: [removed], timeout: 3)
    token.cancel()
    XCTAssertNil(reactor.currentState.detail)
  }

  func test_close_inPushedDetail_removesAndReleasesTheDetail() async throws {
    // given
    reactor.send(.showDetail("20s"))
    weak let detail = reactor.currentState.detail?.reactor
    let removed = expectation(description: "Detail is removed")
    let token = reactor.observe(\.detail) { detail in
      if detail == nil { removed.fulfill() }
    }

    // when: the detail announces that it closes; MainReactor, which adopted it, removes it
    reactor.currentState.detail?.send(.close)

    // then
    await fulfillment(of: [removed], timeout: 3)
    token.cancel()
    XCTAssertNil(reactor.currentState.detail)
    XCTAssertNil(detail, "the state held the only reference to the detail")
  }

  func test_closeThroughTheParent_withTester_receivesTheOutputThenTheRemoval() async throws {
    // given: a reactor whose load has ended (the tester checks that no effect is left running;
    // setUp's load may still be between its last mutation and its end)
    let reactor = MainReactor(client: OfflinePeopleClient(), seed: "seed-article")
    await bounded("the load ends") { await reactor.send(.load(100)).finish() }
    let tester = ReactorTester(reactor)
    await tester.send(.showDetail("20s")) { $0.detail = reactor.currentState.detail }
    let detail = try XCTUnwrap(tester.state.detail)

    // when
    await tester.send(.toggle(0), to: \.detail) { $0.expandedIndex = 0 }
    await tester.send(.close, to: \.detail)

    // then
    await tester.receiveOutput(DetailReactor.Output.didClose)
    await tester.receive(where: { if case .setDetail(nil) = $0 { true } else { false } }) {
      $0.detail = nil
    }
    await tester.finish()
    XCTAssertEqual(detail.currentState.expandedIndex, 0)
  }

  func test_toggle_rowZeroInPushedDetail_expandsThenCollapses() async throws {
    // given
    reactor.send(.showDetail("20s"))
    let detail = try XCTUnwrap(reactor.currentState.detail)
    var expanded: [Int?] = []
    let token = detail.reactor.observe(\.expandedIndex) { expanded.append($0) }

    // when
    detail.send(.toggle(0))
    detail.send(.toggle(0))

    // then
    token.cancel()
    XCTAssertEqual(expanded, [nil, 0, nil])
  }

  func test_load_stateStream_showsLoadingThenSections() async {
    // given
    let states = BoundedIterator(reactor.state)
    let current = await states.next("the current state, replayed", in: self)
    XCTAssertEqual(current?.sections.isLoading, false)

    // when
    reactor.send(.load(30))

    // then
    let loading = await states.next("the loading state", in: self)
    XCTAssertEqual(loading?.sections.isLoading, true)
    XCTAssertEqual(loading?.peopleCount, 100, "the previous sections stay while loading")
    let loaded = await states.next("the loaded state", in: self)
    XCTAssertEqual(loaded?.sections.isLoading, false)
    XCTAssertEqual(loaded?.peopleCount, 30)
    XCTAssertEqual(loaded?.lastRequestedCount, 30)
  }
}
