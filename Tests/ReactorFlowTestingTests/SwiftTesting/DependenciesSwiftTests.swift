#if canImport(Testing)
  import ReactorFlowTesting
  import Testing

  /// Forty-eight tests, run in parallel, each with its own client value: what each reactor asks
  /// and what it shows come from its own test's mock, never from another's.
  @MainActor
  @Suite struct DependenciesSwiftTests {
    @Test(arguments: 0..<48)
    func test_clientValues_ofParallelTests_neverLeakBetweenThem(index: Int) async {
      let client = QuoteClientMock()
      client.priceSpy.returns(Double(index))
      let tester = ReactorTester(QuoteReactor(client: client))

      await tester.send(.refresh("S\(index)"))
      await tester.receive(.setPrice(Double(index))) { $0.price = Double(index) }
      await tester.finish()

      #expect(client.priceSpy.allArguments == ["S\(index)"])
    }
  }
#endif
