import Benchmark
import ReactorFlow

// MARK: - counter-sync and counter-fanout

/// How a fixture's observers watch the counter.
enum ObserverKind: Sendable {
  /// `reactor.observe(\.value) { ... }`: distinct values of a key path.
  case keyPath
  /// `reactor.observe { state in ... }` on the `Equatable` state: distinct states.
  case wholeState
}

/// A counter with `observerCount` synchronous observers, made before timing starts.
@MainActor
final class ObservedCounter: Sendable {
  let reactor = Counter()
  let tally = Tally()
  private var tokens: [ObservationToken] = []

  init(observerCount: Int, kind: ObserverKind) {
    let tally = self.tally
    for _ in 0..<observerCount {
      switch kind {
      case .keyPath:
        tokens.append(reactor.observe(\.value) { value in tally.sum &+= value })
      case .wholeState:
        tokens.append(reactor.observe { state in tally.sum &+= state.value })
      }
    }
  }

  /// Sends `count` actions; the only thing timed.
  func send(_ count: Int) -> (Int, Sample) {
    let reactor = self.reactor
    return measured {
      for _ in 0..<count {
        reactor.send(.increment)
      }
      return tally.sum
    }
  }
}

// MARK: - effect-roundtrip and hop-floor

/// A counter whose `roundTrip` action runs `.run { send in await send(.increaseValue) }`.
@MainActor
final class RoundTripCounter: Sendable {
  let reactor = Counter()

  /// Sends `count` actions one after the other, awaiting each one's `finish()`.
  func run(_ count: Int) async -> (Int, Sample) {
    let reactor = self.reactor
    return await measured {
      for _ in 0..<count {
        await reactor.send(.roundTrip).finish()
      }
      return reactor.currentState.value
    }
  }
}

/// The floor of `effect-roundtrip`: the main actor calls a `@concurrent` function and resumes.
@MainActor
final class HopFloor: Sendable {
  func run(_ count: Int) async -> (Int, Sample) {
    await measured {
      var sum = 0
      for index in 0..<count {
        sum &+= await hopOffTheMainActor(index)
      }
      return sum
    }
  }
}

/// One hop to the global executor and back, with no reactor.
///
/// The call to an opaque function keeps the hop: with an empty body the optimizer removes the
/// switch to the global executor (nothing runs there), and the "round trip" costs 40 ns.
@inline(never)
@concurrent
func hopOffTheMainActor(_ value: Int) async -> Int {
  blackHole(value)
  return value &+ 1
}

// MARK: - values-stream

/// A counter whose `value` is consumed through `values(of: \.value)` by one task off the main
/// actor.
@MainActor
final class ValuesStreamCounter: Sendable {
  let reactor = Counter()

  /// Subscribes, sends `count` actions and waits until the consumer has seen every value.
  func run(actions count: Int) async -> (Int, Sample) {
    let reactor = self.reactor
    return await measured {
      let values = reactor.values(of: \.value)
      let consumer = Task.detached {
        var last = 0
        for await value in values {
          last = value
          if value == count { break }
        }
        return last
      }
      for _ in 0..<count {
        reactor.send(.increment)
      }
      return await consumer.value
    }
  }
}

// MARK: - state-stream

/// A counter whose state is consumed by `consumerCount` `AsyncStream` consumers, each a task off
/// the main actor.
@MainActor
final class StreamedCounter: StreamFixture {
  let reactor = Counter()

  /// Subscribes the consumers, sends `count` actions and waits until every consumer has seen every
  /// state (the initial one and one per action). Returns the sum of the last values seen.
  func run(actions count: Int, consumers consumerCount: Int) async -> (Int, Sample) {
    await measured { await stream(actions: count, consumers: consumerCount) }
  }

  private func stream(actions count: Int, consumers consumerCount: Int) async -> Int {
    let expected = count + 1
    var consumers: [Task<Int, Never>] = []
    consumers.reserveCapacity(consumerCount)
    for _ in 0..<consumerCount {
      let states = reactor.state
      consumers.append(
        Task.detached {
          var seen = 0
          var last = 0
          for await state in states {
            seen += 1
            last = state.value
            if seen == expected { break }
          }
          return last
        })
    }
    let reactor = self.reactor
    for _ in 0..<count {
      reactor.send(.increment)
    }
    var total = 0
    for consumer in consumers {
      total &+= await consumer.value
    }
    return total
  }
}

/// The reference for `state-stream`: the same consumers on bare `AsyncStream`s that the main actor
/// yields to through their continuations, with no reactor. That is how `reactor.state` was built
/// before it had a specialized buffer of its own; `state-stream` now runs at about a third of it.
@MainActor
final class BareStreams: StreamFixture {
  func run(actions count: Int, consumers consumerCount: Int) async -> (Int, Sample) {
    await measured { await stream(elements: count, consumers: consumerCount) }
  }

  private func stream(elements count: Int, consumers consumerCount: Int) async -> Int {
    var continuations: [AsyncStream<Counter.State>.Continuation] = []
    var consumers: [Task<Int, Never>] = []
    for _ in 0..<consumerCount {
      let (states, continuation) = AsyncStream.makeStream(of: Counter.State.self)
      continuations.append(continuation)
      consumers.append(
        Task.detached {
          var last = 0
          for await state in states { last = state.value }
          return last
        })
    }
    var state = Counter.State()
    for _ in 0..<count {
      state.value += 1
      for continuation in continuations { continuation.yield(state) }
    }
    for continuation in continuations { continuation.finish() }
    var total = 0
    for consumer in consumers {
      total &+= await consumer.value
    }
    return total
  }
}

// MARK: - memory

/// Makes `count` counters, each with one key-path observer and after one action, and keeps them
/// alive.
@MainActor
final class CounterPopulation: Sendable {
  private var reactors: [Counter] = []
  private var tokens: [ObservationToken] = []
  let tally = Tally()

  init(capacity: Int) {
    // Reserved before timing so the arrays' own storage is not counted.
    reactors.reserveCapacity(capacity)
    tokens.reserveCapacity(capacity)
  }

  func grow(to count: Int) -> Sample {
    let tally = self.tally
    return measured {
      for _ in 0..<count {
        let reactor = Counter()
        tokens.append(reactor.observe(\.value) { value in tally.sum &+= value })
        reactor.send(.increment)
        reactors.append(reactor)
      }
    }.1
  }

  var count: Int { reactors.count }

  func removeAll() {
    tokens.removeAll(keepingCapacity: true)
    reactors.removeAll(keepingCapacity: true)
  }
}

// MARK: - baseline

/// The state of the baseline: the same `Int` the counter holds.
struct BaselineState {
  var value = 0
}

/// The floor: one non-inlined reduce per element, no runtime at all.
@inline(never)
func baselineReduce(_ state: BaselineState) -> BaselineState {
  var state = state
  state.value += 1
  return state
}

/// A stream case's fixture: made before timing, then run once inside it.
protocol StreamFixture: Sendable {
  /// Feeds `count` elements to `consumers` consumers and waits until each has seen them all;
  /// returns a checksum of what they saw and the main actor's measurements.
  func run(actions count: Int, consumers: Int) async -> (Int, Sample)
}
