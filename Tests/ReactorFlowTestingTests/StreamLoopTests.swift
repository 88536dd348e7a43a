import ReactorFlowTesting
import XCTest

/// RxTodo's list, ported the way the README and the migration guide teach: the reactor consumes a
/// shared `EventBus` with `for await` inside `.run(reading:)` and reads the state for each event.
/// Events come from a `clock.schedule` closure (the main actor), from another effect after a sleep
/// on the test clock, and from an `AsyncStream` fed by the test. Each test checks that a change
/// lands on its tick, is there when `advance` or `run()` returns, and that the next event reads
/// the state the previous one left.
@MainActor
private final class TodoListReactor: Reactor {
  enum Action: Sendable {
    case listen
    case create(String, after: Duration)
  }

  enum Mutation: Equatable, Sendable {
    case append(String)
  }

  struct State: Equatable, Sendable {
    var titles: [String] = []
  }

  let initialState = State()
  let runtime = Runtime()
  let bus: EventBus<String>
  let clock: TestClock

  init(bus: EventBus<String>, clock: TestClock) {
    self.bus = bus
    self.clock = clock
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .listen:
      return .run(reading: self) { [bus] state, send in
        for await title in bus.events {
          let count = try await state.current.titles.count
          await send(.append("\(title)#\(count)"))
        }
      }
      .cancellable(id: "listen", cancelInFlight: true)
    case .create(let title, let delay):
      return .run { [bus, clock] _ in
        try await clock.sleep(for: delay)
        bus.post(title)
      }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    guard case .append(let title) = mutation else { return state }
    state.titles.append(title)
    return state
  }
}

/// The same loop over an `AsyncStream` that the test feeds, inside a plain `.run`.
@MainActor
private final class StreamCounterReactor: Reactor {
  enum Action: Sendable { case listen }
  enum Mutation: Equatable, Sendable { case add(Int) }
  struct State: Equatable, Sendable { var total = 0 }

  let initialState = State()
  let runtime = Runtime()
  let numbers: AsyncStream<Int>

  init(numbers: AsyncStream<Int>) {
    self.numbers = numbers
  }

  func mutate(action: Action) -> Effect<Mutation> {
    .run { [numbers] send in
      for await number in numbers {
        await send(.add(number))
      }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    guard case .add(let number) = mutation else { return state }
    return State(total: state.total + number)
  }
}

@MainActor
final class StreamLoopTests: XCTestCase {
  func test_forAwaitInRunReading_eventsPostedOnTheClock_landOnTheirTicks() async {
    // given
    let clock = TestClock()
    let bus = EventBus<String>()
    let reactor = TodoListReactor(bus: bus, clock: clock)
    let titles = reactor.record(\.titles, clock: clock)
    reactor.send(.listen)
    clock.schedule(at: 1) { bus.post("a") }
    clock.schedule(at: 2) { bus.post("b") }
    clock.schedule(at: 4) { bus.post("c") }

    // when
    await clock.run()

    // then
    XCTAssertEqual(
      titles.events,
      [.next(0, []), .next(1, ["a#0"]), .next(2, ["a#0", "b#1"]), .next(4, ["a#0", "b#1", "c#2"])])
  }

  func test_forAwaitInRunReading_eventFromAnotherEffect_isReducedWhenAdvanceReturns() async {
    // given
    let clock = TestClock()
    let reactor = TodoListReactor(bus: EventBus(), clock: clock)
    reactor.send(.listen)
    reactor.send(.create("first", after: .seconds(1)))
    reactor.send(.create("second", after: .seconds(2)))

    // when
    await clock.advance(by: .seconds(1))

    // then
    XCTAssertEqual(reactor.currentState.titles, ["first#0"])

    // when
    await clock.advance(by: .seconds(1))

    // then: the second event read the state the first one left.
    XCTAssertEqual(reactor.currentState.titles, ["first#0", "second#1"])
  }

  func test_forAwaitInRunReading_underTheTester_receivesEachEventExactly() async {
    // given
    let clock = TestClock()
    let bus = EventBus<String>()
    let tester = ReactorTester(TodoListReactor(bus: bus, clock: clock))
    await tester.send(.listen)

    // when
    await tester.send(.create("a", after: .seconds(1)))
    await clock.advance(by: .seconds(1))

    // then
    await tester.receive(.append("a#0")) { $0.titles = ["a#0"] }

    // when: an event posted by the test itself, on the main actor.
    bus.post("b")

    // then
    await tester.receive(.append("b#1")) { $0.titles = ["a#0", "b#1"] }

    // when
    await tester.send(.create("c", after: .seconds(3)))
    await clock.run()

    // then
    await tester.receive(.append("c#2")) { $0.titles = ["a#0", "b#1", "c#2"] }
    bus.finish()  // ends the loop
    await tester.finish()
  }

  func test_forAwaitInRun_overAStreamFedOnTheClock_isExactAfterEachAdvance() async {
    // given
    let clock = TestClock()
    let (numbers, continuation) = AsyncStream<Int>.makeStream()
    let reactor = StreamCounterReactor(numbers: numbers)
    let totals = reactor.record(\.total, clock: clock)
    reactor.send(.listen)
    clock.schedule([.next(1, 1), .next(1, 2), .next(3, 4)]) { continuation.yield($0) }

    // when
    await clock.advance(by: .seconds(1))

    // then
    XCTAssertEqual(reactor.currentState.total, 3)

    // when
    await clock.advance(by: .seconds(2))

    // then
    XCTAssertEqual(reactor.currentState.total, 7)
    XCTAssertEqual(totals.events, [.next(0, 0), .next(1, 1), .next(1, 3), .next(3, 7)])
    continuation.finish()
  }
}
