#if canImport(Testing)
  import ReactorFlow
  import ReactorFlowTesting
  import Testing

  /// The loader: a two-second fetch on the clock, cancelled by a newer load or by `cancel`.
  @MainActor
  @Suite struct PageLoaderSwiftTests {
    private typealias Fetch = Spy<Int, Result<[Int], PageLoaderReactor.Offline>>

    private func fetchSpy() -> Fetch {
      let spy = Fetch("fetch", placeholder: .success([]))
      spy.handler = { page in .success([page * 10, page * 10 + 1]) }
      return spy
    }

    @Test func test_load_setsLoadingSynchronously() {
      let reactor = PageLoaderReactor(fetch: fetchSpy(), clock: TestClock())

      reactor.send(.load(1))

      #expect(reactor.currentState.isLoading)
      #expect(reactor.currentState.items.isEmpty)
    }

    @Test func test_tester_load_receivesItemsThenLoadingOff() async {
      let clock = TestClock()
      let tester = ReactorTester(PageLoaderReactor(fetch: fetchSpy(), clock: clock))

      await tester.send(.load(3)) { $0.isLoading = true }
      await clock.advance(by: .seconds(2))

      await tester.receive(.setItems([30, 31])) { $0.items = [30, 31] }
      await tester.receive(.setLoading(false)) { $0.isLoading = false }
      await tester.finish()
    }

    @Test func test_newerLoad_cancelsTheFirstAndLatestWins() async {
      let clock = TestClock()
      let fetch = fetchSpy()
      let reactor = PageLoaderReactor(fetch: fetch, clock: clock)

      reactor.send(.load(1))
      await clock.advance(by: .seconds(1))
      reactor.send(.load(2))
      await clock.advance(by: .seconds(2))

      #expect(fetch.allArguments == [2])
      #expect(reactor.currentState.items == [20, 21])
      #expect(!reactor.currentState.isLoading)
    }

    @Test func test_cancel_endsTheLoadWithoutFetching() async {
      let clock = TestClock()
      let fetch = fetchSpy()
      let reactor = PageLoaderReactor(fetch: fetch, clock: clock)

      reactor.send(.load(1))
      await clock.advance(by: .seconds(1))
      reactor.send(.cancel)
      await clock.advance(by: .seconds(5))

      #expect(fetch.callCount == 0)
      #expect(reactor.currentState == PageLoaderReactor.State())
    }

    @Test func test_tester_cancel_receivesLoadingOff() async {
      let clock = TestClock()
      let tester = ReactorTester(PageLoaderReactor(fetch: fetchSpy(), clock: clock))

      await tester.send(.load(1)) { $0.isLoading = true }
      await tester.send(.cancel)

      await tester.receive(.setLoading(false)) { $0.isLoading = false }
      await tester.finish()
    }

    @Test func test_fetchFails_showsTheErrorAndStopsLoading() async {
      let clock = TestClock()
      let fetch = Fetch("fetch", placeholder: .success([]))
      fetch.returns(.failure(PageLoaderReactor.Offline()))
      let tester = ReactorTester(PageLoaderReactor(fetch: fetch, clock: clock))

      await tester.send(.load(1)) { $0.isLoading = true }
      await clock.advance(by: .seconds(2))

      await tester.receive(.setError("offline")) { $0.error = "offline" }
      await tester.receive(.setLoading(false)) { $0.isLoading = false }
      await tester.finish()
    }

    @Test func test_loadAfterError_clearsTheError() async {
      let clock = TestClock()
      let fetch = Fetch("fetch", placeholder: .success([]))
      fetch.returns(.failure(PageLoaderReactor.Offline()))
      let reactor = PageLoaderReactor(fetch: fetch, clock: clock)
      reactor.send(.load(1))
      await clock.advance(by: .seconds(2))
      #expect(reactor.currentState.error == "offline")

      fetch.returns(.success([7]))
      reactor.send(.load(1))
      await clock.advance(by: .seconds(2))

      #expect(reactor.currentState.error == nil)
      #expect(reactor.currentState.items == [7])
    }

    @Test func test_record_loadingFlagOverVirtualTime() async {
      let clock = TestClock()
      let reactor = PageLoaderReactor(fetch: fetchSpy(), clock: clock)
      let loading = reactor.record(\.isLoading, clock: clock, distinct: true)

      reactor.send(.load(1))
      await clock.run()

      #expect(loading.events == [.next(0, false), .next(0, true), .next(2, false)])
    }

    @Test func test_cancelWithoutALoad_changesNothing() async {
      let clock = TestClock()
      let tester = ReactorTester(PageLoaderReactor(fetch: fetchSpy(), clock: clock))

      await tester.send(.cancel)
      await tester.finish()
    }
  }
#endif
