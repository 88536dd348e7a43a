import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// GitHub's repository search over HTTP: `GET <baseURL>?q=<query>&page=<page>`.
///
/// What goes over the wire is a `transport`, `URLSession.shared` unless told otherwise, so that
/// tests check the request and the decoding with a transport that answers from memory.
public struct LiveGitHubSearchClient: GitHubSearchClient {
  /// Sends a request and returns the body and the response.
  public typealias Transport = @Sendable (URLRequest) async throws -> (Data, URLResponse)

  /// `https://api.github.com/search/repositories`.
  public static let defaultBaseURL =
    URL(string: "https://api.github.com/search/repositories") ?? URL(fileURLWithPath: "/")

  /// The endpoint; `q` and `page` are added to its query.
  public let baseURL: URL
  private let transport: Transport

  /// Makes a client for `baseURL` that sends its requests through `transport`.
  /// - Parameters:
  ///   - baseURL: The endpoint.
  ///   - transport: What sends a request; `URLSession.shared` by default.
  public init(
    baseURL: URL = LiveGitHubSearchClient.defaultBaseURL,
    transport: @escaping Transport = { try await URLSession.shared.data(for: $0) }
  ) {
    self.baseURL = baseURL
    self.transport = transport
  }

  /// The page's repositories, or a ``GitHubSearchError``.
  public func search(query: String, page: Int) async throws -> SearchPage {
    guard let request = request(query: query, page: page) else {
      throw GitHubSearchError.malformedResponse
    }
    let (data, response) = try await transport(request)
    if let status = (response as? HTTPURLResponse)?.statusCode, status != 200 {
      throw status == 403 ? GitHubSearchError.rateLimited : GitHubSearchError.status(status)
    }
    return try Self.decode(data, page: page)
  }

  /// `GET <baseURL>?q=query&page=page`, or `nil` when the base URL cannot take a query.
  func request(query: String, page: Int) -> URLRequest? {
    guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else { return nil }
    components.queryItems = [
      URLQueryItem(name: "q", value: query), URLQueryItem(name: "page", value: "\(page)"),
    ]
    guard let url = components.url else { return nil }
    var request = URLRequest(url: url)
    request.setValue("application/vnd.github+json", forHTTPHeaderField: "Accept")
    return request
  }

  /// The body of a search response: `{"items": [{"full_name": …}, …]}`. A page with no item is
  /// the last one.
  static func decode(_ data: Data, page: Int) throws -> SearchPage {
    struct Body: Decodable {
      struct Item: Decodable {
        let fullName: String
        enum CodingKeys: String, CodingKey { case fullName = "full_name" }
      }
      let items: [Item]
    }
    guard let body = try? JSONDecoder().decode(Body.self, from: data) else {
      throw GitHubSearchError.malformedResponse
    }
    let repos = body.items.map(\.fullName)
    return SearchPage(repos: repos, nextPage: repos.isEmpty ? nil : page + 1)
  }
}
