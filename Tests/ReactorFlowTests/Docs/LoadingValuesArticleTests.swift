import ReactorFlow
import ReactorFlowTestSupport
import ReactorFlowTesting
import XCTest

// The code of ReactorFlow's "Loading values" article (LoadingValues.md), verbatim
// (DocCSnippetTests checks that it stays so), and its test.
/// A list of names from a service: shown while it reloads, and after a reload fails.
@MainActor
final class NamesReactor: Reactor {
  enum Action: Sendable { case load }

  enum Mutation: Sendable, Equatable {
    case startLoading
    case setNames([String])
    case setError(DescribedError)
  }

  struct State: Equatable, Sendable {
    var names: Loadable<[String], DescribedError> = .idle
  }

  let initialState = State()
  let runtime = Runtime()
  private let fetchNames: @Sendable () async throws -> [String]

  init(fetchNames: @escaping @Sendable () async throws -> [String]) {
    self.fetchNames = fetchNames
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .load:
      return Effect<Mutation>.run { [fetchNames] send in
        await send(.setNames(try await fetchNames()))
      } catch: { error, send in
        await send(.setError(DescribedError(error)))
      }
      .prepend(.startLoading)
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .startLoading: state.names.startLoading()  // keeps the names shown
    case .setNames(let names): state.names = .loaded(names)
    case .setError(let error): state.names.fail(error)  // keeps them too
    }
    return state
  }
}

/// What the screen shows: the names, with a line under them while loading or after a failure.
enum NamesScreen {
  static func lines(for names: Loadable<[String], DescribedError>) -> [String] {
    var lines = names.value ?? []
    if names.isLoading { lines.append("Loading…") }
    if let error = names.error { lines.append("Could not load: \(error)") }
    return lines
  }
}

/// Errors that a screen tells apart: the failure type of its loading value.
enum FeedError: Error, Equatable, Sendable { case offline, signedOut }

struct FeedState: Equatable, Sendable {
  var posts: Loadable<[String], FeedError> = .idle
  var needsSignIn: Bool { posts.error == .signedOut }
}

@MainActor
final class LoadingValuesArticleTests: XCTestCase {
  private struct Unreachable: Error, CustomStringConvertible {
    var description: String { "the server is unreachable" }
  }

  func test_load_thenAFailedReload_keepsTheNamesOnScreen() async {
    // given
    let answers = Answers([.success(["Ada", "Grace"]), .failure(Unreachable())])
    let tester = ReactorTester(NamesReactor { try await answers.next() })
    await tester.send(.load) { $0.names = .loading(previous: nil) }
    await tester.receive(.setNames(["Ada", "Grace"])) { $0.names = .loaded(["Ada", "Grace"]) }

    // when
    await tester.send(.load) { $0.names = .loading(previous: ["Ada", "Grace"]) }
    let error = DescribedError(description: "the server is unreachable")
    await tester.receive(.setError(error)) { $0.names = .failed(error, previous: ["Ada", "Grace"]) }

    // then
    await tester.finish()
    XCTAssertEqual(
      NamesScreen.lines(for: tester.state.names),
      ["Ada", "Grace", "Could not load: the server is unreachable"])
  }

  func test_screenLines_whileReloading_showTheNamesAndALoadingLine() async {
    // when
    let lines = NamesScreen.lines(for: .loading(previous: ["Ada", "Grace"]))

    // then
    XCTAssertEqual(lines, ["Ada", "Grace", "Loading…"])
  }

  func test_typedFailure_tellsErrorsApart() async {
    // given
    var feed = FeedState()

    // when
    feed.posts.startLoading()
    feed.posts.fail(.signedOut)

    // then
    XCTAssertTrue(feed.needsSignIn)
    XCTAssertEqual(feed.posts, .failed(.signedOut, previous: nil))
  }
}

/// The service's answers, in order: one per call.
private actor Answers {
  private var answers: [Result<[String], any Error>]

  init(_ answers: [Result<[String], any Error>]) {
    self.answers = answers
  }

  func next() throws -> [String] {
    try answers.removeFirst().get()
  }
}
