import ReactorFlow
import ReactorFlowTools

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// A reactor whose state holds `count` elements: each action changes one of them (the next one),
/// and a key-path observer watches the number of changes. `state-10`, `state-1000` and
/// `state-100000` show what an action costs as the state grows.
@MainActor
final class Elements: Reactor {
  enum Action: Sendable { case change }
  enum Mutation: Sendable { case change }
  struct State: Equatable, Sendable {
    var elements: [Int]
    var changes = 0
  }

  let initialState: State
  let runtime = Runtime()

  init(count: Int) { initialState = State(elements: Array(repeating: 0, count: count)) }

  func mutate(action: Action) -> Effect<Mutation> { .send(.change) }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    state.elements[state.changes % state.elements.count] &+= 1
    state.changes += 1
    return state
  }
}

/// `Elements` written with `reduce(into:mutation:)`, as the docs advise for a large state: the
/// loop changes the state in place. `state-inout-10`, `state-inout-1000` and
/// `state-inout-100000`.
@MainActor
final class ElementsInPlace: Reactor {
  typealias Action = Elements.Action
  typealias Mutation = Elements.Mutation
  typealias State = Elements.State

  let initialState: State
  let runtime = Runtime()

  init(count: Int) { initialState = State(elements: Array(repeating: 0, count: count)) }

  func mutate(action: Action) -> Effect<Mutation> { .send(.change) }

  func reduce(into state: inout State, mutation: Mutation) {
    state.elements[state.changes % state.elements.count] &+= 1
    state.changes += 1
  }
}

/// `state-<elements>`: `count` actions on a reactor whose state holds `elements` elements. One
/// iteration is one action.
@MainActor
func stateScale(_ count: Int, elements: Int) -> Int {
  stateScale(count, reactor: Elements(count: elements))
}

/// `state-inout-<elements>`: the same with `reduce(into:mutation:)`.
@MainActor
func stateInPlaceScale(_ count: Int, elements: Int) -> Int {
  stateScale(count, reactor: ElementsInPlace(count: elements))
}

@MainActor
private func stateScale(
  _ count: Int, reactor: some Reactor<Elements.Action, Elements.Mutation, Elements.State>
) -> Int {
  let tally = Tally()
  let token = reactor.observe(\.changes) { tally.sum &+= $0 }
  for _ in 0..<count { reactor.send(.change) }
  precondition(tally.sum == triangle(count), "the observer missed a change")
  withExtendedLifetime(token) {}
  return tally.sum
}

/// `reactors-<live>`: `live` counters alive, each with one key-path observer, and `count` actions
/// sent to them in turn. One iteration is one action.
@MainActor
func reactorScale(_ count: Int, live: Int) -> Int {
  let tally = Tally()
  let reactors = (0..<live).map { _ in Counter() }
  let tokens = reactors.map { $0.observe(\.value) { value in tally.sum &+= value } }
  for index in 0..<count { reactors[index % live].send(.increment) }
  withExtendedLifetime(tokens) {}
  return reactors.reduce(0) { $0 &+ $1.currentState.value }
}

/// A counter whose effects sleep for a day once they have told the reactor they started: the
/// effects in flight of `effects-<n>`, `effects-start` and `effects-cancel`.
@MainActor
final class Sleepers: Reactor {
  enum Action: Sendable { case increment, sleep(id: Int), stop(id: Int) }
  enum Mutation: Sendable { case increaseValue, started }
  struct State: Equatable, Sendable {
    var value = 0
    var started = 0
  }

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .increment:
      return .send(.increaseValue)
    case .sleep(let id):
      return Effect.run { send in
        await send(.started)
        try await ContinuousClock().sleep(for: .seconds(86_400))
      }
      .cancellable(id: id)
    case .stop(let id):
      return .cancel(id: id)
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .increaseValue: state.value += 1
    case .started: state.started += 1
    }
    return state
  }
}

/// Starts `count` effects on `reactor` and returns once each has told it that it started (its
/// body is then on its way into the sleep).
@MainActor
func startSleepers(_ reactor: Sleepers, _ count: Int) async -> [ReactorTask] {
  var tasks: [ReactorTask] = []
  tasks.reserveCapacity(count)
  await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
    var token: ObservationToken?
    var resumed = false
    token = reactor.observe(\.started) { started in
      guard started == count, !resumed else { return }
      resumed = true
      token?.cancel()
      continuation.resume()
    }
    for id in 0..<count { tasks.append(reactor.send(.sleep(id: id))) }
    withExtendedLifetime(token) {}
  }
  return tasks
}

/// `effects-<inFlight>`: `inFlight` effects asleep on the counter, then `count` synchronous actions
/// on it, each with one key-path observer. One iteration is one action; it must not grow with the
/// effects in flight.
@MainActor
func actionsWithEffects(_ count: Int, inFlight: Int) async -> Int {
  let reactor = Sleepers()
  let tasks = await startSleepers(reactor, inFlight)
  let tally = Tally()
  let token = reactor.observe(\.value) { value in tally.sum &+= value }
  for _ in 0..<count { reactor.send(.increment) }
  precondition(tally.sum == triangle(count), "the observer missed a value")
  withExtendedLifetime((tasks, token)) {}
  return tally.sum
}

/// `effects-start`: `count` effects started and asleep. `effects-cancel`: the same, then each
/// cancelled by its id, until all have finished; the difference of the two is what cancelling an
/// effect costs, its task's end included.
@MainActor
func sleepersStartedAndCancelled(_ count: Int, cancel: Bool) async -> Int {
  let reactor = Sleepers()
  let tasks = await startSleepers(reactor, count)
  guard cancel else { return tasks.count }
  for id in 0..<count { reactor.send(.stop(id: id)) }
  for task in tasks { await task.finish() }
  return tasks.count
}

/// `cancel-time`: `sleepersStartedAndCancelled`'s cancelling part timed rather than counted, for
/// the figure in microseconds: `count` effects started and asleep, then each cancelled by its id
/// until all have finished, timed by ``timeCancels(_:_:calls:_:waitingForEnds:)``: the main
/// thread's part is the `send` calls that cancel, what the main actor pays before the runtime winds
/// the tasks down.
@MainActor
func timedCancels(_ count: Int) async -> Int {
  let reactor = Sleepers()
  let tasks = await startSleepers(reactor, count)
  await timeCancels("cancel-time", count, calls: "sends") {
    for id in 0..<count { reactor.send(.stop(id: id)) }
  } waitingForEnds: {
    for task in tasks { await task.finish() }
  }
  return tasks.count
}

/// `cancel-time-floor`: `cancel-time` without ReactorFlow, the runtime's own floor for the same
/// work: `count` main-actor tasks, each awaiting a `@concurrent` closure that tells the main actor
/// it started and then sleeps on `ContinuousClock` (a `.run` effect's shape, as
/// `memory-task-sleep-body`'s), then each cancelled with `Task.cancel()` and awaited, timed as
/// `cancel-time` is.
@MainActor
func timedTaskCancels(_ count: Int) async -> Int {
  let tally = StartTally(expected: count)
  let body: @concurrent @Sendable () async throws -> Void = {
    await tally.started()
    try await ContinuousClock().sleep(for: .seconds(86_400))
  }
  var tasks: [Task<Void, Never>] = []
  tasks.reserveCapacity(count)
  await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
    tally.whenAllStarted = { continuation.resume() }
    for _ in 0..<count { tasks.append(Task { try? await body() }) }
  }
  await timeCancels("cancel-time-floor", count, calls: "cancel() calls") {
    for task in tasks { task.cancel() }
  } waitingForEnds: {
    for task in tasks { await task.value }
  }
  return tasks.count
}

/// Times `cancel`, then `waitingForEnds`, and prints, for `name`, the CPU time of the whole
/// process (the worker threads that wake the sleeping bodies included), in user space and in the
/// kernel, and the wall time, per cancel; then the main thread's CPU time in `cancel` alone, the
/// `calls` it makes, per cancel.
@MainActor
func timeCancels(
  _ name: String, _ count: Int, calls: String, _ cancel: () -> Void,
  waitingForEnds: () async -> Void
) async {
  let cpuStart = processCPUTime()
  let wallStart = ContinuousClock.now
  let callsStart = threadCPUTime()
  cancel()
  let callsTime = threadCPUTime() - callsStart
  await waitingForEnds()
  let wall = ContinuousClock.now - wallStart
  let cpuEnd = processCPUTime()
  let wallNanoseconds = Double(wall.components.seconds) * 1e9 + Double(wall.components.attoseconds) / 1e9
  let user = (cpuEnd.user - cpuStart.user) / count
  let system = (cpuEnd.system - cpuStart.system) / count
  print(
    "\(name): \(count) cancels, per cancel \(user + system) ns CPU (\(user) user, \(system) "
      + "kernel), \(Int(wallNanoseconds / Double(count))) ns wall; the main actor's \(calls) "
      + "\(callsTime / count) ns CPU")
}

/// Counts the tasks of `timedTaskCancels` that have started, on the main actor.
@MainActor
final class StartTally {
  let expected: Int
  var count = 0
  var whenAllStarted: (() -> Void)?

  init(expected: Int) { self.expected = expected }

  func started() {
    count += 1
    if count == expected { whenAllStarted?() }
  }
}

/// The CPU time of the calling thread so far, in nanoseconds.
func threadCPUTime() -> Int {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return time.tv_sec * 1_000_000_000 + time.tv_nsec
}

/// The CPU time of the process so far, every thread's, in nanoseconds.
func processCPUTime() -> (user: Int, system: Int) {
  var usage = rusage()
  #if canImport(Glibc)
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
  #else
    getrusage(RUSAGE_SELF, &usage)
  #endif
  func nanoseconds(_ time: timeval) -> Int { time.tv_sec * 1_000_000_000 + time.tv_usec * 1_000 }
  return (nanoseconds(usage.ru_utime), nanoseconds(usage.ru_stime))
}

/// `inspect-inout-<elements>`: `state-inout-<elements>` with an `inspect` handler counting the
/// events. What it costs beyond `state-inout` is the inspector's: an inspector sees the old state
/// too, so the changed collection is copied once per action.
@MainActor
func inspectedStateScale(_ count: Int, elements: Int) -> Int {
  let reactor = ElementsInPlace(count: elements)
  let events = Tally()
  let inspection = reactor.inspect { _ in events.sum &+= 1 }
  let result = stateScale(count, reactor: reactor)
  precondition(events.sum == 3 &* count, "the inspector missed an event")
  withExtendedLifetime(inspection) {}
  return result
}

/// `log-changes-inout-<elements>`: `state-inout-<elements>` with `logChanges(to:)` given a closure
/// that counts the characters of each line.
@MainActor
func loggedStateScale(_ count: Int, elements: Int) -> Int {
  let reactor = ElementsInPlace(count: elements)
  let characters = Tally()
  let log = reactor.logChanges { line in characters.sum &+= line.utf8.count }
  let result = stateScale(count, reactor: reactor)
  precondition(characters.sum > 0, "the change log wrote nothing")
  withExtendedLifetime(log) {}
  return result
}

/// ReactorKit's state loop on the `state-*` reactor, with RxSwift's operators taken out: what
/// ReactorKit's `Reactor.swift` keeps and calls per mutation, written as plain stored properties.
/// `scan(initialState) { reduce(state: $0, mutation: $1) }` keeps the accumulated state and
/// passes it to `reduce`, `replay(1)` keeps the last state for new subscribers, the
/// `do(onNext:)` before it stores `currentState`, and a view's `map(\.changes)
/// .distinctUntilChanged()` keeps the last value it passed on. RxSwift itself is no dependency of
/// this package, so its per-operator cost is left out: this is a floor under ReactorKit's action.
@MainActor
final class ReactorKitStateLoop {
  typealias State = Elements.State

  private let reactor: Elements
  private var accumulated: State
  private var replayed: State?
  private(set) var currentState: State
  private var lastChanges: Int?
  private let onChanges: (Int) -> Void

  init(elements: Int, onChanges: @escaping (Int) -> Void) {
    reactor = Elements(count: elements)
    accumulated = reactor.initialState
    currentState = accumulated
    replayed = accumulated
    self.onChanges = onChanges
  }

  /// One action: `mutate` gives one mutation, which goes through the scan, the stored current
  /// state, the replay buffer and the view's distinct values.
  func send(_ action: Elements.Action) {
    let state = reactor.reduce(state: accumulated, mutation: .change)
    accumulated = state
    currentState = state
    replayed = state
    if lastChanges != state.changes {
      lastChanges = state.changes
      onChanges(state.changes)
    }
  }
}

/// `reactorkit-state-<elements>`: `count` actions through `ReactorKitStateLoop`. One iteration is
/// one action.
@MainActor
func reactorKitStateScale(_ count: Int, elements: Int) -> Int {
  let tally = Tally()
  let loop = ReactorKitStateLoop(elements: elements) { tally.sum &+= $0 }
  for _ in 0..<count { loop.send(.change) }
  precondition(tally.sum == triangle(count), "the observer missed a change")
  return tally.sum
}
