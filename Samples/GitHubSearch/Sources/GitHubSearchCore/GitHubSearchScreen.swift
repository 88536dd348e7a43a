import ReactorFlow

/// The search screen as text: what ReactorKit's `GitHubSearchViewController` shows and sends,
/// without UIKit, so that a demo, a preview and a test drive the same view.
///
/// The search bar sends ``GitHubSearchReactor/Action/updateQuery(_:)``, reaching the end of the
/// list sends ``GitHubSearchReactor/Action/loadNextPage``, and ``lines`` is what the table shows.
@MainActor
public final class GitHubSearchScreen: ReactorView {
  /// The reactor the screen is bound to.
  public let reactorStorage = ReactorViewStorage<GitHubSearchReactor>()
  /// What the screen shows, top to bottom.
  public private(set) var lines: [String] = []

  /// Makes a screen bound to no reactor.
  public init() {}

  /// Observes the state and renders it into ``lines``.
  public func bind(reactor: GitHubSearchReactor) {
    reactor.observe(\.self) { [weak self] state in
      self?.lines = Self.render(state)
    }
    .store(in: bag)
  }

  /// The search bar's text changed.
  public func searchBarTextChanged(_ text: String?) {
    reactor?.send(.updateQuery(text))
  }

  /// The list was scrolled to its last row.
  public func scrolledToEnd() {
    reactor?.send(.loadNextPage)
  }

  /// The lines of a state: the query, the repositories, then a loading row or an error.
  static func render(_ state: GitHubSearchReactor.State) -> [String] {
    var lines = ["search: \(state.query ?? "")"]
    lines += state.repos.map { "  \($0)" }
    if state.isLoadingNextPage { lines.append("  loading more…") }
    if let error = state.errorMessage { lines.append("error: \(error)") }
    return lines
  }
}
