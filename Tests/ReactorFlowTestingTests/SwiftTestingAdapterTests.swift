#if canImport(Testing)
  import ReactorFlowTesting
  import Testing

  /// The failure adapter inside a Swift Testing test: failures become issues, not XCTest
  /// failures.
  @MainActor
  @Suite struct SwiftTestingAdapterTests {
    @Test func test_failure_insideSwiftTesting_isRecordedAsAnIssueAtTheCallSite() {
      // given
      let spy = Spy<Void, Int>("counter")
      let line = #line + 4

      // when / then
      withKnownIssue {
        _ = spy()
      } matching: { issue in
        issue.comments.contains { $0.rawValue.hasPrefix(#"Spy "counter" was called by"#) }
          && issue.sourceLocation?.line == line
      }
    }

    @Test func test_tester_wrongStateInsideSwiftTesting_isRecordedAsAnIssue() async {
      // given
      let tester = ReactorTester(AsyncCounterReactor())

      // when / then
      await withKnownIssue {
        await tester.send(.increment) { $0.count = 5 }
      } matching: { issue in
        issue.comments.contains { $0.rawValue.contains("+   - count: 1") }
      }
    }
  }
#endif
