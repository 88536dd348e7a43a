// Shared with Benchmarks/InstructionCounts (a symbolic link there, like CounterFixtures.swift):
// ReactorFlow's public API only.
import ReactorFlow

/// A reactor that shows a number other reactors share: a ``SharedValue`` it reads when it starts
/// and whose changes it reduces. Without a value it shares nothing (the memory baseline).
@MainActor
final class SharedNumberReader: Reactor {
  enum Action: Sendable { case none }
  enum Mutation: Sendable { case setValue(Int) }
  struct State: Equatable, Sendable { var value = 0 }

  let runtime = Runtime()
  let number: SharedValue<Int>?

  init(number: SharedValue<Int>?) {
    self.number = number
  }

  var initialState: State { State(value: number?.value ?? 0) }

  func mutate(action: Action) -> Effect<Mutation> { .none }

  func externalMutations() -> Effect<Mutation> {
    number?.changes { .setValue($0) } ?? .none
  }

  func reduce(state: State, mutation: Mutation) -> State {
    switch mutation {
    case .setValue(let value): State(value: value)
    }
  }
}

/// The same number posted on an ``EventBus``, which each reader merges as an external stream:
/// the fan-out that a shared value replaces.
@MainActor
final class BusNumberReader: Reactor {
  enum Action: Sendable { case none }
  enum Mutation: Sendable { case setValue(Int) }
  struct State: Equatable, Sendable { var value = 0 }

  let initialState = State()
  let runtime = Runtime()
  let bus: EventBus<Int>

  init(bus: EventBus<Int>) {
    self.bus = bus
  }

  func mutate(action: Action) -> Effect<Mutation> { .none }

  func externalMutations() -> Effect<Mutation> {
    .sequence(bus.events.map { Mutation.setValue($0) })
  }

  func reduce(state: State, mutation: Mutation) -> State {
    switch mutation {
    case .setValue(let value): State(value: value)
    }
  }
}

/// Waits, on the main actor, until the readers' observers have seen a given total.
@MainActor
final class FanOutWaiter {
  private(set) var seen = 0
  private var target = Int.max
  private var continuation: CheckedContinuation<Void, Never>?

  /// Counts one reduced change; resumes the wait once the target is reached.
  func count() {
    seen += 1
    if seen >= target, let continuation {
      self.continuation = nil
      continuation.resume()
    }
  }

  /// Returns once `total` changes were counted.
  func wait(until total: Int) async {
    guard seen < total else { return }
    target = total
    await withCheckedContinuation { self.continuation = $0 }
  }
}

/// `readers` reactors that read one shared number (or one bus), each observed.
@MainActor
final class FanOut {
  let number = SharedValue(0)
  let bus = EventBus<Int>()
  let waiter = FanOutWaiter()
  private(set) var sharedReaders: [SharedNumberReader] = []
  private(set) var busReaders: [BusNumberReader] = []
  private var tokens: [ObservationToken] = []

  init(readers: Int, throughBus: Bool) {
    let waiter = self.waiter
    for _ in 0..<readers {
      if throughBus {
        let reader = BusNumberReader(bus: bus)
        tokens.append(reader.observe(\.value) { _ in waiter.count() })
        busReaders.append(reader)
      } else {
        let reader = SharedNumberReader(number: number)
        tokens.append(reader.observe(\.value) { _ in waiter.count() })
        sharedReaders.append(reader)
      }
    }
  }

  /// `count` changes of the shared number; each is reduced by every reader before `set` returns.
  /// Returns the number of reductions the observers saw.
  func changeShared(_ count: Int) -> Int {
    let start = waiter.seen
    for index in 1...count { number.set(index) }
    return waiter.seen - start
  }

  /// `count` posts on the bus, each awaited until every reader reduced it. Returns the number of
  /// reductions the observers saw.
  func postOnBus(_ count: Int) async -> Int {
    let readers = busReaders.count
    let start = waiter.seen
    for index in 1...count {
      bus.post(index)
      await waiter.wait(until: start + index * readers)
    }
    return waiter.seen - start
  }
}
