/// One call of `search(query:page:)`, comparable in assertions (the spy records a tuple).
struct SearchCall: Equatable, Sendable {
  let query: String
  let page: Int
}

extension GitHubSearchClientMock {
  /// The searches so far, first to last.
  var searchCalls: [SearchCall] {
    searchSpy.allArguments.map { SearchCall(query: $0.query, page: $0.page) }
  }
}
