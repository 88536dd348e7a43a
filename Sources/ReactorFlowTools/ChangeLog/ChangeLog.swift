import ReactorFlow

#if canImport(os)
  import os
#endif

/// A readable log of what reactors do: one line per action, the mutations it produced with the
/// state fields each one changed, and effects as they start and end.
///
/// Lines go to standard error, or on Apple systems to the unified log (`os.Logger`, subsystem
/// `ReactorFlow`, category `changes`), where effects are also signpost intervals that Instruments
/// shows. Standard error receives each event's lines in one write; ``init(to:)`` writes the lines
/// to a `TextOutputStream` instead, and ``init(write:)`` passes each line to a closure. Log one
/// reactor with `Reactor.logChanges(to:)`, or every reactor with
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
/// A change log is an ordinary `ReactorInspector`: a debugging aid, which may cost
/// an action a few times what the action costs. A state change costs what its changed fields
/// cost: the fields of a struct state are compared by their bytes, and only the changed ones are
/// described.
@MainActor
public final class ChangeLog: ReactorInspector {
  /// The most lines of state diff written for one mutation; the rest is counted.
  @usableFromInline static let maximumDiffLines = 24
  /// The most characters of an action or a mutation written; the rest is cut.
  static let maximumValueLength = 160

  /// Receives each line, without its line break, unless the lines are gathered per event.
  private let writeLine: @MainActor (String) -> Void
  /// Receives an event's lines at once, as UTF-8, each followed by a line break: standard
  /// error's writer, so that one event takes one write.
  private let writeEvent: ((UnsafeBufferPointer<UInt8>) -> Void)?
  // The log's state is used on the main actor only, and no access to it is held across a call
  // out: no dynamic exclusivity checks, which cost a mutation's lines a tenth of their price
  // (CONTRIBUTING.md, Performance idioms).
  @exclusivity(unchecked) private var pending: [UInt8] = []
  /// The layout of each struct state met, or `nil` for a state outlined whole.
  @exclusivity(unchecked) private var layouts: [ObjectIdentifier: StateLayout?] = [:]
  /// The last state type met and its layout, looked up before `layouts`.
  @exclusivity(unchecked) private var lastLayout: (type: ObjectIdentifier, layout: StateLayout?)?
  /// The lines of recent actions and mutations, by their values' bytes (`RecentLine`): a
  /// screen's few dozen, looked up in order, the oldest replaced once there are 64.
  @exclusivity(unchecked) @usableFromInline var recentLines: [(key: RecentLine, line: String)] = []
  @exclusivity(unchecked) private var nextReplaced = 0
  @exclusivity(unchecked) private var lastPrefix: (name: String, prefix: String)?
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

  /// Creates a change log that passes each event's lines to `write` at once, as UTF-8, each
  /// followed by a line break, as it writes them to standard error.
  convenience init(events write: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
    self.init(line: { _ in }, event: write)
  }

  private init(
    line: @escaping @MainActor (String) -> Void, event: ((UnsafeBufferPointer<UInt8>) -> Void)?
  ) {
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
    switch event {
    case .action(let action, let source):
      logAction(action, source: source, of: reactor)
    case .mutation(let mutation, let effect):
      logMutation(mutation, effect: effect, of: reactor)
    case .state(let old, let new):
      logState(old: old, new: new, of: reactor)
    case .effectStarted(let effect):
      write("[\(reactor.name)]   \(effect) started")
      endEvent()
    case .effectEnded(let effect, let outcome):
      let label = effect.ids.isEmpty ? "" : " \"\(effect.label)\""
      write("[\(reactor.name)]   effect #\(effect.serial)\(label) \(outcome)")
      endEvent()
    }
    #if canImport(os)
      signpost(event, reactor)
    #endif
  }

  // The usual events one by one, each given its values: `Reactor.logChanges` calls them from its
  // handler, specialized for the reactor's types, rather than `receive`, which takes the event
  // apart in unspecialized code and pays a look-up of the payloads' types on every event.

  /// Writes an action's line.
  @inlinable
  func logAction<Action>(_ action: Action, source: ActionSource, of reactor: InspectedReactor) {
    write(line(for: action, kind: .action(source), of: reactor))
    endEvent()
  }

  /// Writes a mutation's line.
  @inlinable
  func logMutation<Mutation>(_ mutation: Mutation, effect: InspectedEffect?, of reactor: InspectedReactor) {
    let line = line(for: mutation, kind: .mutation, of: reactor)
    write(effect.map { "\(line) (from effect #\($0.serial))" } ?? line)
    endEvent()
  }

  /// Writes the lines of a state change: at most ``maximumDiffLines`` of them, then how many were
  /// left out. Inlinable, like `Reactor.logChanges`: the states' bytes are then compared in code
  /// specialized for their type, without copying them through its value witnesses.
  @inlinable
  func logState<State>(old: State, new: State, of reactor: InspectedReactor) {
    let prefix = statePrefix(of: reactor)
    var count = 0
    func emit(_ line: String) {
      count += 1
      if count <= Self.maximumDiffLines { write(line) }
    }
    if let layout = layout(of: State.self, sample: old) {
      withUnsafeBytes(of: old) { before in
        withUnsafeBytes(of: new) { after in
          // A state with a layout has fields, and so bytes.
          guard let before = before.baseAddress, let after = after.baseAddress else { return }
          layout.changes(
            old: before, new: after, prefix: prefix,
            mirrors: { (Mirror(reflecting: old), Mirror(reflecting: new)) }, emit)
        }
      }
    } else {
      wholeStateChanges(old: old, new: new, prefix: prefix, emit)
    }
    endState(count: count, prefix: prefix)
  }

  /// The start of a reactor's lines of state changes, `[Name]     `, kept for the last reactor.
  @usableFromInline
  func statePrefix(of reactor: InspectedReactor) -> String {
    if let lastPrefix, lastPrefix.name == reactor.name { return lastPrefix.prefix }
    let prefix = "[\(reactor.name)]     "
    lastPrefix = (reactor.name, prefix)
    return prefix
  }

  /// Sends an event's lines on, when they are gathered: one write to standard error.
  @usableFromInline
  func endEvent() {
    guard let writeEvent, !pending.isEmpty else { return }
    pending.withUnsafeBufferPointer(writeEvent)
    pending.removeAll(keepingCapacity: true)
  }

  /// An action's or a mutation's line: the one kept for the value's bytes, or a new one.
  @inlinable
  func line<Value>(for value: Value, kind: RecentLine.Kind, of reactor: InspectedReactor) -> String {
    let key = RecentLine(value, kind: kind, reactor: reactor.id)
    if let key, let kept = recentLines.first(where: { $0.key == key }) { return kept.line }
    return newLine(for: value, kind: kind, key: key, of: reactor)
  }

  /// Makes the line of a value that has none kept, and keeps it if the value has a key.
  @usableFromInline
  func newLine<Value>(for value: Value, kind: RecentLine.Kind, key: RecentLine?, of reactor: InspectedReactor)
    -> String
  {
    let description = shortDescription(of: value, limit: Self.maximumValueLength)
    let line =
      switch kind {
      case .action(.send): "[\(reactor.name)] action \(description)"
      case .action(let source): "[\(reactor.name)] action \(description) (from \(source))"
      case .mutation: "[\(reactor.name)]   mutation \(description)"
      }
    if let key {
      if recentLines.count < 64 {
        recentLines.append((key, line))
      } else {
        recentLines[nextReplaced] = (key, line)
        nextReplaced = (nextReplaced + 1) % 64
      }
    }
    return line
  }

  @usableFromInline
  func write(_ line: String) {
    if writeEvent != nil {
      pending.append(contentsOf: line.utf8)
      pending.append(UInt8(ascii: "\n"))
    } else {
      writeLine(line)
    }
  }

  /// The layout of `type`, learned from `sample` the first time the type is met; `nil` for a
  /// state outlined whole.
  @usableFromInline
  func layout<State>(of type: State.Type, sample: State) -> StateLayout? {
    let key = ObjectIdentifier(type)
    if let last = lastLayout, last.type == key { return last.layout }
    let layout: StateLayout?
    if let known = layouts[key] {
      layout = known
    } else {
      layout = StateLayout(of: sample)
      layouts[key] = .some(layout)
    }
    lastLayout = (key, layout)
    return layout
  }

  /// The changed lines of the whole states' outlines, for a state without a layout.
  @usableFromInline
  func wholeStateChanges(old: Any, new: Any, prefix: String, _ emit: (String) -> Void) {
    for line in StateDiff.changes(old: old, new: new) { emit(prefix + Self.withoutIndentation(line)) }
  }

  /// Counts the lines a state change left out, and ends its event.
  @usableFromInline
  func endState(count: Int, prefix: String) {
    if count > Self.maximumDiffLines {
      write("\(prefix)… \(count - Self.maximumDiffLines) more changed lines")
    }
    endEvent()
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

/// What an action's or a mutation's line is kept by: its value's type and bytes, what the line
/// shows besides, and its reactor. Describing a value costs most of a line, and for plain data of
/// a few bytes, equal bytes are an equal value, whose description is the same.
@usableFromInline
struct RecentLine: Equatable {
  @usableFromInline
  enum Kind: Equatable {
    case action(ActionSource)
    case mutation
  }

  @usableFromInline let type: ObjectIdentifier
  @usableFromInline let low: UInt64
  @usableFromInline let high: UInt64
  @usableFromInline let kind: Kind
  @usableFromInline let reactor: ObjectIdentifier

  /// The key of `value`'s line, or `nil` when the value is not plain data of at most 16 bytes.
  @inlinable
  init?<Value>(_ value: Value, kind: Kind, reactor: ObjectIdentifier) {
    guard _isPOD(Value.self), MemoryLayout<Value>.size <= 16 else { return nil }
    var bytes: (UInt64, UInt64) = (0, 0)
    withUnsafeMutableBytes(of: &bytes) { bytes in
      withUnsafeBytes(of: value) { bytes.copyMemory(from: $0) }
    }
    type = ObjectIdentifier(Value.self)
    (low, high) = bytes
    self.kind = kind
    self.reactor = reactor
  }
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
  @inlinable
  public func logChanges<Output: TextOutputStream>(to output: Output) -> ObservationToken {
    attachChangeLog(ChangeLog(to: output))
  }

  /// Attaches `log` to this reactor alone. Inlinable, so that its handler takes each event apart
  /// in code specialized for the reactor's types (see `ChangeLog.logAction`).
  @inlinable
  func attachChangeLog(_ log: ChangeLog) -> ObservationToken {
    let reactor = ChangeLog.inspected(id: ObjectIdentifier(runtime), name: String(describing: type(of: self)))
    return inspect { event in
      switch event {
      case .action(let action, let source): log.logAction(action, source: source, of: reactor)
      case .mutation(let mutation, let effect): log.logMutation(mutation, effect: effect, of: reactor)
      case .state(let old, let new): log.logState(old: old, new: new, of: reactor)
      case .effectStarted, .effectEnded: log.receive(event, from: reactor)
      }
    }
  }
}
