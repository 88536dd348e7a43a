import ReactorFlow
import ReactorFlowTestSupport
import XCTest

private enum TodoEvent: Sendable, Equatable { case renamed(String) }

/// A reactor that merges a shared bus into its mutations, as ReactorKit apps merge a service's
/// `PublishSubject`.
@MainActor
private final class BusTitleReactor: Reactor {
  enum Action: Sendable { case none }
  enum Mutation: Sendable { case setTitle(String) }
  struct State: Equatable, Sendable { var title = "" }

  let initialState = State()
  let runtime = Runtime()
  let bus: EventBus<TodoEvent>

  init(bus: EventBus<TodoEvent>) {
    self.bus = bus
  }

  func mutate(action: Action) -> Effect<Mutation> { .none }

  func externalMutations() -> Effect<Mutation> {
    .sequence(
      bus.events.map { event -> Mutation in
        switch event {
        case .renamed(let title): .setTitle(title)
        }
      })
  }

  func reduce(state: State, mutation: Mutation) -> State {
    guard case .setTitle(let title) = mutation else { return state }
    return State(title: title)
  }
}

@MainActor
final class EventBusTests: XCTestCase {
  func test_eventBus_post_reachesEverySubscriberInOrder() async {
    // given
    let bus = EventBus<Int>()
    let first = bus.events
    let second = bus.events

    // when
    bus.post(1)
    bus.post(2)
    bus.finish()

    // then
    let firstValues = await collected("the first subscriber's events, until finish", first)
    let secondValues = await collected("the second subscriber's events, until finish", second)
    XCTAssertEqual(firstValues, [1, 2])
    XCTAssertEqual(secondValues, [1, 2])
  }

  func test_eventBus_lateSubscriber_getsOnlyLaterEvents() async {
    let bus = EventBus<Int>()
    bus.post(1)
    let late = bus.events
    bus.post(2)
    bus.finish()

    let values = await collected("the late subscriber's events, until finish", late)
    XCTAssertEqual(values, [2])
  }

  func test_eventBus_manyReactors_eachReduceTheEvent() async {
    // given
    let bus = EventBus<TodoEvent>()
    let reactors = [BusTitleReactor(bus: bus), BusTitleReactor(bus: bus)]
    for reactor in reactors { _ = reactor.currentState }
    XCTAssertEqual(bus.subscriberCount, 2)
    let renamed = reactors.map { reactor in
      expectation(for: reactor, where: { $0.title == "Ship it" })
    }

    // when
    bus.post(.renamed("Ship it"))

    // then
    await fulfillment(of: renamed, timeout: 5)
  }

  func test_eventBus_consumerCancelled_unsubscribes() async {
    // given
    let bus = EventBus<Int>()
    let events = bus.events
    XCTAssertEqual(bus.subscriberCount, 1)
    let consumerStopped = expectation(description: "the consumer's loop ended")
    let consumer = Task {
      for await _ in events {}
      consumerStopped.fulfill()
    }

    // when
    consumer.cancel()

    // then
    await fulfillment(of: [consumerStopped], timeout: 5)
    XCTAssertEqual(bus.subscriberCount, 0)
  }
}
