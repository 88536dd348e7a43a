import ReactorFlow
import XCTest

/// Counts the updates that bindings made, outside the view, so that a test can tell that a
/// released view's bindings ended (a binding that captures the view weakly would do nothing anyway).
@MainActor
private final class UpdateLog {
  var entries: [String] = []
}

/// A UIKit-style view: a label and a button, bound by hand.
@MainActor
private final class ProfileHeaderView: ReactorView {
  let reactorStorage = ReactorViewStorage<ProfileReactor>()
  private let log: UpdateLog
  private(set) var nameLabel = ""
  private(set) var bindCount = 0
  var onFollowTap: (() -> Void)?

  init(log: UpdateLog) {
    self.log = log
  }

  func bind(reactor: ProfileReactor) {
    bindCount += 1
    let log = self.log
    reactor.observe(\.username) { [weak self] name in
      log.entries.append(name)
      self?.nameLabel = name
    }
    .store(in: bag)
    onFollowTap = { [weak reactor] in reactor?.send(.toggleFollow) }
  }
}

@MainActor
final class ReactorViewTests: XCTestCase {
  func test_settingAReactor_bindsTheView() async {
    // given
    let view = ProfileHeaderView(log: UpdateLog())
    let reactor = ProfileReactor()

    // when
    view.reactor = reactor
    reactor.send(.setUsername("grace"))
    view.onFollowTap?()

    // then
    XCTAssertEqual(view.bindCount, 1)
    XCTAssertEqual(view.nameLabel, "grace")
    XCTAssertTrue(reactor.currentState.isFollowing)
    XCTAssertTrue(view.reactor === reactor)
  }

  func test_settingAnotherReactor_endsTheOldBindingsAndBindsTheNewOne() async {
    // given
    let log = UpdateLog()
    let view = ProfileHeaderView(log: log)
    let first = ProfileReactor()
    let second = ProfileReactor()
    view.reactor = first

    // when
    view.reactor = second
    first.send(.setUsername("old"))
    second.send(.setUsername("new"))

    // then
    XCTAssertEqual(view.bindCount, 2)
    XCTAssertEqual(view.bag.count, 1)
    XCTAssertEqual(log.entries, ["ada", "ada", "new"])
    XCTAssertEqual(view.nameLabel, "new")
  }

  func test_settingNil_endsTheBindings() async {
    // given
    let log = UpdateLog()
    let view = ProfileHeaderView(log: log)
    let reactor = ProfileReactor()
    view.reactor = reactor

    // when
    view.reactor = nil
    reactor.send(.setUsername("grace"))

    // then
    XCTAssertNil(view.reactor)
    XCTAssertTrue(view.bag.isEmpty)
    XCTAssertEqual(log.entries, ["ada"])
  }

  func test_releasingTheView_whileTheReactorLives_endsItsBindings() async {
    // given
    let log = UpdateLog()
    var view: ProfileHeaderView? = ProfileHeaderView(log: log)
    var reactor: ProfileReactor? = ProfileReactor()
    weak let weakReactor = reactor
    weak let weakView = view
    view?.reactor = reactor
    let keepAlive = reactor  // something else (a parent screen) still holds the reactor
    reactor = nil

    // when
    view = nil
    keepAlive?.send(.setUsername("grace"))

    // then
    XCTAssertNil(weakView, "the reactor's observers must not keep the view alive")
    XCTAssertEqual(log.entries, ["ada"], "the released view's binding must have ended")
    withExtendedLifetime(keepAlive) {}
    XCTAssertNotNil(weakReactor)
  }

  func test_releasingTheView_releasesTheReactorItOwned() async {
    // given
    var view: ProfileHeaderView? = ProfileHeaderView(log: UpdateLog())
    view?.reactor = ProfileReactor()
    weak let weakReactor = view?.reactor

    // when
    view = nil

    // then
    XCTAssertNil(weakReactor, "no retain cycle between the view and its reactor")
  }
}
