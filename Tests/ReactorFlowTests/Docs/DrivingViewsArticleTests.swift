import Observation
import ReactorFlow
import XCTest

// The compilable parts of ReactorFlow's "Driving views" article (DrivingViews.md), verbatim
// (DocCSnippetTests checks that they stay so); its SwiftUI and UIKit views are not compiled on Linux.
@MainActor
final class ProfileViewReactor: Reactor {
  enum Action: Sendable {
    case setName(String)
    case toggleFollow
  }

  struct State: Equatable, Sendable {
    var name = "Ada"
    var isFollowing = false
    var profile = Profile()
    @Pulse var message: String?
  }

  struct Profile: Equatable, Sendable {
    var city = "London"
    var bio = ""
  }

  let initialState = State()
  let runtime = Runtime()

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    switch mutation {
    case .setName(let name):
      state.name = name
    case .toggleFollow:
      state.isFollowing.toggle()
      state.message = state.isFollowing ? "Following \(state.name)" : nil
    }
    return state
  }
}

@MainActor
final class ProfileLine: ReactorView {
  let reactorStorage = ReactorViewStorage<ProfileViewReactor>()
  private(set) var text = ""

  func bind(reactor: ProfileViewReactor) {
    reactor.observe(\.name) { [weak self] in self?.text = "@\($0)" }.store(in: bag)
  }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
final class DrivingViewsArticleTests: XCTestCase {
  func test_profileLine_bindsAndRebinds() async {
    // given
    let line = ProfileLine()
    let first = ProfileViewReactor()

    // when
    line.reactor = first
    first.send(.setName("Grace"))
    line.reactor = ProfileViewReactor()
    first.send(.setName("Alan"))

    // then
    XCTAssertEqual(line.text, "@Ada")
  }

  func test_observationSnippet_runs() async {
    let model = ObservedReactor(ProfileViewReactor())
    withObservationTracking {
      print(model.name)
    } onChange: {
      print("the name changed")
    }
    model.send(.toggleFollow)  // prints nothing: the name is the same
    model.send(.setName("Grace"))  // prints "the name changed"
    XCTAssertEqual(model.name, "Grace")
  }

  func test_observationSnippet_onlyTheNameChangeFires() async {
    // given: the article's lines, with a count in place of print
    let model = ObservedReactor(ProfileViewReactor())
    let changes = ChangeCount()
    withObservationTracking {
      _ = model.name
    } onChange: {
      changes.increment()
    }

    // when
    model.send(.toggleFollow)
    let afterToggle = changes.value
    model.send(.setName("Grace"))

    // then
    XCTAssertEqual(afterToggle, 0)
    XCTAssertEqual(changes.value, 1)
    XCTAssertEqual(model.$message.value, "Following Ada")
  }

  func test_bindings_writeSendsAndTheNextReadSeesIt() async {
    // given
    let model = ObservedReactor(ProfileViewReactor())
    let name = model.binding(\.name, send: ProfileViewReactor.Action.setName)
    let isFollowing = model.binding(\.isFollowing) { _ in .toggleFollow }

    // when
    name.value = "Grace"
    isFollowing.value = true

    // then
    XCTAssertEqual(name.value, "Grace")
    XCTAssertTrue(isFollowing.value)
    XCTAssertEqual(model[\.profile.city], "London")
  }
}
