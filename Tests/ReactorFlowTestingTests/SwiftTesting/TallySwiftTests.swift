#if canImport(Testing)
  import ReactorFlow
  import ReactorFlowTesting
  import Testing

  /// The counter, through plain `send`, the tester, a test clock, a recorder and a stub.
  @MainActor
  @Suite struct TallySwiftTests {
    @Test func test_send_increment_countsSynchronously() {
      let reactor = TallyReactor(clock: TestClock())

      reactor.send(.increment)
      reactor.send(.increment)

      #expect(reactor.currentState.count == 2)
    }

    @Test func test_send_addAndDecrement_applyInOrder() {
      let reactor = TallyReactor(count: 10, clock: TestClock())

      reactor.send(.add(5))
      reactor.send(.decrement)

      #expect(reactor.currentState.count == 14)
    }

    @Test func test_tester_incrementDecrementReset_eachStepIsChecked() async {
      let tester = ReactorTester(TallyReactor(clock: TestClock()))

      await tester.send(.increment) { $0.count = 1 }
      await tester.send(.add(41)) { $0.count = 42 }
      await tester.send(.decrement) { $0.count = 41 }
      await tester.send(.reset) { $0.count = 0 }
      await tester.finish()
    }

    @Test func test_tester_incrementLater_receivesTheMutationAfterOneSecond() async {
      let clock = TestClock()
      let tester = ReactorTester(TallyReactor(clock: clock))

      await tester.send(.incrementLater)
      await clock.advance(by: .seconds(1))

      await tester.receive(.add(1)) { $0.count = 1 }
      await tester.finish()
    }

    @Test func test_clock_justBeforeTheSecond_nothingHasChanged() async {
      let clock = TestClock()
      let reactor = TallyReactor(clock: clock)

      reactor.send(.incrementLater)
      await clock.advance(by: .milliseconds(999))

      #expect(reactor.currentState.count == 0)
      #expect(clock.pendingCount == 1)

      await clock.advance(by: .milliseconds(1))

      #expect(reactor.currentState.count == 1)
    }

    @Test func test_record_twoDelayedIncrements_areStampedWithTheirTicks() async {
      let clock = TestClock()
      let reactor = TallyReactor(clock: clock)
      let counts = reactor.record(\.count, clock: clock)

      reactor.send(.incrementLater)
      await clock.advance(by: .seconds(1))
      reactor.send(.incrementLater)
      await clock.run()

      #expect(counts.events == [.next(0, 0), .next(1, 1), .next(2, 2)])
    }

    @Test func test_record_distinct_skipsEqualCounts() async {
      let reactor = TallyReactor(clock: TestClock())
      let counts = reactor.record(\.count, distinct: true)

      reactor.send(.add(0))
      reactor.send(.increment)
      reactor.send(.add(0))

      #expect(counts.values == [0, 1])
    }

    @Test func test_stub_recordsActionsAndShowsTheStateTheTestSets() {
      let reactor = TallyReactor(clock: TestClock())
      let stub = ReactorStub(reactor)

      reactor.send(.increment)
      stub.state.count = 7

      #expect(stub.actions == [.increment])
      #expect(reactor.currentState.count == 7)
    }

    @Test func test_observe_underscoreClosure_seesTheCurrentStateThenEachChange() {
      let reactor = TallyReactor(clock: TestClock())
      var notifications = 0

      let token = reactor.observe { _ in notifications += 1 }
      reactor.send(.increment)
      reactor.send(.increment)
      token.cancel()
      reactor.send(.increment)

      #expect(notifications == 3)
    }

    @Test func test_tester_withImmediateClock_receivesAtOnce() async {
      let tester = ReactorTester(TallyReactor(clock: ImmediateClock()))

      await tester.send(.incrementLater)

      await tester.receive(.add(1)) { $0.count = 1 }
      await tester.finish()
    }
  }
#endif
