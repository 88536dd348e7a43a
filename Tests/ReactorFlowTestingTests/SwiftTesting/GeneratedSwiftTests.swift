#if canImport(Testing)
  import ReactorFlow
  import ReactorFlowTesting
  import Testing

  /// Generated tests under Swift Testing, in parallel: each argument is a test of its own, with
  /// its own runs, reactors, clocks and seed.
  @MainActor
  @Suite struct GeneratedSwiftTests {
    /// The till's actions without `checkout`: the planted bug is then reached only through the
    /// effect of `checkoutLater`, a second later on the clock.
    static let actions: Generator<CheckoutReactor.Action> = .oneOf(
      Generator.int(in: 1...99).map { CheckoutReactor.Action.add(price: $0) }.weighted(3),
      .constant(.removeLast),
      .constant(.clear),
      .constant(.checkoutLater)
    )

    static func makeTest(seed: UInt64, isFixed: Bool) -> GeneratedTest<CheckoutReactor> {
      var test = GeneratedTest(
        seed: seed, actions: actions,
        advances: .duration(in: .milliseconds(500)...(.seconds(3)), by: .milliseconds(500)),
        invariants: CheckoutProperties.invariants
      ) { CheckoutReactor(clock: $0, isFixed: isFixed) }
      test.printsReport = false
      return test
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6])
    func plantedBugThroughAnEffect_isShrunkToTheStepsThatReachIt(seed: UInt64) async throws {
      let test = Self.makeTest(seed: seed, isFixed: false)

      var report: GeneratedTestReport<CheckoutReactor>?
      let failures = await captureFailures { report = await test.run() }

      #expect(failures.count == 1)
      let failure = try #require(report?.failure)
      #expect(
        failure.steps.map(\.description) == [
          "send(.add(price: 1))", "send(.add(price: 1))", "send(.add(price: 1))",
          "send(.checkoutLater)", "advance(by: .seconds(1))",
        ])
      #expect(
        failure.testerSource.contains("await clock.advance(by: .seconds(1))\nawait tester.receive(.checkout)")
      )
    }

    @Test(arguments: [UInt64(11), 12, 13, 14])
    func fixedReducer_keepsEveryInvariantInEveryRun(seed: UInt64) async {
      let test = Self.makeTest(seed: seed, isFixed: true)

      let report = await test.run()

      #expect(report.failure == nil)
      #expect(report.steps == report.runs * 30)
      #expect(report.actionCoverage.isComplete)
    }

    @Test func brokenInvariant_isRecordedAsAnIssue() async {
      let test = Self.makeTest(seed: 1, isFixed: false)

      await withKnownIssue {
        await test.run()
      } matching: { issue in
        issue.comments.contains { $0.rawValue.contains("Minimal sequence:") }
      }
    }
  }
#endif
