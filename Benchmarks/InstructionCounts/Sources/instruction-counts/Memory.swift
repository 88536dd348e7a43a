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

  private typealias SizesReader = @convention(c) (UnsafeMutablePointer<Int>) -> Void

  private static let sizesReader: SizesReader? = dlsym(nil, "reactorflow_live_sizes").map {
    unsafeBitCast($0, to: SizesReader.self)
  }

  /// The live blocks by footprint, in 16-byte steps (the last entry: 4 KB or more); empty
  /// unless memory.sh was asked for them (`--sizes`).
  static var sizes: [Int] {
    guard getenv("REACTORFLOW_MEMORY_SIZES") != nil, let sizesReader else { return [] }
    var sizes = [Int](repeating: 0, count: 257)
    sizes.withUnsafeMutableBufferPointer { buffer in
      if let base = buffer.baseAddress { sizesReader(base) }
    }
    return sizes
  }
}

/// Prints, for `--sizes`, the blocks per object that the measured round added by footprint, as
/// `  size-from-to blocks`: the size classes whose count moved by at least a tenth per object.
func printSizes(before: [Int], after: [Int], count: Int) {
  guard !before.isEmpty, before.count == after.count else { return }
  for index in before.indices {
    let blocks = Double(after[index] - before[index]) / Double(count)
    guard abs(blocks) >= 0.1 else { continue }
    let range = index == before.count - 1 ? "\(16 * index)-" : "\(16 * index)-\(16 * index + 15)"
    print("  \(range) B: \((blocks * 100).rounded() / 100) blocks")
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
  let sizesBefore = LiveHeap.sizes
  let before = LiveHeap.now
  for _ in 0..<count { make(&objects) }
  await settle()
  let after = LiveHeap.now
  let sizesAfter = LiveHeap.sizes
  let bytes = Double(after.bytes - before.bytes) / Double(count)
  let blocks = Double(after.blocks - before.blocks) / Double(count)
  print(name, (bytes * 10).rounded() / 10, (blocks * 10).rounded() / 10)
  printSizes(before: sizesBefore, after: sizesAfter, count: count)
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

/// A reactor whose actions start an effect that sleeps for a day on the clock it was given, as a
/// debounce or a poll waits: as it is, or made cancellable under the id the action carries.
@MainActor
final class Sleeper: Reactor {
  enum Action: Sendable { case sleep, sleepCancellable(id: Int) }
  enum Mutation: Sendable { case woke }
  struct State: Equatable, Sendable { var wakeUps = 0 }

  let initialState = State()
  let runtime = Runtime()
  let clock: any Clock<Duration>

  init(clock: any Clock<Duration>) { self.clock = clock }

  func mutate(action: Action) -> Effect<Mutation> {
    let clock = self.clock
    let effect = Effect<Mutation>.run { send in
      try await clock.sleep(for: .seconds(86_400))
      await send(.woke)
    }
    switch action {
    case .sleep: return effect
    case .sleepCancellable(let id): return effect.cancellable(id: id)
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    state.wakeUps += 1
    return state
  }
}

/// `memory-effect` (on `ContinuousClock`) and `memory-effect-testclock` (on a `TestClock`):
/// effects in flight on one reactor, each asleep. `memory-effect-cancellable`: the same on
/// `ContinuousClock`, each made cancellable under an id of its own, as a user writes it. Per
/// effect.
@MainActor
func effectMemory(_ count: Int, testClock: Bool, cancellable: Bool = false) async -> Int {
  // Made only for its case: a test clock installs the testing module's effect host, which
  // production effects do not run through.
  let clock = testClock ? TestClock() : nil
  let reactor = Sleeper(clock: clock ?? ContinuousClock())
  var started = 0
  let name =
    testClock ? "memory-effect-testclock" : cancellable ? "memory-effect-cancellable" : "memory-effect"
  return await measureMemory(
    name, count,
    settle: {
      if let clock {
        while clock.pendingCount < started { try? await Task.sleep(for: .milliseconds(5)) }
      }
      await settleHeap()
    }
  ) { _ in
    started += 1
    reactor.send(cancellable ? .sleepCancellable(id: started) : .sleep)
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

/// The floor of a sleeping effect: what the Swift runtime takes for a task asleep for a day,
/// without ReactorFlow. `memory-task-sleep` is a `Task` made on the main actor, asleep on
/// `ContinuousClock`; `memory-task-sleep-detached` the same task detached (off the main actor,
/// where effect bodies run); `memory-task-sleep-continuation` a detached task asleep on
/// ``ContinuationClock``, the least a clock that a test drives can keep. `memory-task-sleep-body`
/// and `memory-task-sleep-body-continuation` are the shape of a `.run` effect without ReactorFlow:
/// a main-actor `Task` that awaits a `@concurrent` closure asleep on an `any Clock<Duration>`
/// (`ContinuousClock`, ``ContinuationClock``), as ``Sleeper``'s effect is. Per task.
@MainActor
func taskSleepMemory(_ count: Int, _ kind: TaskSleepKind) async -> Int {
  let clock = ContinuationClock()
  let anyClock: any Clock<Duration> = kind == .bodyContinuation ? clock : ContinuousClock()
  let body: @concurrent @Sendable () async throws -> Void = {
    try await anyClock.sleep(for: .seconds(86_400))
  }
  var started = 0
  return await measureMemory(
    kind.caseName, count,
    settle: {
      if kind == .continuation || kind == .bodyContinuation {
        while clock.sleeperCount < started { try? await Task.sleep(for: .milliseconds(5)) }
      }
      await settleHeap()
    }
  ) { _ in
    started += 1
    switch kind {
    case .unstructured:
      Task { try await ContinuousClock().sleep(for: .seconds(86_400)) }
    case .detached:
      Task.detached { try await ContinuousClock().sleep(for: .seconds(86_400)) }
    case .continuation:
      Task.detached { try await clock.sleep(for: .seconds(86_400)) }
    case .body, .bodyContinuation:
      Task { try await body() }
    }
  }
}

/// The tasks of ``taskSleepMemory(_:_:)``.
enum TaskSleepKind {
  case unstructured, detached, continuation, body, bodyContinuation

  var caseName: String {
    switch self {
    case .unstructured: "memory-task-sleep"
    case .detached: "memory-task-sleep-detached"
    case .continuation: "memory-task-sleep-continuation"
    case .body: "memory-task-sleep-body"
    case .bodyContinuation: "memory-task-sleep-body-continuation"
    }
  }
}

/// A clock whose sleepers wait on a continuation each, kept in an array, until nothing wakes them:
/// the floor of a clock that a test drives (no cancellation, no order, no time).
final class ContinuationClock: Clock, @unchecked Sendable {
  typealias Instant = ContinuousClock.Instant

  // `@unchecked Sendable`: `sleepers` is read and written only with `mutex` locked.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t> = {
    let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
    return mutex
  }()
  private var sleepers: [UnsafeContinuation<Void, any Error>] = []

  var now: Instant { .now }
  var minimumResolution: Duration { .zero }

  /// The number of tasks asleep.
  var sleeperCount: Int {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return sleepers.count
  }

  func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try await withUnsafeThrowingContinuation { continuation in
      pthread_mutex_lock(mutex)
      sleepers.append(continuation)
      pthread_mutex_unlock(mutex)
    }
  }
}
