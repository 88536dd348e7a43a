import Foundation
import GitHubSearchCore
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The live client with a transport that answers from memory: the request it makes and how it
/// reads the answers. Nothing goes over the network.
final class LiveGitHubSearchClientTests: XCTestCase {
  private let base = URL(string: "https://example.invalid/search/repositories")!

  /// A transport that records the request and answers `body` with `status`.
  private final class Answer: @unchecked Sendable {
    private let lock = NSLock()
    private var requests: [URLRequest] = []
    let status: Int
    let body: String

    init(status: Int = 200, body: String) {
      self.status = status
      self.body = body
    }

    var urls: [String] { lock.withLock { requests.compactMap { $0.url?.absoluteString } } }

    func send(_ request: URLRequest) -> (Data, URLResponse) {
      lock.withLock { requests.append(request) }
      let response = HTTPURLResponse(
        url: request.url!, statusCode: status, httpVersion: nil, headerFields: nil)!
      return (Data(body.utf8), response)
    }
  }

  private func client(_ answer: Answer) -> LiveGitHubSearchClient {
    LiveGitHubSearchClient(baseURL: base) { answer.send($0) }
  }

  func test_search_asksForTheQueryAndPage_andReadsTheFullNames() async throws {
    let answer = Answer(body: #"{"total_count":2,"items":[{"full_name":"a/b"},{"full_name":"c/d"}]}"#)
    let page = try await client(answer).search(query: "swift reactor", page: 2)
    XCTAssertEqual(page, SearchPage(repos: ["a/b", "c/d"], nextPage: 3))
    XCTAssertEqual(answer.urls, ["https://example.invalid/search/repositories?q=swift%20reactor&page=2"])
  }

  func test_search_anEmptyPage_isTheLast() async throws {
    let page = try await client(Answer(body: #"{"items":[]}"#)).search(query: "x", page: 4)
    XCTAssertEqual(page, SearchPage(repos: [], nextPage: nil))
  }

  func test_search_status403_isTheRateLimit() async {
    await assertThrows(.rateLimited, client(Answer(status: 403, body: "{}")))
  }

  func test_search_anotherStatus_namesIt() async {
    await assertThrows(.status(500), client(Answer(status: 500, body: "")))
  }

  func test_search_aBodyThatIsNotAResult_isMalformed() async {
    await assertThrows(.malformedResponse, client(Answer(body: "<html>")))
  }

  private func assertThrows(
    _ expected: GitHubSearchError, _ client: LiveGitHubSearchClient, line: UInt = #line
  ) async {
    do {
      _ = try await client.search(query: "x", page: 1)
      XCTFail("no error", line: line)
    } catch {
      XCTAssertEqual(error as? GitHubSearchError, expected, line: line)
    }
  }

  func test_preview_answersThreePagesFromMemory() async throws {
    let client: any GitHubSearchClient = .preview
    let first = try await client.search(query: "q", page: 1)
    let last = try await client.search(query: "q", page: 3)
    let after = try await client.search(query: "q", page: 4)
    XCTAssertEqual(first, SearchPage(repos: ["q/repo-1", "q/repo-2", "q/repo-3"], nextPage: 2))
    XCTAssertEqual(last.nextPage, nil)
    XCTAssertEqual(after, SearchPage(repos: [], nextPage: nil))
  }
}
