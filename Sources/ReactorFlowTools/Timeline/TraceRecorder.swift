import ReactorFlow

/// Records what reactors do on a clock, for a timeline: the Trace Event Format that Perfetto and
/// `chrome://tracing` open (``traceEventJSON()``), a self-contained SVG picture (``svg(width:)``),
/// or a self-contained HTML page that steps through the session with its states (``html(title:width:)``).
///
/// Attach it to every reactor of the process, or to one:
/// ```swift
/// let recorder = TraceRecorder(clock: ContinuousClock())
/// let token = ReactorInspection.attach(recorder)  // every reactor that starts from now on
/// let one = recorder.record(reactor)               // or one reactor
/// ```
/// Actions and mutations are instants; each effect is a span from its start to its end or its
/// cancellation. Time comes from the clock it is given: a `TestClock` in a test makes the timeline
/// exact.
@MainActor
public final class TraceRecorder: ReactorInspector {
  /// One recorded moment.
  public struct Entry: Sendable {
    /// What happened.
    public enum Kind: Sendable {
      /// An action was sent; the text describes it.
      case action(String, source: ActionSource)
      /// A mutation was reduced; `effect` is the effect that sent it.
      case mutation(String, effect: InspectedEffect?)
      /// An effect started.
      case effectStarted(InspectedEffect)
      /// An effect ended; the text is its `EffectOutcome`'s description.
      case effectEnded(InspectedEffect, outcome: String)
      /// The reactor started (or began to be recorded): from here on it has a lane.
      case started
    }

    /// When it happened, since the recorder was made.
    public let time: Duration
    /// Which reactor did it.
    public let reactor: InspectedReactor
    /// What happened.
    public let kind: Kind
    /// The reactor's index in ``TraceRecorder/reactors``: its row on the timeline.
    let row: Int
  }

  /// Everything recorded so far, in order.
  ///
  /// An action's or a mutation's text is written the first time the entries are read, not when
  /// it happens, so that recording costs little more than keeping the value. A value of a class
  /// type that changes in between is described as it is when the entries are read.
  public var entries: [Entry] {
    if described.count < log.records.count {
      described += log.records[described.count...].map(describe)
    }
    return described
  }

  /// What happened, as it was received.
  @usableFromInline let log: Log
  /// The first entries, described.
  private var described: [Entry] = []
  /// The reactors recorded so far, in the order they started (or first did something). A
  /// reactor that starts where a released one lived has the same identity and appears again.
  public var reactors: [InspectedReactor] { log.reactors }
  /// Whether the recorder keeps every state a reactor publishes, for the time travel of
  /// ``html(title:width:)``.
  public let keepsStates: Bool
  /// What each kept state changed, by the index of the entry that published it (a start or a
  /// mutation).
  var stateChanges: [Int: StateChange] { log.stateChanges }
  /// The modules of the reactors' types, whose prefixes the timeline leaves out of names.
  var modules: Set<String> { log.modules }

  /// Creates a recorder whose times are measured on `clock`, from now.
  /// - Parameters:
  ///   - clock: The clock; `ContinuousClock()` in an app, a `TestClock` in a test.
  ///   - keepsStates: Whether to keep every published state, so that ``html(title:width:)`` can show the
  ///     state at each step. It holds each reactor's latest state and its outline, and the lines
  ///     of the outline that each mutation changed, until the recorder is released.
  public init(clock: any Clock<Duration>, keepsStates: Bool = false) {
    log = Log(clock: clock, keepsStates: keepsStates)
    self.keepsStates = keepsStates
  }

  // The recordings' handlers hold the log, not the recorder: without the recorder nobody reads
  // it, so it stops keeping what they send.
  isolated deinit { log.close() }

  /// The time on the recorder's clock since it was made.
  public var now: Duration { log.now }

  /// Records one reactor until the token is cancelled or released.
  /// - Parameter reactor: The reactor; it is not kept alive.
  /// - Returns: The token that keeps the recording attached.
  @inlinable
  public func record<R: Reactor>(_ reactor: R) -> ObservationToken {
    // Inlined into the caller, so that the handler and the log's `receive` are specialized for
    // the reactor's types (see "Performance idioms" in CONTRIBUTING.md). The handler holds the
    // log strongly: a weak reference would cost a side-table retain and release per event.
    let inspected = Log.inspected(ObjectIdentifier(reactor.runtime), type: type(of: reactor))
    let token = reactor.inspect { [log] event in log.receive(event, from: inspected) }
    reactorStarted(inspected, state: reactor.currentState)
    return token
  }

  /// Gives a starting reactor its lane, and keeps its first state if the recorder keeps states.
  /// - Parameters:
  ///   - reactor: The reactor that starts.
  ///   - state: Its first published state.
  public func reactorStarted<State>(_ reactor: InspectedReactor, state: State) {
    log.start(reactor, stateType: State.self, state: state)
  }

  /// Records one event.
  /// - Parameters:
  ///   - event: What the reactor did.
  ///   - reactor: Which reactor did it.
  public func receive<Action, Mutation, State>(
    _ event: ReactorEvent<Action, Mutation, State>, from reactor: InspectedReactor
  ) {
    log.receive(event, from: reactor)
  }

  private func describe(_ record: Log.Record) -> Entry {
    let kind: Entry.Kind =
      switch record.event {
      case .action(let action, let source):
        .action(shortDescription(of: action, limit: Self.maximumTextLength), source: source)
      case .mutation(let mutation, let effect):
        .mutation(shortDescription(of: mutation, limit: Self.maximumTextLength), effect: effect)
      case .effectStarted(let effect): .effectStarted(effect)
      case .effectEnded(let effect, let outcome): .effectEnded(effect, outcome: outcome.description)
      case .started: .started
      }
    return Entry(time: record.time, reactor: log.reactors[record.row], kind: kind, row: record.row)
  }
}

extension TraceRecorder {
  /// The most characters of an action or a mutation kept; a timeline names them, it does not
  /// dump them.
  static let maximumTextLength = 120
}

// MARK: - The timeline's layout, shared by both formats

extension TraceRecorder {
  /// An effect's span: from its start to its end, or to `end` of the trace when it still runs.
  struct Span {
    /// The reactor's row.
    let row: Int
    let effect: InspectedEffect
    let start: Duration
    let end: Duration
    /// `finished`, `cancelled`, `failed: …`, or `running` when the trace ended first.
    let outcome: String
    /// The row of the reactor's effects that the span is drawn on (spans of a lane never overlap).
    let lane: Int
  }

  /// The spans of every effect, each on the first lane of its reactor free at its start.
  func spans(endingAt end: Duration) -> [Span] {
    struct Key: Hashable {
      let row: Int
      let serial: Int
    }
    var open: [Key: (start: Duration, lane: Int, effect: InspectedEffect)] = [:]
    var laneEnds: [Int: [Duration?]] = [:]  // nil: the lane is busy
    var spans: [Span] = []
    for entry in entries {
      switch entry.kind {
      case .effectStarted(let effect):
        var lanes = laneEnds[entry.row, default: []]
        let lane = lanes.firstIndex { $0.map { $0 <= entry.time } ?? false } ?? lanes.count
        if lane == lanes.count { lanes.append(nil) } else { lanes[lane] = nil }
        laneEnds[entry.row] = lanes
        open[Key(row: entry.row, serial: effect.serial)] = (entry.time, lane, effect)
      case .effectEnded(let effect, let outcome):
        guard let started = open.removeValue(forKey: Key(row: entry.row, serial: effect.serial))
        else { continue }  // Started before the recording.
        laneEnds[entry.row]?[started.lane] = entry.time
        spans.append(
          Span(
            row: entry.row, effect: effect, start: started.start, end: entry.time,
            outcome: outcome, lane: started.lane))
      case .action, .mutation, .started:
        continue
      }
    }
    for (key, started) in open {
      spans.append(
        Span(
          row: key.row, effect: started.effect, start: started.start, end: end,
          outcome: "running", lane: started.lane))
    }
    return spans.sorted { ($0.start, $0.row, $0.effect.serial) < ($1.start, $1.row, $1.effect.serial) }
  }

  /// The number of effect lanes of each reactor.
  static func laneCounts(_ spans: [Span]) -> [Int: Int] {
    var counts: [Int: Int] = [:]
    for span in spans { counts[span.row] = max(counts[span.row] ?? 0, span.lane + 1) }
    return counts
  }

  /// The reactors' display names: the type and the instance's number among the instances of
  /// that type, in start order (`DetailReactor #2`).
  var reactorNames: [String] {
    var seen: [String: Int] = [:]
    return reactors.map { reactor in
      let count = seen[reactor.name, default: 0] + 1
      seen[reactor.name] = count
      return "\(reactor.name) #\(count)"
    }
  }

  /// An action's or a mutation's text as the timeline shows it, without module prefixes.
  func text(of entry: Entry) -> String {
    switch entry.kind {
    case .action(let text, _), .mutation(let text, _): readable(text)
    case .effectStarted(let effect): "effect #\(effect.serial) \(readable(effect.label)) started"
    case .effectEnded(let effect, let outcome):
      "effect #\(effect.serial) \(readable(effect.label)) \(outcome)"
    case .started: "started"
    }
  }

  /// `text` without the prefixes of the reactors' modules (and the standard library's) or of
  /// private contexts: `setSections([RandomUserCore.PersonSection(…` becomes
  /// `setSections([PersonSection(…`.
  func readable(_ text: String) -> String {
    withoutModulePrefixes(text, modules: modules)
  }

  /// `text` cut to at most `length` characters, the last one an ellipsis when it was cut.
  package nonisolated static func cut(_ text: String, to length: Int) -> String {
    guard length > 0 else { return "" }
    guard text.count > length else { return text }
    return text.prefix(length - 1) + "…"
  }

  /// A case's name: `showDetail("20s")` is `showDetail`.
  nonisolated static func name(of text: String) -> String {
    String(text.prefix { $0 != "(" && $0 != " " })
  }
}

extension Duration {
  /// Whole microseconds, the Trace Event Format's unit.
  var microseconds: Int64 {
    components.seconds * 1_000_000 + components.attoseconds / 1_000_000_000_000
  }
}
