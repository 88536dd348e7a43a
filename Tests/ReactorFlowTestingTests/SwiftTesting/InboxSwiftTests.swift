#if canImport(Testing)
  import ReactorFlow
  import ReactorFlowTesting
  import Testing

  /// An effect that consumes an event bus with `for await`, observed through the tester, which
  /// waits (bounded by its timeout) for each mutation the loop sends.
  @MainActor
  @Suite struct InboxSwiftTests {
    @Test func test_listen_postedMessage_isReceived() async {
      let bus = EventBus<String>()
      let tester = ReactorTester(InboxReactor(bus: bus))

      await tester.send(.listen)
      bus.post("hello")

      await tester.receive(.received("hello")) { $0.messages = ["hello"] }
      await tester.send(.stop)
      await tester.finish()
    }

    @Test func test_listen_messagesArriveInPostOrder() async {
      let bus = EventBus<String>()
      let tester = ReactorTester(InboxReactor(bus: bus))

      await tester.send(.listen)
      bus.post("one")
      bus.post("two")
      bus.post("three")

      await tester.receive(.received("one")) { $0.messages = ["one"] }
      await tester.receive(.received("two")) { $0.messages = ["one", "two"] }
      await tester.receive(.received("three")) { $0.messages = ["one", "two", "three"] }
      await tester.send(.stop)
      await tester.finish()
    }

    @Test func test_stop_endsTheLoopAndUnsubscribes() async {
      let bus = EventBus<String>()
      let tester = ReactorTester(InboxReactor(bus: bus))
      await tester.send(.listen)
      #expect(bus.subscriberCount == 1)

      await tester.send(.stop)
      await tester.finish()

      #expect(bus.subscriberCount == 0)
      bus.post("too late")
      #expect(tester.reactor.currentState.messages.isEmpty)
    }

    @Test func test_listenTwice_keepsOneSubscription() async {
      let bus = EventBus<String>()
      let tester = ReactorTester(InboxReactor(bus: bus))

      await tester.send(.listen)
      await tester.send(.listen)
      bus.post("once")

      await tester.receive(.received("once")) { $0.messages = ["once"] }
      await tester.send(.stop)
      await tester.finish()
    }

    @Test func test_twoReactorsOnOneBus_eachReceivesEveryMessage() async {
      let bus = EventBus<String>()
      let first = ReactorTester(InboxReactor(bus: bus))
      let second = ReactorTester(InboxReactor(bus: bus))

      await first.send(.listen)
      await second.send(.listen)
      bus.post("all")

      await first.receive(.received("all")) { $0.messages = ["all"] }
      await second.receive(.received("all")) { $0.messages = ["all"] }
      await first.send(.stop)
      await second.send(.stop)
      await first.finish()
      await second.finish()
    }

    @Test func test_record_messagesAsTheyArrive() async {
      let bus = EventBus<String>()
      let tester = ReactorTester(InboxReactor(bus: bus))
      let counts = tester.reactor.record(\.messages.count)

      await tester.send(.listen)
      bus.post("a")
      await tester.receive(.received("a")) { $0.messages = ["a"] }
      bus.post("b")
      await tester.receive(.received("b")) { $0.messages = ["a", "b"] }
      await tester.send(.stop)
      await tester.finish()

      #expect(counts.values == [0, 1, 2])
    }

    @Test func test_stub_listenIsRecordedAndNothingSubscribes() {
      let bus = EventBus<String>()
      let reactor = InboxReactor(bus: bus)
      let stub = ReactorStub(reactor)

      reactor.send(.listen)

      #expect(stub.actions == [.listen])
      #expect(bus.subscriberCount == 0)
    }

    @Test func test_withoutListening_postsAreNotSeen() async {
      let bus = EventBus<String>()
      let tester = ReactorTester(InboxReactor(bus: bus))

      bus.post("unheard")

      #expect(bus.subscriberCount == 0)
      await tester.finish()
      #expect(tester.reactor.currentState.messages.isEmpty)
    }
  }
#endif
