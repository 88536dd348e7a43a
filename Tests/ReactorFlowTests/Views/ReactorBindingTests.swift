import Observation
import ReactorFlow
import XCTest

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
final class ReactorBindingTests: XCTestCase {
  func test_modelBinding_write_sendsExactlyOneActionSynchronously() async {
    // given
    let reactor = ProfileReactor()
    let model = ObservedReactor(reactor)
    let username = model.binding(\.username, send: ProfileReactor.Action.setUsername)

    // when
    username.value = "grace"

    // then: sent and reduced before the assignment returned
    XCTAssertEqual(reactor.sentActions, ["setUsername(\"grace\")"])
    XCTAssertEqual(username.value, "grace")
    XCTAssertEqual(model.username, "grace")
  }

  func test_modelBinding_readInAView_isTrackedLikeTheProperty() async {
    // given
    let model = ObservedReactor(ProfileReactor())
    let isFollowing = model.binding(\.isFollowing) { _ in .toggleFollow }
    var shown: [Bool] = []
    let view = RenderedView { shown.append(isFollowing.value) }

    // when
    model.send(.setUsername("grace"))
    view.renderIfNeeded()
    isFollowing.value = true
    view.renderIfNeeded()

    // then
    XCTAssertEqual(view.invalidations, 1)
    XCTAssertEqual(shown, [false, true])
  }

  func test_modelBinding_valueThatIsNotEquatable_sendsAndReads() async {
    // given
    let reactor = ProfileReactor()
    let model = ObservedReactor(reactor)
    let badge = model.binding(\.badge) { .setBadge($0.label) }

    // when
    badge.value = Badge(label: "gold")

    // then
    XCTAssertEqual(reactor.sentActions, ["setBadge(\"gold\")"])
    XCTAssertEqual(badge.value.label, "gold")
  }

  func test_reactorBinding_write_sendsExactlyOneActionSynchronously() async {
    // given
    let reactor = ProfileReactor()
    let followers = reactor.binding(\.followers, send: ProfileReactor.Action.setFollowers)

    // when
    followers.value = 12

    // then
    XCTAssertEqual(reactor.sentActions, ["setFollowers(12)"])
    XCTAssertEqual(followers.value, 12)
  }

  func test_reactorBinding_doesNotKeepTheReactorAlive() async {
    // given
    var reactor: ProfileReactor? = ProfileReactor()
    weak let weakReactor = reactor
    let username = reactor?.binding(\.username, send: ProfileReactor.Action.setUsername)
    reactor?.send(.setUsername("grace"))
    XCTAssertEqual(username?.value, "grace")

    // when
    reactor = nil

    // then: the reactor is gone; the binding answers its last value and ignores writes
    XCTAssertNil(weakReactor)
    username?.value = "alan"
    XCTAssertEqual(username?.value, "grace")
  }

  func test_modelBinding_doesNotKeepTheModelOrTheReactorAlive() async {
    // given
    var model: ObservedReactor<ProfileReactor>? = ObservedReactor(ProfileReactor())
    weak let weakModel = model
    weak let weakReactor = model?.reactor
    let username = model?.binding(\.username, send: ProfileReactor.Action.setUsername)

    // when
    model = nil

    // then
    XCTAssertNil(weakModel)
    XCTAssertNil(weakReactor)
    XCTAssertEqual(username?.value, "ada")
  }
}
