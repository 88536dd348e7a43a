import ReactorFlowTesting

final class SearchClientMock: SearchClient {
  let searchSpy = Spy<String, [String]>()
  func search(_ query: String) async throws -> [String] { searchSpy(query) }
}
