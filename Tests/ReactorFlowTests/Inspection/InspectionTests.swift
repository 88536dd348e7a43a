import ReactorFlow
import ReactorFlowTestSupport
import ReactorFlowTesting
import ReactorFlowTools
import XCTest

@MainActor
final class InspectionTests: XCTestCase {
  func test_synchronousAction_reportsActionMutationAndState() async {
    // given
    let reactor = InspectedCounter()
    let events = EventLines()
    let token = reactor.inspect { events.record($0) }

    // when
    reactor.send(.increment)

    // then
    XCTAssertEqual(
      events.lines,
      ["action increment from send", "mutation add(1) by mutate", "state 0,false -> 1,false"])
    token.cancel()
  }

  func test_effect_reportsItsStartItsMutationsAndItsEndInOrder() async {
    // given
    let reactor = InspectedCounter()
    let events = EventLines()
    var started: InspectedEffect?
    let token = reactor.inspect { event in
      events.record(event)
      if case .effectStarted(let effect) = event { started = effect }
    }

    // when
    await bounded("the load finishes") { await reactor.send(.load).finish() }

    // then
    XCTAssertEqual(
      events.lines,
      [
        "action load from send",
        "mutation setLoading(true) by mutate",
        "state 0,false -> 0,true",
        "start load",
        "mutation add(10) by effect load",
        "state 0,true -> 10,true",
        "end load finished",
      ])
    XCTAssertEqual(started?.fileID, "ReactorFlowTestSupport/InspectedReactor.swift")
    XCTAssertEqual(started?.line, InspectedCounter.loadLine)
    XCTAssertEqual(started?.ids, [EffectID("load")])
    token.cancel()
  }

  func test_cancelledEffect_endsAsCancelled() async {
    // given
    let reactor = InspectedCounter()
    let events = EventLines()
    let token = reactor.inspect { events.record($0) }
    let waiting = reactor.send(.wait)
    await reactor.gate.nextArrival("the effect waits on the gate", in: self)

    // when
    reactor.send(.stop)
    await bounded("the cancelled effect ends") { await waiting.finish() }

    // then
    XCTAssertEqual(
      events.lines,
      ["action wait from send", "start wait", "action stop from send", "end wait cancelled"])
    token.cancel()
  }

  func test_failingEffect_reportsTheRecoveredMutationThenTheError() async throws {
    // given
    let reactor = InspectedCounter()
    let events = EventLines()
    var outcome: EffectOutcome?
    let token = reactor.inspect { event in
      events.record(event)
      if case .effectEnded(_, let ended) = event { outcome = ended }
    }

    // when
    await bounded("the failing effect ends") { await reactor.send(.fail).finish() }

    // then
    let label = try XCTUnwrap(events.lines.dropFirst().first).replacingOccurrences(of: "start ", with: "")
    XCTAssertTrue(label.hasPrefix("InspectedReactor.swift:"), label)
    XCTAssertEqual(
      events.lines,
      [
        "action fail from send",
        "start \(label)",
        "mutation add(100) by effect \(label)",
        "state 0,false -> 100,false",
        "end \(label) failed: Failure",
      ])
    guard case .failed(let error) = outcome else {
      return XCTFail("expected a failure, got \(String(describing: outcome))")
    }
    XCTAssertTrue(error is InspectedCounter.Failure)
    token.cancel()
  }

  func test_actionSources_nameTransformAndExternalEffect() async {
    // given
    let reactor = InspectedCounter(withExternalActions: true)
    let events = EventLines()
    let token = reactor.inspect { events.record($0) }

    // when
    reactor.send(.pair)
    reactor.externalContinuation.yield(.increment)
    await fulfillment(of: [expectation(reactor, \.count, equals: 3)], timeout: 5)

    // then: the external stream is an effect that started with the reactor
    XCTAssertTrue(events.lines.first?.hasPrefix("start InspectedReactor.swift:") == true)
    XCTAssertEqual(
      events.lines.dropFirst(),
      [
        "action pair from send",
        "action increment from transform",
        "mutation add(1) by mutate",
        "state 0,false -> 1,false",
        "action increment from transform",
        "mutation add(1) by mutate",
        "state 1,false -> 2,false",
        "action increment from effect",
        "mutation add(1) by mutate",
        "state 2,false -> 3,false",
      ])
    token.cancel()
  }

  func test_cancelledToken_stopsTheEvents() async {
    // given
    let reactor = InspectedCounter()
    let events = EventLines()
    let token = reactor.inspect { events.record($0) }
    reactor.send(.increment)

    // when
    token.cancel()
    reactor.send(.increment)

    // then
    XCTAssertEqual(events.lines.count, 3)
    XCTAssertEqual(reactor.currentState.count, 2)
  }

  func test_handlerCancellingTokensDuringAnEvent_stopsThemFromTheNextEvent() async {
    // given: the first handler cancels both tokens on the first event it sees
    let reactor = InspectedCounter()
    let first = EventLines()
    let second = EventLines()
    let tokens = HeldTokens()
    tokens.all.append(
      reactor.inspect { event in
        first.record(event)
        for token in tokens.all { token.cancel() }
      })
    tokens.all.append(reactor.inspect { second.record($0) })

    // when
    reactor.send(.increment)
    reactor.send(.increment)

    // then: the second handler, cancelled before its turn, saw nothing; a new inspection works
    XCTAssertEqual(first.lines, ["action increment from send"])
    XCTAssertEqual(second.lines, [])
    assertANewInspectionSeesTheThirdIncrement(of: reactor)
  }

  func test_handlerCancellingItsTokenOnAMutation_seesNoStateAndANewInspectionWorks() async {
    // given: the only handler cancels its token on the mutation, which drops the inspection in the
    // middle of the report of the mutation and its state
    let reactor = InspectedCounter()
    let events = EventLines()
    let tokens = HeldTokens()
    tokens.all.append(
      reactor.inspect { event in
        events.record(event)
        if case .mutation = event { for token in tokens.all { token.cancel() } }
      })

    // when
    reactor.send(.increment)
    reactor.send(.increment)

    // then
    XCTAssertEqual(events.lines, ["action increment from send", "mutation add(1) by mutate"])
    assertANewInspectionSeesTheThirdIncrement(of: reactor)
  }

  /// After two increments, a handler attached now sees all three events of the third.
  private func assertANewInspectionSeesTheThirdIncrement(
    of reactor: InspectedCounter, file: StaticString = #filePath, line: UInt = #line
  ) {
    let later = EventLines()
    let token = reactor.inspect { later.record($0) }
    reactor.send(.increment)
    XCTAssertEqual(
      later.lines,
      ["action increment from send", "mutation add(1) by mutate", "state 2,false -> 3,false"],
      file: file, line: line)
    token.cancel()
    XCTAssertEqual(reactor.currentState.count, 3, file: file, line: line)
  }

  func test_onlyHandlerAttachingAnotherDuringAnEvent_theNewOneStartsAtTheNextEvent() async {
    // given: the only handler attaches a second one on the first event it sees
    let reactor = InspectedCounter()
    let first = EventLines()
    let second = EventLines()
    let tokens = HeldTokens()
    tokens.all.append(
      reactor.inspect { event in
        first.record(event)
        if tokens.all.count == 1 { tokens.all.append(reactor.inspect { second.record($0) }) }
      })

    // when
    reactor.send(.increment)

    // then: the second handler missed the event it was attached during, and saw the next ones
    XCTAssertEqual(
      first.lines,
      ["action increment from send", "mutation add(1) by mutate", "state 0,false -> 1,false"])
    XCTAssertEqual(second.lines, ["mutation add(1) by mutate", "state 0,false -> 1,false"])
    for token in tokens.all { token.cancel() }
  }

  func test_inspectedReactorWhileRecordedAndAfter_reportsEachMutationBeforeItsObservers() async {
    // given: an inspector and a state observer writing to the same lines, and a recorder
    let reactor = InspectedCounter()
    let events = EventLines()
    let inspection = reactor.inspect { events.record($0) }
    let observation = reactor.observe(\.count) { events.lines.append("observed \($0)") }
    let recorder = reactor.recordSession(clock: ContinuousClock())

    // when: one action while recorded, one after
    reactor.send(.increment)
    recorder.stop()
    reactor.send(.increment)

    // then: the same events in the same order either way, and the recording has its two steps
    XCTAssertEqual(
      events.lines,
      [
        "observed 0",
        "action increment from send", "mutation add(1) by mutate", "state 0,false -> 1,false",
        "observed 1",
        "action increment from send", "mutation add(1) by mutate", "state 1,false -> 2,false",
        "observed 2",
      ])
    XCTAssertEqual(recorder.recording.steps.count, 2)
    inspection.cancel()
    observation.cancel()
  }

  func test_attachedInspection_doesNotKeepTheReactorAlive() async {
    // given
    var reactor: InspectedCounter? = InspectedCounter()
    weak let weakReactor = reactor
    let events = EventLines()
    let token = reactor?.inspect { events.record($0) }
    reactor?.send(.increment)

    // when
    reactor = nil

    // then
    XCTAssertNil(weakReactor, "an attached inspection must not keep the reactor alive")
    token?.cancel()
    XCTAssertEqual(events.lines.count, 3)
  }

  func test_processWideInspector_seesReactorsThatStartWhileAttached() async {
    // given
    let before = InspectedCounter()
    before.send(.increment)
    let inspector = ProcessInspector()
    let token = ReactorInspection.attach(inspector)
    XCTAssertTrue(ReactorInspection.isActive)
    let after = InspectedCounter()

    // when
    before.send(.increment)
    after.send(.increment)
    token.cancel()
    after.send(.increment)

    // then
    let id = ObjectIdentifier(after.runtime)
    XCTAssertEqual(
      inspector.lines[id], ["InspectedCounter action", "InspectedCounter mutation", "InspectedCounter state"])
    XCTAssertNil(
      inspector.lines[ObjectIdentifier(before.runtime)], "a reactor started before is not inspected")
  }

  func test_referencePayloads_reachEveryHandlerIntactAndAreReleasedAfterward() {
    // given
    weak var released: ReferencePayload?
    var seen: [[ObjectIdentifier]] = [[], []]
    do {
      let reactor = ReferencePayloadReactor()
      let payload = ReferencePayload()
      released = payload
      let tokens = (0..<2).map { index in
        reactor.inspect { event in
          switch event {
          case .action(let action, _): seen[index].append(ObjectIdentifier(action.payload))
          case .mutation(let mutation, _): seen[index].append(ObjectIdentifier(mutation.payload))
          case .state(let old, let new):
            seen[index].append(ObjectIdentifier(old.payload))
            seen[index].append(ObjectIdentifier(new.payload))
          case .effectStarted, .effectEnded: break
          }
        }
      }

      // when
      reactor.send(.init(payload: payload))
      tokens.forEach { $0.cancel() }

      // then
      let expected = [payload, payload, reactor.initialState.payload, payload].map(ObjectIdentifier.init)
      XCTAssertEqual(seen, [expected, expected])
    }
    XCTAssertNil(released, "an event's payload outlived the reactor and its inspection")
  }
}

/// Tokens that a handler reaches to cancel.
@MainActor
private final class HeldTokens {
  var all: [ObservationToken] = []
}

/// A process-wide inspector that notes the kind of each event, by reactor.
@MainActor
private final class ProcessInspector: ReactorInspector {
  var lines: [ObjectIdentifier: [String]] = [:]

  func receive<Action, Mutation, State>(
    _ event: ReactorEvent<Action, Mutation, State>, from reactor: InspectedReactor
  ) {
    let kind =
      switch event {
      case .action: "action"
      case .mutation: "mutation"
      case .state: "state"
      case .effectStarted: "started"
      case .effectEnded: "ended"
      }
    lines[reactor.id, default: []].append("\(reactor.name) \(kind)")
  }
}

/// A class instance carried by every payload of ``ReferencePayloadReactor``'s events.
private final class ReferencePayload: Sendable {}

/// A reactor whose action, mutation and state each hold a reference, so that none of its events
/// is plain data.
@MainActor
private final class ReferencePayloadReactor: Reactor {
  struct Action: Sendable { let payload: ReferencePayload }
  struct State: Sendable { var payload: ReferencePayload }

  let initialState = State(payload: ReferencePayload())
  let runtime = Runtime()

  func mutate(action: Action) -> Effect<Action> { .send(action) }

  func reduce(state: State, mutation: Action) -> State {
    State(payload: mutation.payload)
  }
}
