#if canImport(os)
  import os
#endif

/// A readable log of what reactors do: one line per action, the mutations it produced with the
/// state fields each one changed, and effects as they start and end.
///
/// Lines go to standard error, or on Apple systems to the unified log (`os.Logger`, subsystem
/// `ReactorFlow`, category `changes`), where effects are also signpost intervals that Instruments
/// shows. Log one reactor with ``Reactor/logChanges(to:)``, or every reactor with
/// ``ReactorInspection/attach(_:)``:
/// ```swift
/// let token = ReactorInspection.attach(ChangeLog())
/// ```
/// A log reads like this:
/// ```text
/// [CounterReactor] action increment
/// [CounterReactor]   mutation increaseValue
/// [CounterReactor]     − value: 0
/// [CounterReactor]     + value: 1
/// [CounterReactor]   effect #0 started (CounterReactor.swift:24)
/// [CounterReactor]   effect #0 finished
/// ```
@MainActor
public final class ChangeLog: ReactorInspector {
  /// The most lines of state diff written for one mutation; the rest is counted.
  static let maximumDiffLines = 24
  /// The most characters of an action or a mutation written; the rest is cut.
  static let maximumValueLength = 160

  private let write: @MainActor (String) -> Void
  /// The lines of recent actions and mutations, by their values' bytes.
  private var recentLines = RecentLines()
  /// The layout of each struct state met, or `nil` for a state outlined whole.
  private var layouts: [ObjectIdentifier: StateLayout?] = [:]
  /// The last state type met and its layout, looked up before `layouts`.
  private var lastStateType: ObjectIdentifier?
  private var lastLayout: StateLayout?
  /// The last reactor's name and the start of its lines of state changes.
  private var lastPrefix: (name: String, prefix: String)?
  #if canImport(os)
    private let signposter = OSSignposter(subsystem: "ReactorFlow", category: .pointsOfInterest)
    private var intervals: [EffectKey: OSSignpostIntervalState] = [:]

    private struct EffectKey: Hashable {
      let reactor: ObjectIdentifier
      let serial: Int
    }
  #endif

  /// Creates a change log that writes each line with `write`, or to the platform's log when
  /// `write` is `nil`.
  /// - Parameter write: Receives each line, without a line break.
  public init(write: (@MainActor (String) -> Void)? = nil) {
    self.write = write ?? Self.platformWrite()
  }

  /// Writes the lines that one event makes.
  /// - Parameters:
  ///   - event: What the reactor did.
  ///   - reactor: Which reactor did it.
  public func receive<Action, Mutation, State>(
    _ event: ReactorEvent<Action, Mutation, State>, from reactor: InspectedReactor
  ) {
    switch event {
    case .action(let action, let source):
      self.action(action, source: source, from: reactor)
    case .mutation(let mutation, let effect):
      self.mutation(mutation, effect: effect, from: reactor)
    case .state(let old, let new):
      state(old: old, new: new, from: reactor)
    case .effectStarted(let effect):
      write("[\(reactor.name)]   \(effect) started")
    case .effectEnded(let effect, let outcome):
      let name = effect.ids.isEmpty ? "" : " \"\(effect.label)\""
      write("[\(reactor.name)]   effect #\(effect.serial)\(name) \(outcome)")
    }
    #if canImport(os)
      signpost(event, reactor)
    #endif
  }

  /// Writes an action's line.
  @usableFromInline
  func action<Action>(_ action: Action, source: ActionSource, from reactor: InspectedReactor) {
    let line = recentLines.line(for: action, kind: .action(source), reactor: reactor.name) {
      let from = source == .send ? "" : " (from \(source))"
      return "[\(reactor.name)] action \(shortDescription(of: action, limit: Self.maximumValueLength))\(from)"
    }
    write(line)
  }

  /// Writes a mutation's line.
  @usableFromInline
  func mutation<Mutation>(_ mutation: Mutation, effect: EffectInfo?, from reactor: InspectedReactor) {
    guard let effect else {
      let line = recentLines.line(for: mutation, kind: .mutation, reactor: reactor.name) {
        "[\(reactor.name)]   mutation \(shortDescription(of: mutation, limit: Self.maximumValueLength))"
      }
      write(line)
      return
    }
    let text = shortDescription(of: mutation, limit: Self.maximumValueLength)
    write("[\(reactor.name)]   mutation \(text) (from effect #\(effect.serial))")
  }

  /// Writes the lines of a state change: at most ``maximumDiffLines`` of them, then how many
  /// were left out.
  @usableFromInline
  func state<State>(old: State, new: State, from reactor: InspectedReactor) {
    let prefix: String
    if let lastPrefix, lastPrefix.name == reactor.name {
      prefix = lastPrefix.prefix
    } else {
      prefix = "[\(reactor.name)]     "
      lastPrefix = (reactor.name, prefix)
    }
    var written = 0
    var leftOut = 0
    if let layout = layout(of: old) {
      layout.changes(old: old, new: new, prefix: prefix) { line in
        if written < Self.maximumDiffLines {
          write(line)
          written += 1
        } else {
          leftOut += 1
        }
      }
    } else {
      let changes = StateDiff.changes(old: old, new: new)
      for change in changes.prefix(Self.maximumDiffLines) {
        write(prefix + Self.withoutIndentation(change))
      }
      leftOut = max(0, changes.count - Self.maximumDiffLines)
    }
    if leftOut > 0 { write("\(prefix)… \(leftOut) more changed lines") }
  }

  /// The fields of `State`, learned the first time it is met.
  private func layout<State>(of sample: State) -> StateLayout? {
    let type = ObjectIdentifier(State.self)
    if type == lastStateType { return lastLayout }
    let layout: StateLayout?
    if let known = layouts[type] {
      layout = known
    } else {
      layout = StateLayout(of: sample)
      layouts[type] = .some(layout)
    }
    lastStateType = type
    lastLayout = layout
    return layout
  }

  /// Names a reactor for its events.
  @usableFromInline
  static func inspected(id: ObjectIdentifier, name: String) -> InspectedReactor {
    InspectedReactor(id: id, name: name)
  }

  /// A diff line of a state's outline as the log writes it: its marker and its content, without
  /// the outline's indentation (`"−     - count: 0"` is `"− count: 0"`).
  nonisolated static func withoutIndentation(_ line: String) -> String {
    let marker = line.prefix(1)
    var rest = line.dropFirst().drop { $0 == " " }
    if rest.hasPrefix("- ") || rest.hasPrefix("▿ ") { rest = rest.dropFirst(2) }
    return "\(marker) \(rest)"
  }

  private static func platformWrite() -> @MainActor (String) -> Void {
    #if canImport(os)
      let logger = Logger(subsystem: "ReactorFlow", category: "changes")
      return { line in logger.log("\(line, privacy: .public)") }
    #else
      return { line in StandardError.write(line + "\n") }
    #endif
  }

  #if canImport(os)
    // Signpost intervals for effects, shown by Instruments' Points of Interest. CI runs on Linux
    // and does not compile this.
    private func signpost<Action, Mutation, State>(
      _ event: ReactorEvent<Action, Mutation, State>, _ reactor: InspectedReactor
    ) {
      switch event {
      case .effectStarted(let effect):
        let text = "\(reactor.name) \(effect)"
        let key = EffectKey(reactor: reactor.id, serial: effect.serial)
        intervals[key] = signposter.beginInterval(
          "effect", id: signposter.makeSignpostID(), "\(text, privacy: .public)")
      case .effectEnded(let effect, let outcome):
        let key = EffectKey(reactor: reactor.id, serial: effect.serial)
        guard let interval = intervals.removeValue(forKey: key) else { return }
        let text = outcome.description
        signposter.endInterval("effect", interval, "\(text, privacy: .public)")
      case .action, .mutation, .state:
        return
      }
    }
  #endif
}

extension Reactor {
  /// Logs what this reactor does from now on, until the token is cancelled or released: one line
  /// per action, each mutation with the state fields it changed, and effects as they start and
  /// end (see ``ChangeLog``).
  ///
  /// A debugging aid, one call away:
  /// ```swift
  /// let logging = reactor.logChanges()
  /// ```
  /// - Parameter write: Receives each line; by default lines go to standard error, or to the
  ///   unified log on Apple systems.
  /// - Returns: The token that keeps the log attached.
  @inlinable
  public func logChanges(to write: (@MainActor (String) -> Void)? = nil) -> ObservationToken {
    let log = ChangeLog(write: write)
    let reactor = ChangeLog.inspected(
      id: ObjectIdentifier(runtime), name: String(describing: type(of: self)))
    return inspect { event in
      // Taken apart here, where it is specialized for the reactor's types: in `receive`, an
      // event's payload costs a tuple metadata look-up (see CONTRIBUTING.md).
      switch event {
      case .action(let action, let source): log.action(action, source: source, from: reactor)
      case .mutation(let mutation, nil): log.mutation(mutation, effect: nil, from: reactor)
      case .state(let old, let new): log.state(old: old, new: new, from: reactor)
      case .mutation(_, .some), .effectStarted, .effectEnded: log.receive(event, from: reactor)
      }
    }
  }
}

/// The lines of recent actions and mutations whose values are plain data of a few bytes, by those
/// bytes: `String(describing:)` costs most of a line, and for such a value, equal bytes are an
/// equal value and so the same description.
private struct RecentLines {
  /// What a line shows, besides its value.
  enum Kind: Equatable {
    case action(ActionSource)
    case mutation
  }

  private struct Entry {
    let type: ObjectIdentifier
    let kind: Kind
    let bytes: (UInt64, UInt64)
    let reactor: String
    let line: String
  }

  /// The most lines kept: enough for a screen's actions and mutations; beyond it, the oldest go.
  private static let capacity = 64
  private var entries: [Entry] = []
  /// Where the next entry goes once `entries` is full.
  private var next = 0

  /// The line of `value` for `reactor`, made by `make` unless a line of the same bytes was made
  /// recently.
  mutating func line<Value>(
    for value: Value, kind: Kind, reactor: String, make: () -> String
  ) -> String {
    guard _isPOD(Value.self), MemoryLayout<Value>.size <= MemoryLayout<(UInt64, UInt64)>.size else {
      return make()
    }
    var bytes: (UInt64, UInt64) = (0, 0)
    withUnsafeMutableBytes(of: &bytes) { bytes in
      withUnsafeBytes(of: value) { bytes.copyMemory(from: $0) }
    }
    let type = ObjectIdentifier(Value.self)
    for index in entries.indices
    where entries[index].type == type && entries[index].bytes == bytes
      && entries[index].kind == kind && entries[index].reactor == reactor
    {
      return entries[index].line
    }
    let line = make()
    let entry = Entry(type: type, kind: kind, bytes: bytes, reactor: reactor, line: line)
    if entries.count < Self.capacity {
      entries.append(entry)
    } else {
      entries[next] = entry
      next = (next + 1) % Self.capacity
    }
    return line
  }
}
