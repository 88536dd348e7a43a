import Foundation

/// A page of repositories that a search found.
public struct SearchPage: Equatable, Sendable {
  /// The repositories' full names (`owner/name`), in the server's order.
  public var repos: [String]
  /// The page to ask for next, or `nil` when this one is the last.
  public var nextPage: Int?

  /// Makes a page.
  /// - Parameters:
  ///   - repos: The repositories' full names.
  ///   - nextPage: The page to ask for next, or `nil`.
  public init(repos: [String], nextPage: Int?) {
    self.repos = repos
    self.nextPage = nextPage
  }
}

/// Searches GitHub's repositories: the one service that ``GitHubSearchReactor`` uses.
///
/// `Sendable`, because the reactor's effects call it off the main actor. The app passes
/// ``live(baseURL:)``; previews and demo screens pass ``preview``, which answers from memory; tests
/// pass a mock.
///
/// ```swift
/// let reactor = GitHubSearchReactor(client: .live())     // the app
/// let preview = GitHubSearchReactor(client: .preview)    // a preview or a demo screen
/// ```
///
/// - Mockable
public protocol GitHubSearchClient: Sendable {
  /// The repositories matching `query` on page `page` (from 1). Throws a
  /// ``GitHubSearchError``, or `CancellationError` when the search was cancelled.
  func search(query: String, page: Int) async throws -> SearchPage
}

/// Why a search failed.
public enum GitHubSearchError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The server refused the request because of its rate limit (HTTP 403).
  case rateLimited
  /// The server answered with another status than 200.
  case status(Int)
  /// The body was not a search result.
  case malformedResponse

  /// What a screen shows for the error.
  public var description: String {
    switch self {
    case .rateLimited: "GitHub's rate limit was exceeded. Wait a minute and try again."
    case .status(let code): "GitHub answered with HTTP status \(code)."
    case .malformedResponse: "GitHub's answer could not be read."
    }
  }
}

extension GitHubSearchClient where Self == LiveGitHubSearchClient {
  /// GitHub's search API, or a server at `baseURL` that speaks its format.
  /// - Parameter baseURL: The endpoint; `q` and `page` are added to its query.
  /// - Returns: The live client.
  public static func live(baseURL: URL = LiveGitHubSearchClient.defaultBaseURL) -> Self {
    LiveGitHubSearchClient(baseURL: baseURL)
  }
}

extension GitHubSearchClient where Self == PreviewGitHubSearchClient {
  /// Three pages of made-up repositories for any query, from memory: for previews and demo screens.
  public static var preview: Self { PreviewGitHubSearchClient() }
}
