import ReactorFlow
import ReactorFlowTestSupport
import ReactorFlowTesting
import XCTest

// The reactors of ReactorFlow's "Deep links" article (DeepLinks.md), verbatim (DocCSnippetTests
// checks that they stay so): a file browser whose navigation stack a route fills in one reduction.
/// A folder of a file tree, with its subfolders.
struct Folder: Equatable, Sendable {
  var name: String
  var subfolders: [Folder] = []

  func subfolder(named name: String) -> Folder? {
    subfolders.first { $0.name == name }
  }
}

/// Why a route names a folder that is not there.
struct NoSuchFolder: Error, CustomStringConvertible {
  var description: String
}

/// The screen of one folder: it announces when the user closes it.
@MainActor
final class FolderReactor: OutputReactor {
  enum Action: Sendable, Equatable { case select(String), close }
  enum Output: Sendable, Equatable { case didClose }
  struct State: Equatable, Sendable {
    var folder: Folder
    var selected: String?
  }

  let initialState: State
  let runtime = Runtime()

  init(folder: Folder) {
    initialState = State(folder: folder)
  }

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    if case .select(let name) = mutation { state.selected = name }
    return state
  }

  func output(for mutation: Action) -> Output? {
    mutation == .close ? .didClose : nil
  }
}

/// A file browser: a stack of folder screens, which a route such as `["Documents", "Taxes"]`
/// opens at once.
@MainActor
final class BrowserReactor: Reactor {
  enum Action: Sendable {
    case open(route: [String])  // a deep link: folder names from the root
    case popTo(Int)
  }

  enum Mutation: Sendable, Equatable {
    case setPath(ChildStack<FolderReactor>)
    case rejectRoute(RouteError)
    case popTo(Int)
  }

  struct State: Equatable, Sendable {
    var path = ChildStack<FolderReactor>()
    var routeError: RouteError?
  }

  let initialState = State()
  let runtime = Runtime()
  private let root: Folder

  init(root: Folder) {
    self.root = root
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .open(let route):
      do {
        return .send(.setPath(try path(for: route)))
      } catch {
        return .send(.rejectRoute(error))  // the screens stay as they are
      }
    case .popTo(let count):
      return .send(.popTo(count))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setPath(let path):
      state.path = path
      state.routeError = nil
    case .rejectRoute(let error):
      state.routeError = error
    case .popTo(let count):
      state.path.pop(toCount: count)
    }
    return state
  }

  /// One folder screen per name, each found in the folder below it, adopted by this reactor.
  private func path(for route: [String]) throws(RouteError) -> ChildStack<FolderReactor> {
    try ChildStack(route: route) { name, below in
      let parent = below.top?.currentState.folder ?? root
      guard let folder = parent.subfolder(named: name) else {
        throw NoSuchFolder(description: "\(parent.name) has no folder \(name)")
      }
      return adopt(FolderReactor(folder: folder)) { [count = below.count] output in
        switch output {
        case .didClose: .popTo(count)
        }
      }
    }
  }
}

@MainActor
final class DeepLinksArticleTests: XCTestCase {
  private static let root = Folder(
    name: "Home",
    subfolders: [
      Folder(name: "Documents", subfolders: [Folder(name: "Taxes", subfolders: [Folder(name: "2025")])]),
      Folder(name: "Music"),
    ])

  func test_open_validRoute_buildsTheWholeStackInOnePublishedState() async {
    // given
    let reactor = BrowserReactor(root: Self.root)
    var published: [[String]] = []
    let token = reactor.observe(\.path) { path in
      published.append(path.map { $0.currentState.folder.name })
    }

    // when
    reactor.send(.open(route: ["Documents", "Taxes", "2025"]))

    // then: the current state, then one new state with the three screens
    token.cancel()
    XCTAssertEqual(published, [[], ["Documents", "Taxes", "2025"]])
    XCTAssertNil(reactor.currentState.routeError)
  }

  func test_open_validRoute_childrenWorkAndTheirOutputsReachTheParent() async throws {
    // given
    let reactor = BrowserReactor(root: Self.root)
    reactor.send(.open(route: ["Documents", "Taxes", "2025"]))
    weak let taxes = reactor.currentState.path[1].reactor
    weak let year = reactor.currentState.path[2].reactor

    // when
    reactor.currentState.path[1].send(.select("2025"))
    XCTAssertEqual(taxes?.currentState.selected, "2025")
    reactor.currentState.path[1].send(.close)

    // then: the child reduced its action, and its output popped it and the screen above it
    XCTAssertEqual(reactor.currentState.path.map { $0.currentState.folder.name }, ["Documents"])
    XCTAssertNil(taxes, "the state held the only reference to the popped child")
    XCTAssertNil(year, "the state held the only reference to the popped child")
  }

  func test_open_invalidRoute_changesNoScreenAndReportsTheError() async {
    // given
    let reactor = BrowserReactor(root: Self.root)
    reactor.send(.open(route: ["Music"]))
    let before = reactor.currentState.path
    var pathChanges = 0
    let token = reactor.observe(\.path) { _ in pathChanges += 1 }

    // when
    reactor.send(.open(route: ["Documents", "Invoices", "2025"]))

    // then
    token.cancel()
    XCTAssertEqual(pathChanges, 1, "only the current path, replayed on observe")
    XCTAssertEqual(reactor.currentState.path, before)
    XCTAssertEqual(
      reactor.currentState.routeError,
      RouteError(position: 1, destination: "Invoices", reason: "Documents has no folder Invoices"))
    XCTAssertEqual(
      reactor.currentState.routeError?.description,
      "cannot open Invoices (step 2 of the route): Documents has no folder Invoices")
  }

  func test_open_withTester_oneStepForTheRouteThenTheChildsOutput() async throws {
    // given
    let tester = ReactorTester(BrowserReactor(root: Self.root))

    // when
    await tester.send(.open(route: ["Documents", "Taxes"])) { $0.path = tester.state.path }
    XCTAssertEqual(tester.state.path.map { $0.currentState.folder.name }, ["Documents", "Taxes"])
    await tester.send(.open(route: ["Nowhere"])) {
      $0.routeError = RouteError(position: 0, destination: "Nowhere", reason: "Home has no folder Nowhere")
    }
    await tester.send(.close, to: \.path[1])

    // then
    await tester.receiveOutput(FolderReactor.Output.didClose)
    await tester.receive(.popTo(1)) { $0.path.pop(toCount: 1) }
    await tester.finish()
  }

  func test_childStackRoute_emptyRoute_buildsAnEmptyStack() async throws {
    // when
    let stack = try ChildStack<FolderReactor>(route: [String]()) { name, _ in
      Child(FolderReactor(folder: Folder(name: name)))
    }

    // then
    XCTAssertTrue(stack.isEmpty)
  }

  func test_childStackRoute_childThrowsARouteError_keepsItAsItIs() async {
    // given
    let thrown = RouteError(position: 7, destination: "Deep", reason: "made by the test")

    // when
    var caught: RouteError?
    do {
      _ = try ChildStack<FolderReactor>(route: ["A", "B"]) { name, below in
        if below.count == 1 { throw thrown }
        return Child(FolderReactor(folder: Folder(name: name)))
      }
    } catch {
      caught = error
    }

    // then
    XCTAssertEqual(caught, thrown)
  }

  func test_childStackRoute_failure_releasesTheChildrenItMade() async {
    // given
    weak var made: FolderReactor?

    // when
    do {
      _ = try ChildStack<FolderReactor>(route: ["A", "B"]) { name, below in
        guard below.isEmpty else { throw NoSuchFolder(description: "no \(name)") }
        let reactor = FolderReactor(folder: Folder(name: name))
        made = reactor
        return Child(reactor)
      }
      XCTFail("the route was built")
    } catch {
      XCTAssertEqual(error, RouteError(position: 1, destination: "B", reason: "no B"))
    }

    // then
    XCTAssertNil(made)
  }
}
