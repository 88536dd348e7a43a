#if canImport(os)
  import os
#endif
import ReactorFlow

/// A readable log of what reactors do: one line per action, the mutations it produced with the
/// state fields each one changed, and effects as they start and end.
///
/// Lines go to standard error, or on Apple systems to the unified log (`os.Logger`, subsystem
/// `ReactorFlow`, category `changes`), where effects are also signpost intervals that Instruments
/// shows. Standard error receives each event's lines in one write; ``init(to:)`` writes the lines
/// to a `TextOutputStream` instead, and ``init(write:)`` passes each line to a closure. Log one
/// reactor with ``ReactorFlow/Reactor/logChanges(to:)-(((String)->Void)?)``, or every reactor with
/// `ReactorInspection.attach(_:)`:
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
/// A change log is an ordinary ``ReactorFlow/ReactorInspector``: a debugging aid, which may cost
/// an action a few times what the action costs. A state change costs what its changed fields
/// cost: the fields of a struct state are compared by their bytes, and only the changed ones are
/// described.
@MainActor
public final class ChangeLog: ReactorInspector {
  /// The most lines of state diff written for one mutation; the rest is counted.
  static let maximumDiffLines = 24
  /// The most characters of an action or a mutation written; the rest is cut.
  static let maximumValueLength = 160

  /// Receives each line, without its line break, unless the lines are gathered per event.
  private let writeLine: @MainActor (String) -> Void
  /// Receives an event's lines at once, each followed by a line break: standard error's writer,
  /// so that one event takes one write.
  private let writeEvent: ((String) -> Void)?
  private var pending = ""
  /// The layout of each struct state met, or `nil` for a state outlined whole.
  private var layouts: [ObjectIdentifier: StateLayout?] = [:]
  #if canImport(os)
    private let signposter = OSSignposter(subsystem: "ReactorFlow", category: .pointsOfInterest)
    private var intervals: [EffectKey: OSSignpostIntervalState] = [:]

    private struct EffectKey: Hashable {
      let reactor: ObjectIdentifier
      let serial: Int
    }
  #endif

  /// Creates a change log that writes each line with `write`, or to the platform's log when
  /// `write` is `nil`: the unified log on Apple systems, standard error elsewhere.
  /// - Parameter write: Receives each line, without a line break.
  public convenience init(write: (@MainActor (String) -> Void)? = nil) {
    if let write {
      self.init(line: write, event: nil)
    } else {
      #if canImport(os)
        let logger = Logger(subsystem: "ReactorFlow", category: "changes")
        self.init(line: { line in logger.log("\(line, privacy: .public)") }, event: nil)
      #else
        self.init(events: { StandardError.write($0) })
      #endif
    }
  }

  /// Creates a change log that writes its lines to `output`, each followed by a line break.
  ///
  /// The log keeps its own copy of `output`: pass a stream that writes somewhere, such as a file
  /// or the standard output, or a class.
  /// ```swift
  /// let token = ReactorInspection.attach(ChangeLog(to: StandardOutput()))
  /// ```
  /// - Parameter output: Receives the lines.
  public convenience init<Output: TextOutputStream>(to output: Output) {
    var stream = output
    self.init(
      line: { line in
        stream.write(line)
        stream.write("\n")
      }, event: nil)
  }

  /// Creates a change log that passes each event's lines to `write` at once, each followed by a
  /// line break, as it writes them to standard error.
  convenience init(events write: @escaping (String) -> Void) {
    self.init(line: { _ in }, event: write)
  }

  private init(line: @escaping @MainActor (String) -> Void, event: ((String) -> Void)?) {
    writeLine = line
    writeEvent = event
  }

  /// Writes the lines that one event makes.
  /// - Parameters:
  ///   - event: What the reactor did.
  ///   - reactor: Which reactor did it.
  public func receive<Action, Mutation, State>(
    _ event: ReactorEvent<Action, Mutation, State>, from reactor: InspectedReactor
  ) {
    let name = reactor.name
    switch event {
    case .action(let action, let source):
      let from = source == .send ? "" : " (from \(source))"
      write("[\(name)] action \(shortDescription(of: action, limit: Self.maximumValueLength))\(from)")
    case .mutation(let mutation, let effect):
      let from = effect.map { " (from effect #\($0.serial))" } ?? ""
      write("[\(name)]   mutation \(shortDescription(of: mutation, limit: Self.maximumValueLength))\(from)")
    case .state(let old, let new):
      let changes = self.changes(old: old, new: new)
      for change in changes.prefix(Self.maximumDiffLines) { write("[\(name)]     \(change)") }
      if changes.count > Self.maximumDiffLines {
        write("[\(name)]     … \(changes.count - Self.maximumDiffLines) more changed lines")
      }
    case .effectStarted(let effect):
      write("[\(name)]   \(effect) started")
    case .effectEnded(let effect, let outcome):
      let label = effect.ids.isEmpty ? "" : " \"\(effect.label)\""
      write("[\(name)]   effect #\(effect.serial)\(label) \(outcome)")
    }
    if let writeEvent, !pending.isEmpty {
      writeEvent(pending)
      pending = ""
    }
    #if canImport(os)
      signpost(event, reactor)
    #endif
  }

  private func write(_ line: String) {
    if writeEvent != nil {
      pending += line
      pending += "\n"
    } else {
      writeLine(line)
    }
  }

  /// The changed lines between two states: by field when the state is a struct whose fields
  /// have a known layout, else by the whole state's outline.
  private func changes<State>(old: State, new: State) -> [String] {
    let type = ObjectIdentifier(State.self)
    let layout: StateLayout?
    if let known = layouts[type] {
      layout = known
    } else {
      layout = StateLayout(of: old)
      layouts[type] = .some(layout)
    }
    if let layout { return layout.changes(old: old, new: new) }
    return StateDiff.changes(old: old, new: new).map(Self.withoutIndentation)
  }

  /// A diff line of a state's outline as the log writes it: its marker and its content, without
  /// the outline's indentation (`"−     - count: 0"` is `"− count: 0"`).
  nonisolated static func withoutIndentation(_ line: String) -> String {
    let marker = line.prefix(1)
    var rest = line.dropFirst().drop { $0 == " " }
    if rest.hasPrefix("- ") || rest.hasPrefix("▿ ") { rest = rest.dropFirst(2) }
    return "\(marker) \(rest)"
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
  public func logChanges(to write: (@MainActor (String) -> Void)? = nil) -> ObservationToken {
    attachChangeLog(ChangeLog(write: write))
  }

  /// Logs what this reactor does from now on to `output`, each line followed by a line break,
  /// until the token is cancelled or released (see ``ChangeLog``).
  ///
  /// The log keeps its own copy of `output`:
  /// ```swift
  /// struct StandardOutput: TextOutputStream {
  ///   func write(_ string: String) { print(string, terminator: "") }
  /// }
  ///
  /// let logging = reactor.logChanges(to: StandardOutput())
  /// ```
  /// - Parameter output: Receives the lines.
  /// - Returns: The token that keeps the log attached.
  public func logChanges<Output: TextOutputStream>(to output: Output) -> ObservationToken {
    attachChangeLog(ChangeLog(to: output))
  }

  /// Attaches `log` to this reactor alone.
  func attachChangeLog(_ log: ChangeLog) -> ObservationToken {
    let reactor = InspectedReactor(id: ObjectIdentifier(runtime), name: String(describing: type(of: self)))
    return inspect { event in log.receive(event, from: reactor) }
  }
}
