#if canImport(Testing)
  import ReactorFlow
  import ReactorFlowTesting
  import Testing

  /// The debounced search, on a test clock, with a spy for the client.
  @MainActor
  @Suite struct QuerySwiftTests {
    private func searchSpy() -> Spy<String, [String]> {
      let spy = Spy<String, [String]>("search")
      spy.handler = { ["\($0) one", "\($0) two"] }
      return spy
    }

    @Test func test_typingWithin300ms_searchesOnceForTheLastQuery() async {
      let clock = TestClock()
      let search = searchSpy()
      let reactor = QueryReactor(search: search, clock: clock)

      reactor.send(.type("s"))
      await clock.advance(by: .milliseconds(100))
      reactor.send(.type("sw"))
      await clock.advance(by: .milliseconds(100))
      reactor.send(.type("swi"))
      await clock.advance(by: .milliseconds(300))

      #expect(search.allArguments == ["swi"])
      #expect(reactor.currentState.results == ["swi one", "swi two"])
    }

    @Test func test_results_appearExactly300msAfterTheLastKeystroke() async {
      let clock = TestClock()
      let search = searchSpy()
      let reactor = QueryReactor(search: search, clock: clock)

      reactor.send(.type("swift"))
      await clock.advance(by: .milliseconds(299))
      #expect(search.callCount == 0)
      #expect(reactor.currentState.results.isEmpty)

      await clock.advance(by: .milliseconds(1))
      #expect(search.callCount == 1)
      #expect(reactor.currentState.results.count == 2)
    }

    @Test func test_query_isShownAtOnceBeforeTheSearch() {
      let reactor = QueryReactor(search: searchSpy(), clock: TestClock())

      reactor.send(.type("re"))

      #expect(reactor.currentState.query == "re")
      #expect(reactor.currentState.results.isEmpty)
    }

    @Test func test_clearing_cancelsThePendingSearch() async {
      let clock = TestClock()
      let search = searchSpy()
      let reactor = QueryReactor(search: search, clock: clock)

      reactor.send(.type("sw"))
      await clock.advance(by: .milliseconds(100))
      reactor.send(.type(""))
      await clock.advance(by: .seconds(1))

      #expect(search.callCount == 0)
      #expect(reactor.currentState == QueryReactor.State())
    }

    @Test func test_twoPauses_searchTwiceInOrder() async {
      let clock = TestClock()
      let search = searchSpy()
      let reactor = QueryReactor(search: search, clock: clock)

      reactor.send(.type("a"))
      await clock.advance(by: .milliseconds(300))
      reactor.send(.type("ab"))
      await clock.advance(by: .milliseconds(300))

      #expect(search.allArguments == ["a", "ab"])
      #expect(reactor.currentState.results == ["ab one", "ab two"])
    }

    @Test func test_tester_typeThenPause_receivesTheResults() async {
      let clock = TestClock()
      let tester = ReactorTester(QueryReactor(search: searchSpy(), clock: clock))

      await tester.send(.type("kit")) { $0.query = "kit" }
      await clock.advance(by: .milliseconds(300))

      await tester.receive(.setResults(["kit one", "kit two"])) {
        $0.results = ["kit one", "kit two"]
      }
      await tester.finish()
    }

    @Test func test_record_resultsOverVirtualTime() async {
      let clock = TestClock(tick: .milliseconds(100))
      let search = searchSpy()
      let reactor = QueryReactor(search: search, clock: clock)
      let results = reactor.record(\.results.count, clock: clock, distinct: true)

      reactor.send(.type("x"))
      await clock.advance(by: .milliseconds(500))

      #expect(results.events == [.next(0, 0), .next(3, 2)])
    }

    @Test func test_stub_viewTyping_sendsTheActionWithoutSearching() async {
      let clock = TestClock()
      let search = searchSpy()
      let reactor = QueryReactor(search: search, clock: clock)
      let stub = ReactorStub(reactor)

      reactor.send(.type("view"))
      await clock.advance(by: .seconds(1))

      #expect(stub.lastAction == .type("view"))
      #expect(search.callCount == 0)
      #expect(reactor.currentState.query == "")
    }

    @Test func test_spy_returnsStubbedValue_forEveryQuery() async {
      let clock = TestClock()
      let search = Spy<String, [String]>("search")
      search.returns(["fixed"])
      let reactor = QueryReactor(search: search, clock: clock)

      reactor.send(.type("q"))
      await clock.advance(by: .milliseconds(300))

      #expect(search.lastArguments == "q")
      #expect(reactor.currentState.results == ["fixed"])
    }
  }
#endif
