import ReactorFlow
import ReactorFlowTestSupport
import ReactorFlowTesting
import XCTest

// The snippets of the doc comments of `Loadable`, `DescribedError` and `RouteError`, verbatim
// (DocCSnippetTests checks that they stay so), compiled and run here.

/// Where `PeopleListReactor` loads its names from.
struct PeopleListClient: Sendable {
  var people: @Sendable () async throws -> [String]
}

/// A list of people loaded as a `Loadable`, its errors kept as `DescribedError`s.
@MainActor
final class PeopleListReactor: Reactor {
  enum Action: Sendable { case load }
  enum Mutation: Sendable {
    case startLoading
    case setPeople([String])
    case setError(DescribedError)
  }

  struct State: Equatable, Sendable {
    var people: Loadable<[String], DescribedError> = .idle
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .startLoading: state.people.startLoading()  // keeps the people shown
    case .setPeople(let people): state.people = .loaded(people)
    case .setError(let error): state.people.fail(error)  // keeps them too
    }
    return state
  }

  let initialState = State()
  let runtime = Runtime()
  private let client: PeopleListClient

  init(client: PeopleListClient) {
    self.client = client
  }

  func mutate(action: Action) -> Effect<Mutation> {
    let client = client
    return .concatenate(
      .send(.startLoading),
      .run { send in
        await send(.setPeople(try await client.people()))
      } catch: { error, send in
        await send(.setError(DescribedError(error)))
      }
    )
  }
}

private struct Unreachable: Error, CustomStringConvertible {
  var description: String { "no connection" }
}

@MainActor
final class LoadingAndRouteSymbolSnippetTests: XCTestCase {
  // Loadable and DescribedError
  func test_loadable_keepsThePeopleWhenAReloadFails() async {
    // given: one successful load
    let answers = Locked<[Result<[String], Unreachable>]>([.success(["Ada"]), .failure(Unreachable())])
    let reactor = PeopleListReactor(
      client: PeopleListClient {
        try answers.withLock { $0.removeFirst() }.get()
      })
    await bounded("the first load finishes") { await reactor.send(.load).finish() }
    XCTAssertEqual(reactor.currentState.people, .loaded(["Ada"]))

    // when: a reload that fails
    let task = reactor.send(.load)
    XCTAssertEqual(reactor.currentState.people, .loading(previous: ["Ada"]))
    await bounded("the failed reload finishes") { await task.finish() }

    // then: the error is shown and the people are kept
    XCTAssertEqual(reactor.currentState.people.error, DescribedError(description: "no connection"))
    XCTAssertEqual(reactor.currentState.people.value, ["Ada"])
  }

  // RouteError
  func test_routeError_description_namesTheStepAndTheReason() {
    let describe = {
      RouteError(position: 1, destination: "order 42", reason: "there is no such order")
        .description  // "cannot open order 42 (step 2 of the route): there is no such order"
    }
    XCTAssertEqual(describe(), "cannot open order 42 (step 2 of the route): there is no such order")
  }

  // ChildStack(route:child:): its snippet is BrowserReactor's `path(for:)` (DeepLinksArticleTests).
  func test_childStackRoute_opensTheTwoScreensOrRejectsTheRoute() {
    let home = Folder(
      name: "Home", subfolders: [Folder(name: "Documents", subfolders: [Folder(name: "Taxes")])])
    let reactor = BrowserReactor(root: home)
    reactor.send(.open(route: ["Documents", "Taxes"]))
    XCTAssertEqual(reactor.currentState.path.map { $0.currentState.folder.name }, ["Documents", "Taxes"])

    let bare = BrowserReactor(root: Folder(name: "Home", subfolders: [Folder(name: "Documents")]))
    bare.send(.open(route: ["Documents", "Taxes"]))
    XCTAssertTrue(bare.currentState.path.isEmpty)
    XCTAssertEqual(
      bare.currentState.routeError?.description,
      "cannot open Taxes (step 2 of the route): Documents has no folder Taxes")
  }

}
