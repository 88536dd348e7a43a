#if canImport(Testing)
  import ReactorFlowTestSupport
  import ReactorFlowTesting
  import Testing

  /// Forty-eight tests, run in parallel, each with its own shared value: the reactors of each see
  /// only their own test's changes, since a shared value is made by the test, not found in a
  /// process-wide default.
  @MainActor
  @Suite struct SharedValueSwiftTests {
    @Test(arguments: 0..<48)
    func test_sharedValues_ofParallelTests_neverLeakBetweenThem(index: Int) async {
      let cart = SharedValue<[String]>([])
      let writer = SharedCartReactor(cart: cart)
      let tester = ReactorTester(SharedCartReactor(cart: cart))

      writer.send(.add("item \(index)"))
      await tester.receive(.setItems(["item \(index)"])) { $0.items = ["item \(index)"] }
      await Task.yield()
      writer.send(.add("more \(index)"))
      await tester.receive(.setItems(["item \(index)", "more \(index)"])) {
        $0.items = ["item \(index)", "more \(index)"]
      }
      await tester.finish()

      #expect(cart.value == ["item \(index)", "more \(index)"])
      #expect(cart.subscriberCount == 2)
    }
  }
#endif
