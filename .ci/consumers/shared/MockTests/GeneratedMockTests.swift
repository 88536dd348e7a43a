import ReactorFlowTesting
import Testing

@testable import Feature

// `SearchClientMock` is not in this folder: .ci/consumers.sh runs
// `swift package generate-mocks --target Feature --output Tests/MockTests/Mocks` before the build,
// from the `- Mockable` line of `SearchClient`'s documentation comment.
@MainActor
struct GeneratedMockTests {
  @Test func search_answeredByTheGeneratedMock_showsTheResults() async {
    let clock = TestClock()
    let client = SearchClientMock()
    client.searchSpy.handler = { .success(["\($0)!"]) }
    let tester = ReactorTester(SearchReactor(client: client, clock: clock))
    await tester.send(.query("sw")) { $0.query = "sw" }
    await clock.advance(by: .milliseconds(300))
    await tester.receive(.setResults(["sw!"])) { $0.results = ["sw!"] }
    await tester.finish()
    #expect(client.searchSpy.allArguments == ["sw"])
  }

  @Test func search_unstubbed_failsNamingTheMock() async {
    let client = SearchClientMock()
    let failures = await captureFailures { _ = try? await client.search("x") }
    #expect(failures.count == 1)
    #expect(failures.first?.message.contains("SearchClientMock.search(_:)") == true)
  }
}
