/// Made-up repositories for any query, answered from memory: no network, the same answer every
/// time. The value of previews and demo screens.
public struct PreviewGitHubSearchClient: GitHubSearchClient {
  /// How many pages a query has.
  public let pageCount: Int
  /// How many repositories a page holds.
  public let pageSize: Int

  /// Makes a client whose every query has `pageCount` pages of `pageSize` repositories.
  /// - Parameters:
  ///   - pageCount: How many pages a query has.
  ///   - pageSize: How many repositories a page holds.
  public init(pageCount: Int = 3, pageSize: Int = 3) {
    self.pageCount = pageCount
    self.pageSize = pageSize
  }

  /// `query/repo-1`, `query/repo-2`, … for pages `1...pageCount`; an empty last page after them.
  public func search(query: String, page: Int) async throws -> SearchPage {
    guard (1...pageCount).contains(page) else { return SearchPage(repos: [], nextPage: nil) }
    let first = (page - 1) * pageSize + 1
    let repos = (first..<first + pageSize).map { "\(query)/repo-\($0)" }
    return SearchPage(repos: repos, nextPage: page < pageCount ? page + 1 : nil)
  }
}
