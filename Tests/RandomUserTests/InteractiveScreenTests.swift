import RandomUserCore
import ReactorFlow
import XCTest

@testable import randomuser

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
final class InteractiveScreenTests: XCTestCase {
  private func loadedReactor(count: Int = 100) async -> MainReactor {
    let reactor = MainReactor(client: OfflinePeopleClient(), seed: "screen")
    await bounded("reactor.send(.load(count)) finishes") { await reactor.send(.load(count)).finish() }
    return reactor
  }

  func test_sectionList_changesItDoesNotShow_doNotReRenderIt() async {
    // given
    let reactor = await loadedReactor()
    let screen = InteractiveScreen(reactor: reactor)
    let first = screen.text

    // when: a detail is pushed and removed
    reactor.send(.showDetail(reactor.currentState.shownSections[0].title))
    _ = screen.text
    reactor.send(.dismissDetail)
    let again = screen.text

    // then
    XCTAssertEqual(screen.list.renderCount, 1)
    XCTAssertEqual(again, first)
    XCTAssertTrue(first.hasPrefix("  1. "), first)
  }

  func test_sectionList_newSections_reRenderItOnce() async {
    // given
    let reactor = await loadedReactor()
    let screen = InteractiveScreen(reactor: reactor)
    _ = screen.text

    // when
    await bounded("reactor.send(.load(10)) finishes") { await reactor.send(.load(10)).finish() }
    let text = screen.text
    _ = screen.text

    // then: one render for the new sections, though the load changed the state three times
    XCTAssertEqual(screen.list.renderCount, 2)
    XCTAssertEqual(text, SectionPrinter.sectionList(reactor.currentState.shownSections))
  }

  func test_detailRows_toggle_reRendersTheDetailOnly() async {
    // given
    let reactor = await loadedReactor()
    let screen = InteractiveScreen(reactor: reactor)
    _ = screen.text
    reactor.send(.showDetail(reactor.currentState.shownSections[1].title))
    let collapsed = screen.text
    guard let detail = reactor.currentState.detail else { return XCTFail("no detail was pushed") }

    // when
    detail.send(.toggle(0))
    let expanded = screen.text
    _ = screen.text

    // then
    XCTAssertEqual(screen.detail?.renderCount, 2)
    XCTAssertEqual(screen.list.renderCount, 1)
    XCTAssertTrue(collapsed.contains("  1. [+] "), collapsed)
    XCTAssertTrue(expanded.contains("  1. [-] "), expanded)
    XCTAssertEqual(expanded, SectionPrinter.detail(detail.currentState))
  }

  func test_screen_anotherSectionPushed_bindsANewDetailView() async {
    // given
    let reactor = await loadedReactor()
    let screen = InteractiveScreen(reactor: reactor)
    let sections = reactor.currentState.shownSections
    reactor.send(.showDetail(sections[0].title))
    let first = screen.text

    // when
    reactor.send(.showDetail(sections[1].title))
    let second = screen.text

    // then
    XCTAssertTrue(first.hasPrefix("\(sections[0].title): "), first)
    XCTAssertTrue(second.hasPrefix("\(sections[1].title): "), second)
    XCTAssertTrue(screen.detail?.model.reactor === reactor.currentState.detail?.reactor)
    XCTAssertEqual(screen.detail?.renderCount, 1)
  }

  func test_detailClosed_showsTheListAgain_andReleasesTheDetail() async {
    // given
    let reactor = await loadedReactor()
    let screen = InteractiveScreen(reactor: reactor)
    let list = screen.text
    reactor.send(.showDetail(reactor.currentState.shownSections[0].title))
    _ = screen.text
    weak let detail = reactor.currentState.detail?.reactor
    XCTAssertNotNil(screen.detail)

    // when: the detail closes itself, as the 'back' command does
    reactor.currentState.detail?.send(.close)
    let text = screen.text

    // then
    XCTAssertEqual(text, list)
    XCTAssertNil(screen.detail)
    XCTAssertNil(detail, "neither the state nor the screen keeps the closed detail")
    XCTAssertEqual(screen.list.renderCount, 1)
  }
}
