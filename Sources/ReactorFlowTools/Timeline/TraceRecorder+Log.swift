import ReactorFlow

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Android)
  import Android
#endif

extension TraceRecorder {
  /// What a recorder keeps as events arrive: each event with its time, its action or mutation
  /// kept as a value and described only when the entries are read.
  ///
  /// Values are kept as they are, not described: an action or a mutation of a reference type
  /// that changes after it was recorded is described as it is when the entries are first read.
  /// `records`, appended to on every event, is main-actor only and no access to it is held across
  /// a call that could reach it again, hence `@exclusivity(unchecked)` (see "Performance idioms"
  /// in CONTRIBUTING.md).
  @MainActor
  @usableFromInline
  final class Log {
    /// One event as it was received.
    struct Record {
      let time: Duration
      /// The reactor's index in `reactors`.
      let row: Int
      let event: Event
    }

    /// What happened, its values not described yet.
    @usableFromInline
    enum Event {
      case action(Any, source: ActionSource)
      case mutation(Any, effect: InspectedEffect?)
      case effectStarted(InspectedEffect)
      case effectEnded(InspectedEffect, outcome: EffectOutcome)
      case started
    }

    /// Whether the log keeps what it receives: until the recorder is released.
    private var isOpen = true
    /// Every event, in order.
    @exclusivity(unchecked) private(set) var records: [Record] = []
    /// The reactors, in the order they started (or first did something).
    private(set) var reactors: [InspectedReactor] = []
    /// The row of each reactor's current instance.
    private var rows: [ObjectIdentifier: Int] = [:]
    /// The reactor of the last event and its row: most events come from the reactor of the one
    /// before, and this spares them the dictionary.
    private var lastRow: (id: ObjectIdentifier, row: Int)?
    /// What each published state changed, by the index of the record that published it (a start
    /// or a mutation): what a page needs to show every state, whatever the size of a state.
    private(set) var stateChanges: [Int: StateChange] = [:]
    /// Each reactor's latest state and its outline, by row: the states' changes are lines of it.
    private(set) var tracks: [Int: StateTrack] = [:]
    /// The modules of the reactors' types, whose prefixes the timeline leaves out of names.
    private(set) var modules = modulesNaming()
    /// Whether every published state is kept.
    @usableFromInline let keepsStates: Bool
    /// When the log was made, on the system's clock that counts time asleep, when the recorder's
    /// clock is `ContinuousClock`: read directly, it costs about half of a reading through
    /// `ContinuousClock.now`, `Clock`'s witnesses and a closure (90 instructions against 190), at
    /// every event.
    private let continuousStart: (seconds: Int, nanoseconds: Int)?
    /// The time since the log was made, on any other clock.
    private let elapsedOnClock: @Sendable () -> Duration

    init(clock: any Clock<Duration>, keepsStates: Bool) {
      continuousStart = clock is ContinuousClock ? Self.continuousTime() : nil
      elapsedOnClock = Self.elapsed(on: clock)
      self.keepsStates = keepsStates
    }

    private nonisolated static func elapsed<C: Clock<Duration>>(on clock: C) -> @Sendable () -> Duration {
      let start = clock.now
      return { start.duration(to: clock.now) }
    }

    /// The time on the clock since the log was made.
    var now: Duration { elapsed() }

    private func elapsed() -> Duration {
      guard let start = continuousStart, let now = Self.continuousTime() else { return elapsedOnClock() }
      return Duration(
        secondsComponent: Int64(now.seconds - start.seconds),
        attosecondsComponent: Int64(now.nanoseconds - start.nanoseconds) * 1_000_000_000)
    }

    /// The time on the system's clock that goes on while the machine sleeps, as
    /// `ContinuousClock`'s does, or `nil` where the log does not know that clock.
    private nonisolated static func continuousTime() -> (seconds: Int, nanoseconds: Int)? {
      #if canImport(Darwin)
        var time = timespec()
        guard clock_gettime(CLOCK_MONOTONIC_RAW, &time) == 0 else { return nil }
        return (Int(time.tv_sec), Int(time.tv_nsec))
      #elseif canImport(Glibc) || canImport(Musl) || canImport(Android)
        var time = timespec()
        guard clock_gettime(CLOCK_BOOTTIME, &time) == 0 else { return nil }
        return (Int(time.tv_sec), Int(time.tv_nsec))
      #else
        return nil
      #endif
    }

    /// Names a recorded reactor.
    @usableFromInline
    nonisolated static func inspected(_ id: ObjectIdentifier, type: Any.Type) -> InspectedReactor {
      InspectedReactor(id: id, name: String(describing: type))
    }

    /// Gives a starting reactor a new row (a start under a known identity is a new reactor in a
    /// released one's memory), and keeps its first state if states are kept.
    func start(_ reactor: InspectedReactor, stateType: Any.Type, state: Any) {
      guard isOpen else { return }
      let row = add(reactor, stateType: stateType)
      if keepsStates {
        tracks[row] = StateTrack(state: state)
        stateChanges[records.count] = .first
      }
      records.append(Record(time: elapsed(), row: row, event: .started))
    }

    /// Keeps one event.
    @inlinable
    func receive<Action, Mutation, State>(
      _ event: ReactorEvent<Action, Mutation, State>, from reactor: InspectedReactor
    ) {
      // Inlined where the reactor's types are known (`record(_:)`): the event is taken apart
      // without generic metadata look-ups, and what is kept goes to one call that is not generic.
      switch event {
      case .action(let action, let source):
        append(.action(action, source: source), from: reactor, stateType: State.self)
      case .mutation(let mutation, let effect):
        append(.mutation(mutation, effect: effect), from: reactor, stateType: State.self)
      case .state(_, let new):
        if keepsStates { keep(new, from: reactor) }
      case .effectStarted(let effect):
        append(.effectStarted(effect), from: reactor, stateType: State.self)
      case .effectEnded(let effect, let outcome):
        append(.effectEnded(effect, outcome: outcome), from: reactor, stateType: State.self)
      }
    }

    /// Keeps one event, at the time it is kept.
    @usableFromInline
    func append(_ event: consuming Event, from reactor: InspectedReactor, stateType: Any.Type) {
      guard isOpen else { return }
      let row: Int
      if let last = lastRow, last.id == reactor.id {
        row = last.row
      } else if let known = rows[reactor.id] {
        row = known
        lastRow = (reactor.id, known)
      } else {
        row = add(reactor, stateType: stateType)
      }
      records.append(Record(time: elapsed(), row: row, event: event))
    }

    /// Keeps what the state that the last event of `reactor`, a mutation, published changed.
    @usableFromInline
    func keep(_ state: Any, from reactor: InspectedReactor) {
      guard isOpen, let last = records.last, let row = rows[reactor.id], last.row == row else { return }
      if let track = tracks[row] {
        stateChanges[records.count - 1] = .hunks(track.update(to: state))
      } else {
        tracks[row] = StateTrack(state: state)
        stateChanges[records.count - 1] = .first
      }
    }

    /// Stops keeping events, and lets go of those kept: nobody can read them any more.
    func close() {
      isOpen = false
      records = []
      stateChanges = [:]
      tracks = [:]
    }

    private func add(_ reactor: InspectedReactor, stateType: Any.Type) -> Int {
      let row = reactors.count
      reactors.append(reactor)
      rows[reactor.id] = row
      lastRow = (reactor.id, row)
      if let module = moduleName(of: stateType) { modules.insert(module) }
      return row
    }
  }
}
