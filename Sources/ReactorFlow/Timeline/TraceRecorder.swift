/// Records what reactors do on a clock, for a timeline: the Trace Event Format that Perfetto and
/// `chrome://tracing` open (``traceEventJSON()``), or a self-contained SVG picture (``svg(width:)``).
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
      case mutation(String, effect: EffectInfo?)
      /// An effect started.
      case effectStarted(EffectInfo)
      /// An effect ended; the text is its ``EffectOutcome``'s description.
      case effectEnded(EffectInfo, outcome: String)
    }

    /// When it happened, since the recorder was made.
    public let time: Duration
    /// Which reactor did it.
    public let reactor: InspectedReactor
    /// What happened.
    public let kind: Kind
  }

  /// Everything recorded so far, in order.
  public private(set) var entries: [Entry] = []
  /// The reactors recorded so far, in the order they first did something.
  public private(set) var reactors: [InspectedReactor] = []

  private let elapsed: @Sendable () -> Duration

  /// Creates a recorder whose times are measured on `clock`, from now.
  /// - Parameter clock: The clock; `ContinuousClock()` in an app, a `TestClock` in a test.
  public init(clock: any Clock<Duration>) {
    elapsed = Self.elapsed(on: clock)
  }

  private nonisolated static func elapsed<C: Clock<Duration>>(on clock: C) -> @Sendable () -> Duration {
    let start = clock.now
    return { start.duration(to: clock.now) }
  }

  /// The time on the recorder's clock since it was made.
  public var now: Duration { elapsed() }

  /// Records one reactor until the token is cancelled or released.
  /// - Parameter reactor: The reactor; it is not kept alive.
  /// - Returns: The token that keeps the recording attached.
  public func record<R: Reactor>(_ reactor: R) -> ObservationToken {
    let inspected = InspectedReactor(
      id: ObjectIdentifier(reactor.runtime), name: String(describing: type(of: reactor)))
    return reactor.inspect { [weak self] event in self?.receive(event, from: inspected) }
  }

  /// Records one event.
  /// - Parameters:
  ///   - event: What the reactor did.
  ///   - reactor: Which reactor did it.
  public func receive<Action, Mutation, State>(
    _ event: ReactorEvent<Action, Mutation, State>, from reactor: InspectedReactor
  ) {
    let kind: Entry.Kind
    switch event {
    case .action(let action, let source):
      kind = .action(Self.short(action), source: source)
    case .mutation(let mutation, let effect):
      kind = .mutation(Self.short(mutation), effect: effect)
    case .state:
      return
    case .effectStarted(let effect):
      kind = .effectStarted(effect)
    case .effectEnded(let effect, let outcome):
      kind = .effectEnded(effect, outcome: outcome.description)
    }
    if !reactors.contains(reactor) { reactors.append(reactor) }
    entries.append(Entry(time: elapsed(), reactor: reactor, kind: kind))
  }
}

extension TraceRecorder {
  /// The most characters of an action or a mutation kept; a timeline names them, it does not
  /// dump them.
  static let maximumTextLength = 120

  private static func short(_ value: Any) -> String {
    let text = String(describing: value)
    guard text.count > maximumTextLength else { return text }
    return text.prefix(maximumTextLength) + "…"
  }
}

// MARK: - The timeline's layout, shared by both formats

extension TraceRecorder {
  /// An effect's span: from its start to its end, or to `end` of the trace when it still runs.
  struct Span {
    let reactor: InspectedReactor
    let effect: EffectInfo
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
      let reactor: ObjectIdentifier
      let serial: Int
    }
    var open: [Key: (start: Duration, lane: Int, effect: EffectInfo, reactor: InspectedReactor)] = [:]
    var laneEnds: [ObjectIdentifier: [Duration?]] = [:]  // nil: the lane is busy
    var spans: [Span] = []
    for entry in entries {
      switch entry.kind {
      case .effectStarted(let effect):
        var lanes = laneEnds[entry.reactor.id, default: []]
        let lane = lanes.firstIndex { $0.map { $0 <= entry.time } ?? false } ?? lanes.count
        if lane == lanes.count { lanes.append(nil) } else { lanes[lane] = nil }
        laneEnds[entry.reactor.id] = lanes
        open[Key(reactor: entry.reactor.id, serial: effect.serial)] = (
          entry.time, lane, effect, entry.reactor
        )
      case .effectEnded(let effect, let outcome):
        guard let started = open.removeValue(forKey: Key(reactor: entry.reactor.id, serial: effect.serial))
        else { continue }  // Started before the recording.
        laneEnds[entry.reactor.id]?[started.lane] = entry.time
        spans.append(
          Span(
            reactor: entry.reactor, effect: effect, start: started.start, end: entry.time,
            outcome: outcome, lane: started.lane))
      case .action, .mutation:
        continue
      }
    }
    for started in open.values {
      spans.append(
        Span(
          reactor: started.reactor, effect: started.effect, start: started.start, end: end,
          outcome: "running", lane: started.lane))
    }
    return spans.sorted { ($0.start, $0.effect.serial) < ($1.start, $1.effect.serial) }
  }

  /// The number of effect lanes of each reactor.
  static func laneCounts(_ spans: [Span]) -> [ObjectIdentifier: Int] {
    var counts: [ObjectIdentifier: Int] = [:]
    for span in spans { counts[span.reactor.id] = max(counts[span.reactor.id] ?? 0, span.lane + 1) }
    return counts
  }

  /// The reactors' display names: `MainReactor`, or `MainReactor #2` when several share a type.
  var reactorNames: [ObjectIdentifier: String] {
    var seen: [String: Int] = [:]
    var names: [ObjectIdentifier: String] = [:]
    for reactor in reactors {
      let count = seen[reactor.name, default: 0] + 1
      seen[reactor.name] = count
      names[reactor.id] = count == 1 ? reactor.name : "\(reactor.name) #\(count)"
    }
    return names
  }
}

extension Duration {
  /// Whole microseconds, the Trace Event Format's unit.
  var microseconds: Int64 {
    components.seconds * 1_000_000 + components.attoseconds / 1_000_000_000_000
  }
}
