#if canImport(Testing)
  import ReactorFlow
  import ReactorFlowTesting
  import Testing

  /// Pulses: every assignment is an event, even of an equal value.
  @MainActor
  @Suite struct BannerSwiftTests {
    @Test func test_observePulse_sameMessageTwice_isSeenTwice() {
      let reactor = BannerReactor()
      var seen: [String?] = []
      let token = reactor.observe(pulse: \.$message) { seen.append($0) }

      reactor.send(.show("saved"))
      reactor.send(.show("saved"))

      #expect(seen == ["saved", "saved"])
      token.cancel()
    }

    @Test func test_observePulse_skipsTheValueHeldWhenObservingStarts() {
      let reactor = BannerReactor()
      reactor.send(.show("earlier"))
      var seen: [String?] = []

      let token = reactor.observe(pulse: \.$message) { seen.append($0) }
      reactor.send(.show("later"))

      #expect(seen == ["later"])
      token.cancel()
    }

    @Test func test_dismiss_isAPulseEventToo() {
      let reactor = BannerReactor()
      var seen: [String?] = []
      let token = reactor.observe(pulse: \.$message) { seen.append($0) }

      reactor.send(.show("hello"))
      reactor.send(.dismiss)

      #expect(seen == ["hello", nil])
      token.cancel()
    }

    @Test func test_tester_show_checksThePulseAndTheCount() async {
      let tester = ReactorTester(BannerReactor())

      await tester.send(.show("hi")) {
        $0.message = "hi"
        $0.shownCount = 1
      }
      await tester.send(.show("hi")) {
        $0.message = "hi"
        $0.shownCount = 2
      }
      await tester.finish()
    }

    @Test func test_send_show_countsEachAssignment() {
      let reactor = BannerReactor()

      reactor.send(.show("a"))
      reactor.send(.show("a"))
      reactor.send(.show("b"))

      #expect(reactor.currentState.shownCount == 3)
      #expect(reactor.currentState.message == "b")
    }

    @Test func test_record_shownCountStampedAtTickZero() {
      let clock = TestClock()
      let reactor = BannerReactor()
      let counts = reactor.record(\.shownCount, clock: clock)

      reactor.send(.show("x"))

      #expect(counts.events == [.next(0, 0), .next(0, 1)])
    }

    @Test func test_stub_settingThePulse_notifiesItsObserver() {
      let reactor = BannerReactor()
      let stub = ReactorStub(reactor)
      var seen: [String?] = []
      let token = reactor.observe(pulse: \.$message) { seen.append($0) }

      stub.state.message = "stubbed"
      reactor.send(.show("ignored"))

      #expect(seen == ["stubbed"])
      #expect(stub.actions == [.show("ignored")])
      token.cancel()
    }

    @Test func test_observeKeyPath_distinctCounts() {
      let reactor = BannerReactor()
      var counts: [Int] = []
      let token = reactor.observe(\.shownCount) { counts.append($0) }

      reactor.send(.show("a"))
      reactor.send(.dismiss)
      reactor.send(.show("b"))

      #expect(counts == [0, 1, 2])
      token.cancel()
    }
  }
#endif
