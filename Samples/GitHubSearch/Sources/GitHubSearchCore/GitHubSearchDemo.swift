import ReactorFlow

/// The search screen as previews show it, with no network and no test framework: once on a
/// stubbed reactor with a fixed state, once on a real reactor with the preview client.
@MainActor
public enum GitHubSearchDemo {
  /// Runs both previews and returns what the screen showed, and the actions it sent.
  public static func run() async -> [String] {
    var shown = ["# a stubbed reactor with a fixed state"]
    shown += stubbed()
    shown.append("# a reactor with the preview client")
    shown += await withPreviewClient()
    return shown
  }

  /// A fixed state on a stub, as a `#Preview` of one look of the screen does; the actions the
  /// screen sends are recorded, not processed.
  static func stubbed() -> [String] {
    let stub = ReactorStub(GitHubSearchReactor(client: .preview))
    let screen = GitHubSearchScreen()
    screen.reactor = stub.reactor
    stub.state = GitHubSearchReactor.State(
      query: "reactor", repos: ["ReactorKit/ReactorKit", "devxoul/RxTodo"], nextPage: 2,
      isLoadingNextPage: true)
    var shown = screen.lines
    screen.searchBarTextChanged("reactorflow")
    screen.scrolledToEnd()
    shown.append("sent: \(stub.actions.map(describe).joined(separator: ", "))")
    return shown
  }

  /// The real reactor on the preview client: type a query, wait for its results, scroll to the
  /// end twice.
  static func withPreviewClient() async -> [String] {
    let reactor = GitHubSearchReactor(client: .preview)
    let screen = GitHubSearchScreen()
    screen.reactor = reactor
    await reactor.send(.updateQuery("swift")).finish()
    var shown = screen.lines
    await reactor.send(.loadNextPage).finish()
    await reactor.send(.loadNextPage).finish()
    shown += screen.lines.suffix(from: 1 + 3)
    shown.append("next page: \(reactor.currentState.nextPage.map { "\($0)" } ?? "none")")
    return shown
  }

  private static func describe(_ action: GitHubSearchReactor.Action) -> String {
    switch action {
    case .updateQuery(let query): "updateQuery(\(query ?? "nil"))"
    case .loadNextPage: "loadNextPage"
    }
  }
}
