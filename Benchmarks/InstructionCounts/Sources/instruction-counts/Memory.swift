import Observation
import ReactorFlow
import ReactorFlowTesting

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// The live heap as malloc-counter.c counts it: the bytes (with malloc's chunk header) and blocks
/// of every allocation not yet freed, all threads. memory.sh preloads the counter; without it the cases cannot measure.
struct LiveHeap: Equatable {
  var bytes = 0
  var blocks = 0

  private typealias Reader = @convention(c) (UnsafeMutablePointer<Int>, UnsafeMutablePointer<Int>) -> Void

  private static let reader: Reader? = dlsym(nil, "reactorflow_live_heap").map {
    unsafeBitCast($0, to: Reader.self)
  }

  static var now: LiveHeap {
    guard let reader else {
      print("memory cases need malloc-counter.c preloaded (run them with memory.sh)")
      exit(2)
    }
    var heap = LiveHeap()
    reader(&heap.bytes, &heap.blocks)
    return heap
  }
}

/// Makes `count` objects with `make` (which appends what must stay alive to its argument), twice: the first round warms up what is made once per
/// process (metadata, caches, the executor's threads); the second is measured. Prints the live
/// bytes and blocks it added, per object, to one decimal.
@MainActor
func measureMemory(
  _ name: String, _ count: Int, settle: () async -> Void = {}, _ make: (inout [AnyObject]) -> Void
) async -> Int {
  var objects: [AnyObject] = []
  objects.reserveCapacity(4 * count)
  for _ in 0..<count { make(&objects) }
  await settle()
  let before = LiveHeap.now
  for _ in 0..<count { make(&objects) }
  await settle()
  let after = LiveHeap.now
  let bytes = Double(after.bytes - before.bytes) / Double(count)
  let blocks = Double(after.blocks - before.blocks) / Double(count)
  print(name, (bytes * 10).rounded() / 10, (blocks * 10).rounded() / 10)
  withExtendedLifetime(objects) {}
  return after.blocks
}

/// Waits until the live heap has moved by less than 1 KB in each of three readings 20 ms apart (at
/// most ten seconds): the effects' bodies run on other threads, and have all gone to sleep once
/// nothing allocates but the wait itself (its own timer, about 0.01 B per effect measured).
@MainActor
func settleHeap() async {
  var last = LiveHeap.now
  var quiet = 0
  for _ in 0..<500 where quiet < 3 {
    try? await Task.sleep(for: .milliseconds(20))
    let heap = LiveHeap.now
    quiet = abs(heap.bytes - last.bytes) < 1024 ? quiet + 1 : 0
    last = heap
  }
}

/// `memory-reactor`: the counter with one key-path observer, after one action (the harness's
/// `memory` case). Per reactor.
@MainActor
func reactorMemory(_ count: Int) async -> Int {
  let tally = Tally()
  return await measureMemory("memory-reactor", count) { objects in
    let reactor = Counter()
    objects.append(reactor.observe(\.value) { value in tally.sum &+= value })
    reactor.send(.increment)
    objects.append(reactor)
  }
}

/// A reactor whose one action starts an effect that sleeps for a day on the clock it was given,
/// as a debounce or a poll waits.
@MainActor
final class Sleeper: Reactor {
  enum Action: Sendable { case sleep }
  enum Mutation: Sendable { case woke }
  struct State: Equatable, Sendable { var wakeUps = 0 }

  let initialState = State()
  let runtime = Runtime()
  let clock: any Clock<Duration>

  init(clock: any Clock<Duration>) { self.clock = clock }

  func mutate(action: Action) -> Effect<Mutation> {
    let clock = self.clock
    return .run { send in
      try await clock.sleep(for: .seconds(86_400))
      await send(.woke)
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    state.wakeUps += 1
    return state
  }
}

/// `memory-effect` (on `ContinuousClock`) and `memory-effect-testclock` (on a `TestClock`):
/// effects in flight on one reactor, each asleep. Per effect.
@MainActor
func effectMemory(_ count: Int, testClock: Bool) async -> Int {
  let clock = TestClock()
  let reactor = Sleeper(clock: testClock ? clock : ContinuousClock())
  var started = 0
  let name = testClock ? "memory-effect-testclock" : "memory-effect"
  return await measureMemory(
    name, count,
    settle: {
      if testClock {
        while clock.pendingCount < started { try? await Task.sleep(for: .milliseconds(5)) }
      }
      await settleHeap()
    }
  ) { _ in
    started += 1
    reactor.send(.sleep)
  }
}

/// `memory-observed` and `memory-observed-floor`: the harness's `observation-memory` and
/// `observation-floor-memory`: a reactor with ten values in an `ObservedReactor` (or in the
/// hand-written `@Observable` class of `observation-floor`), one of its values read inside
/// `withObservationTracking`. Per model.
@MainActor
func observedMemory(_ count: Int, handWritten: Bool) async -> Int {
  await measureMemory(handWritten ? "memory-observed-floor" : "memory-observed", count) { objects in
    if handWritten {
      let model = HandWrittenModel()
      _ = withObservationTracking {
        model.value
      } onChange: {
      }
      objects.append(model)
    } else {
      let model = ObservedReactor(TenValues())
      _ = withObservationTracking {
        model.value
      } onChange: {
      }
      objects.append(model)
    }
  }
}
