import Dispatch
import Observation
import ReactorFlow
import ReactorFlowTools

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// `instruction-counts <case> <N>`: makes the case's fixture, runs its loop `N` times on the main
/// actor and prints a checksum. count.sh runs it under callgrind with `N` and `2N`: the difference
/// of the two totals, divided by `N`, is the cost of one iteration without the process's startup
/// or the fixture's setup.
@main
enum InstructionCounts {
  static let cases = [
    "counter-sync", "keypath-observer", "counter-fanout", "observation-bridge",
    "observation-tracked-change", "observation-floor", "effect-roundtrip",
    "children-1000", "inspect", "log-changes", "log-changes-closure", "trace-recorder", "trace-entries",
    "hop", "task-floor",
    "shared-fanout", "eventbus-fanout",
    "memory-reactor", "memory-effect", "memory-effect-testclock", "memory-effect-cancellable",
    "memory-observed",
    "memory-observed-floor", "memory-task-sleep", "memory-task-sleep-detached",
    "memory-task-sleep-continuation", "memory-task-sleep-body", "memory-task-sleep-body-continuation",
    "state-10", "state-1000", "state-100000", "state-inout-10", "state-inout-1000",
    "state-inout-100000", "inspect-inout-10", "inspect-inout-100000", "log-changes-inout-10",
    "log-changes-inout-100000", "reactorkit-state-10", "reactorkit-state-100000", "reactors-1", "reactors-10",
    "reactors-100", "reactors-1000", "effects-1", "effects-100", "effects-10000", "effects-start",
    "effects-cancel", "cancel-time", "cancel-time-floor", "generated-step",
  ]

  @MainActor
  static func main() {
    let arguments = CommandLine.arguments
    guard arguments.count == 3, cases.contains(arguments[1]), let count = Int(arguments[2]), count > 0
    else {
      print("usage: instruction-counts <case> <N>   (N > 0; cases: \(cases.joined(separator: ", ")))")
      exit(2)
    }
    Task { @MainActor in
      let checksum = await run(arguments[1], count)
      print("\(arguments[1]) \(count) \(checksum)")
      exit(0)
    }
    runMainQueue()
  }

  @MainActor
  static func run(_ name: String, _ count: Int) async -> Int {
    switch name {
    case "counter-sync": counterSync(count, observers: 1)
    case "keypath-observer": keyPathObserver(count)
    case "counter-fanout": counterSync(count, observers: 100)
    case "observation-bridge": observationBridge(count)
    case "observation-tracked-change": TrackedChanges(handWritten: false).run(count)
    case "observation-floor": TrackedChanges(handWritten: true).run(count)
    case "effect-roundtrip": await effectRoundTrip(count)
    case "generated-step": await generatedSteps(count)
    case "children-1000": childrenChange(count)
    case "inspect": inspected(count)
    case "log-changes": loggedChanges(count)
    case "log-changes-closure": loggedChangesToClosure(count)
    case "trace-recorder": traced(count, reading: false)
    case "trace-entries": traced(count, reading: true)
    case "hop": await bareHops(count)
    case "task-floor": await taskHops(count)
    case "shared-fanout": sharedFanOut(count)
    case "eventbus-fanout": await eventBusFanOut(count)
    case "memory-reactor": await reactorMemory(count)
    case "memory-effect": await effectMemory(count, testClock: false)
    case "memory-effect-testclock": await effectMemory(count, testClock: true)
    case "memory-effect-cancellable": await effectMemory(count, testClock: false, cancellable: true)
    case "memory-observed": await observedMemory(count, handWritten: false)
    case "memory-observed-floor": await observedMemory(count, handWritten: true)
    case "memory-task-sleep": await taskSleepMemory(count, .unstructured)
    case "memory-task-sleep-detached": await taskSleepMemory(count, .detached)
    case "memory-task-sleep-continuation": await taskSleepMemory(count, .continuation)
    case "memory-task-sleep-body": await taskSleepMemory(count, .body)
    case "memory-task-sleep-body-continuation": await taskSleepMemory(count, .bodyContinuation)
    case "state-10": stateScale(count, elements: 10)
    case "state-1000": stateScale(count, elements: 1_000)
    case "state-100000": stateScale(count, elements: 100_000)
    case "state-inout-10": stateInPlaceScale(count, elements: 10)
    case "state-inout-1000": stateInPlaceScale(count, elements: 1_000)
    case "state-inout-100000": stateInPlaceScale(count, elements: 100_000)
    case "inspect-inout-10": inspectedStateScale(count, elements: 10)
    case "inspect-inout-100000": inspectedStateScale(count, elements: 100_000)
    case "log-changes-inout-10": loggedStateScale(count, elements: 10)
    case "log-changes-inout-100000": loggedStateScale(count, elements: 100_000)
    case "reactorkit-state-10": reactorKitStateScale(count, elements: 10)
    case "reactorkit-state-100000": reactorKitStateScale(count, elements: 100_000)
    case "reactors-1": reactorScale(count, live: 1)
    case "reactors-10": reactorScale(count, live: 10)
    case "reactors-100": reactorScale(count, live: 100)
    case "reactors-1000": reactorScale(count, live: 1_000)
    case "effects-1": await actionsWithEffects(count, inFlight: 1)
    case "effects-100": await actionsWithEffects(count, inFlight: 100)
    case "effects-10000": await actionsWithEffects(count, inFlight: 10_000)
    case "effects-start": await sleepersStartedAndCancelled(count, cancel: false)
    case "effects-cancel": await sleepersStartedAndCancelled(count, cancel: true)
    case "cancel-time": await timedCancels(count)
    case "cancel-time-floor": await timedTaskCancels(count)
    default: fatalError("unknown case \(name)")
    }
  }
}

/// The sum of `1...count`: what an observer of `\.value` has added up after `count` increments.
func triangle(_ count: Int) -> Int { count &* (count &+ 1) / 2 }

/// `counter-sync` (one observer) and `counter-fanout` (100): `count` synchronous actions on a
/// counter whose `value` the observers watch through `observe(\.value)`. One iteration is one
/// action.
@MainActor
func counterSync(_ count: Int, observers: Int) -> Int {
  let reactor = Counter()
  let tally = Tally()
  var tokens: [ObservationToken] = []
  for _ in 0..<observers {
    tokens.append(reactor.observe(\.value) { value in tally.sum &+= value })
  }
  for _ in 0..<count {
    reactor.send(.increment)
  }
  precondition(tally.sum == observers &* triangle(count), "the observers missed a value")
  tokens.removeAll()
  return tally.sum
}

/// `keypath-observer`: `count` actions on a reactor with ten values, one of them observed through
/// its key path. One iteration is one action.
@MainActor
func keyPathObserver(_ count: Int) -> Int {
  let reactor = TenValues()
  let tally = Tally()
  let token = reactor.observe(\.value) { tally.sum &+= $0 }
  for _ in 0..<count { reactor.send(.increment) }
  precondition(tally.sum == triangle(count), "the observer missed a value")
  withExtendedLifetime(token) {}
  return tally.sum
}

/// `observation-bridge`: an `ObservedReactor` whose ten values a view read in one
/// `withObservationTracking`, then `count` actions that change one of them without the view
/// rendering again (the first is signalled, the others find nothing to signal). One iteration is
/// one action.
@MainActor
func observationBridge(_ count: Int) -> Int {
  let model = ObservedReactor(TenValues())
  let invalidations = Tally()
  withObservationTracking {
    _ = (model.value, model.value1, model.value2, model.value3, model.value4, model.value5)
    _ = (model.value6, model.value7, model.value8, model.value9)
  } onChange: {
    MainActor.assumeIsolated { invalidations.sum += 1 }
  }
  for _ in 0..<count { model.send(.increment) }
  precondition(invalidations.sum == 1, "the view was invalidated \(invalidations.sum) times")
  precondition(model.value == count, "an action was lost")
  return model.value
}

/// `effect-roundtrip`: `count` times `await reactor.send(.roundTrip).finish()`, whose effect is
/// `.run { send in await send(.increaseValue) }`. One iteration is one round trip.
@MainActor
func effectRoundTrip(_ count: Int) async -> Int {
  let reactor = Counter()
  for _ in 0..<count {
    await reactor.send(.roundTrip).finish()
  }
  precondition(reactor.currentState.value == count, "a round trip was lost")
  return reactor.currentState.value
}

/// `children-1000`: a parent with 1,000 adopted cells, observed the way a list view does (a
/// key-path observer of the cells and one of the last change), each cell started by one action;
/// then `count` changes of a cell, cell after cell, each announced to the parent, which reduces
/// it. One iteration is one child's change.
@MainActor
func childrenChange(_ count: Int) -> Int {
  let childCount = 1_000
  let parent = CellList()
  let tally = Tally()
  var tokens: [ObservationToken] = []
  tokens.append(parent.observe(\.cells) { tally.sum &+= $0.count })
  tokens.append(parent.observe(\.lastChangedID) { tally.sum &+= $0 })
  for id in 0..<childCount {
    parent.send(.add(id: id))
    parent.currentState.cells[id: id]?.send(.increment)
  }
  let cells = parent.currentState.cells.map(\.reactor)
  precondition(cells.count == childCount, "a cell was not adopted")
  let changesBefore = parent.currentState.changes
  let (rounds, remainder) = count.quotientAndRemainder(dividingBy: childCount)
  for _ in 0..<rounds {
    for cell in cells { cell.send(.increment) }
  }
  for cell in cells[..<remainder] { cell.send(.increment) }
  precondition(parent.currentState.changes - changesBefore == count, "a change did not reach the parent")
  tokens.removeAll()
  return tally.sum
}

/// `inspect`: `counter-sync` with one inspector attached through `inspect`, which counts the
/// events it receives (an action, a mutation and a state per action). One iteration is one action.
@MainActor
func inspected(_ count: Int) -> Int {
  let reactor = Counter()
  let tally = Tally()
  let events = Tally()
  let observation = reactor.observe(\.value) { value in tally.sum &+= value }
  let inspection = reactor.inspect { _ in events.sum &+= 1 }
  for _ in 0..<count { reactor.send(.increment) }
  precondition(tally.sum == triangle(count), "the observer missed a value")
  precondition(events.sum == 3 &* count, "the inspector missed an event")
  withExtendedLifetime((observation, inspection)) {}
  return events.sum
}

/// `log-changes`: `keypath-observer` (a state of ten values) with `logChanges()` attached as a
/// user writes it, its lines written to standard error, which the case points at /dev/null. One
/// iteration is one action.
@MainActor
func loggedChanges(_ count: Int) -> Int {
  let reactor = TenValues()
  let tally = Tally()
  let observation = reactor.observe(\.value) { tally.sum &+= $0 }
  let standardError = dup(2)
  let null = open("/dev/null", O_WRONLY)
  precondition(standardError >= 0 && null >= 0 && dup2(null, 2) == 2, "could not silence standard error")
  let log = reactor.logChanges()
  for _ in 0..<count { reactor.send(.increment) }
  log.cancel()
  precondition(dup2(standardError, 2) == 2, "could not restore standard error")
  close(null)
  close(standardError)
  precondition(tally.sum == triangle(count), "the observer missed a value")
  withExtendedLifetime(observation) {}
  return tally.sum
}

/// `log-changes-closure`: `log-changes` with `logChanges(to:)` given a closure, which counts the
/// characters of each line instead of printing it. One iteration is one action.
@MainActor
func loggedChangesToClosure(_ count: Int) -> Int {
  let reactor = TenValues()
  let tally = Tally()
  let characters = Tally()
  let observation = reactor.observe(\.value) { tally.sum &+= $0 }
  let log = reactor.logChanges { line in characters.sum &+= line.utf8.count }
  for _ in 0..<count { reactor.send(.increment) }
  precondition(tally.sum == triangle(count), "the observer missed a value")
  withExtendedLifetime((observation, log)) {}
  return characters.sum
}

/// `trace-recorder`: `counter-sync` recorded by a `TraceRecorder` on the continuous clock. One
/// iteration is one action. `trace-entries` then reads the recorder's entries, which describes each
/// action and mutation: what every export (JSON, SVG, HTML) pays once per event.
@MainActor
func traced(_ count: Int, reading: Bool) -> Int {
  let reactor = Counter()
  let tally = Tally()
  let recorder = TraceRecorder(clock: ContinuousClock())
  let observation = reactor.observe(\.value) { value in tally.sum &+= value }
  let recording = recorder.record(reactor)
  for _ in 0..<count { reactor.send(.increment) }
  precondition(tally.sum == triangle(count), "the observer missed a value")
  withExtendedLifetime((observation, recording)) {}
  guard reading else { return recorder.reactors.count }
  let entries = recorder.entries.count
  precondition(entries == 2 * count + 1, "the recorder missed an event")
  return entries
}

/// `hop`: `count` bare round trips from the main actor to a `@concurrent` function, no reactor:
/// the floor of any asynchronous round trip. For counting thread switches (switches.sh).
@MainActor
func bareHops(_ count: Int) async -> Int {
  var sum = 0
  for index in 0..<count { sum &+= await hopOffTheMainActor(index) }
  return sum
}

/// `task-floor`: `count` of the same hops, each made by a main-actor task that the main actor
/// awaits: what the runtime charges any awaited effect task, which `effect-roundtrip` is held to.
@MainActor
func taskHops(_ count: Int) async -> Int {
  var sum = 0
  for index in 0..<count {
    sum &+= await Task { @MainActor in await hopOffTheMainActor(index) }.value
  }
  return sum
}

/// Where the hop writes, so that the optimizer keeps the switch to the global executor (with an
/// empty body it removes it).
nonisolated(unsafe) var hopSink = 0

/// One hop to the global executor and back.
@inline(never)
@concurrent
func hopOffTheMainActor(_ value: Int) async -> Int {
  hopSink = value
  return value &+ 1
}

/// `shared-fanout`: `count` changes of a `SharedValue` that 100 observed reactors read, each
/// reduced by all of them before `set` returns. One iteration is one change (100 reductions).
@MainActor
func sharedFanOut(_ count: Int) -> Int {
  let fanOut = FanOut(readers: 100, throughBus: false)
  let seen = fanOut.changeShared(count)
  precondition(seen == 100 &* count, "a reader missed a change")
  precondition(fanOut.sharedReaders.allSatisfy { $0.currentState.value == count }, "a reader is behind")
  return seen
}

/// `eventbus-fanout`: the same fan-out through an `EventBus` that the 100 reactors merge as an
/// external stream: `count` posts, each awaited until every reader reduced it. One iteration is
/// one post (100 reductions).
@MainActor
func eventBusFanOut(_ count: Int) async -> Int {
  let fanOut = FanOut(readers: 100, throughBus: true)
  // The readers' streams subscribe when they start, in their tasks: wait for all 100.
  while fanOut.bus.subscriberCount < 100 { await Task.yield() }
  let seen = await fanOut.postOnBus(count)
  precondition(seen == 100 &* count, "a reader missed a post")
  return seen
}

#if os(Linux)
  /// The file descriptor (an eventfd) that libdispatch signals when it enqueues work on the main
  /// queue, once this has been called; what Foundation's run loop waits on.
  @_silgen_name("_dispatch_get_main_queue_handle_4CF")
  private func mainQueueHandle() -> Int32

  /// Runs what the main queue holds (the main actor's jobs), on the main thread.
  @_silgen_name("_dispatch_main_queue_callback_4CF")
  private func drainMainQueue(_ message: UnsafeMutableRawPointer?)

  /// Runs the main queue on this thread until the process exits, the way Foundation's run loop
  /// does: wait for the queue's eventfd, clear it, drain the queue. Valgrind 3.19 cannot run
  /// `dispatchMain()` here (it stops with an internal SIGSEGV once a worker thread starts while the
  /// main thread waits in `dispatchMain()`'s `sigsuspend`), so the asynchronous case needs this.
  func runMainQueue() -> Never {
    let handle = mainQueueHandle()
    drainMainQueue(nil)
    while true {
      var descriptor = pollfd(fd: handle, events: Int16(POLLIN), revents: 0)
      _ = poll(&descriptor, 1, -1)
      var value: UInt64 = 0
      _ = read(handle, &value, MemoryLayout<UInt64>.size)
      drainMainQueue(nil)
    }
  }
#else
  /// Runs the main queue until the process exits.
  func runMainQueue() -> Never { dispatchMain() }
#endif
