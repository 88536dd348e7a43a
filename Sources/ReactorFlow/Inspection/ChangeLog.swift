#if canImport(os)
  import os
#endif

/// A readable log of what reactors do: one line per action, the mutations it produced with the
/// state fields each one changed, and effects as they start and end.
///
/// Lines go to standard error, or on Apple systems to the unified log (`os.Logger`, subsystem
/// `ReactorFlow`, category `changes`), where effects are also signpost intervals that Instruments
/// shows. Standard error receives each event's lines in one write (a mutation's with those of the
/// state it made), from a buffer kept from event to event; ``init(output:)`` writes the lines to a
/// `TextOutputStream` instead, and ``init(write:)`` passes each line to a closure. Log one reactor
/// with ``Reactor/logChanges(to:)`` or ``Reactor/logChanges(output:)``, or every reactor with
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

  private let output: Output
  /// Receives the lines or their pieces, unless the output is standard error.
  private let writeText: @MainActor (String) -> Void
  /// An event's lines on their way to standard error.
  private let standardError: StandardErrorBuffer
  // Unchecked, which saves an exclusivity check per access on every event: the log is used from
  // the main actor only, and holds no access to these across a call out.
  /// The lines of recent actions and mutations, by their values' bytes.
  @exclusivity(unchecked) private var recentLines = RecentLines()
  /// The layout of each struct state met, or `nil` for a state outlined whole.
  @exclusivity(unchecked) private var layouts: [ObjectIdentifier: StateLayout?] = [:]
  /// The last state type met and its layout, looked up before `layouts`.
  @exclusivity(unchecked) private var lastStateType: ObjectIdentifier?
  @exclusivity(unchecked) private var lastLayout: StateLayout?
  /// The last reactor's name and the start of its lines of state changes.
  @exclusivity(unchecked) private var lastPrefix: (name: String, prefix: String)?
  #if canImport(os)
    private let signposter = OSSignposter(subsystem: "ReactorFlow", category: .pointsOfInterest)
    private var intervals: [EffectKey: OSSignpostIntervalState] = [:]

    private struct EffectKey: Hashable {
      let reactor: ObjectIdentifier
      let serial: Int
    }
  #endif

  /// Where the lines go.
  private enum Output {
    /// Each whole line, without a line break, to `writeText`.
    case lines
    /// Each line in pieces, then a line break, to `writeText`.
    case pieces
    /// Each event's lines as bytes, to the process's standard error.
    case standardError
  }

  /// Creates a change log that writes each line with `write`, or to the platform's log when
  /// `write` is `nil`.
  /// - Parameter write: Receives each line, without a line break.
  public init(write: (@MainActor (String) -> Void)? = nil) {
    standardError = StandardErrorBuffer()
    if let write {
      output = .lines
      self.writeText = write
    } else {
      #if canImport(os)
        let logger = Logger(subsystem: "ReactorFlow", category: "changes")
        output = .lines
        self.writeText = { line in logger.log("\(line, privacy: .public)") }
      #else
        output = .standardError
        self.writeText = { _ in }
      #endif
    }
  }

  /// Creates a change log that writes its lines to `output`, each followed by a line break.
  ///
  /// A line is written in a few pieces (its start, then a value), so that no line is made as a
  /// string of its own. The log keeps its own copy of `output`: pass a stream that writes
  /// somewhere, such as a file or the standard output, or a class.
  /// ```swift
  /// let token = ReactorInspection.attach(ChangeLog(output: StandardOutput()))
  /// ```
  /// - Parameter output: Receives the lines, in pieces.
  public init<Stream: TextOutputStream>(output: Stream) {
    var stream = output
    standardError = StandardErrorBuffer()
    self.output = .pieces
    writeText = { piece in stream.write(piece) }
  }

  /// Creates a change log that writes each event's lines as bytes, as it does to standard
  /// error, to `write`.
  init(bytes write: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
    standardError = StandardErrorBuffer(write: write)
    output = .standardError
    writeText = { _ in }
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
      let key = RecentLines.Key(action, kind: .init(source), reactor: reactor.id)
      self.action(action, source: source, key: key, from: reactor)
    case .mutation(let mutation, let effect):
      let key = RecentLines.Key(mutation, kind: .mutation, reactor: reactor.id)
      self.mutation(mutation, effect: effect, key: key, from: reactor)
    case .state(let old, let new):
      withUnsafePointer(to: old) { old in
        withUnsafePointer(to: new) { new in state(old: old, new: new, from: reactor) }
      }
    case .effectStarted(let effect):
      writeLine("[\(reactor.name)]   \(effect) started")
      endEvent()
    case .effectEnded(let effect, let outcome):
      let name = effect.ids.isEmpty ? "" : " \"\(effect.label)\""
      writeLine("[\(reactor.name)]   effect #\(effect.serial)\(name) \(outcome)")
      endEvent()
    }
    #if canImport(os)
      signpost(event, reactor)
    #endif
  }

  /// Whether the log writes bytes (to standard error): an attachment to one reactor then keeps
  /// its lines as bytes (``LogAttachment``).
  @usableFromInline var writesBytes: Bool {
    if case .standardError = output { true } else { false }
  }

  /// Writes an action's line, the one kept for `key` if there is one.
  @usableFromInline
  func action<Action>(
    _ action: Action, source: ActionSource, key: RecentLines.Key?, from reactor: InspectedReactor
  ) {
    if let key, let line = recentLines.line(for: key, name: reactor.name) {
      writeLine(line)
    } else {
      let line = actionLine(action, source: source, name: reactor.name)
      if let key { recentLines.remember(line, for: key, name: reactor.name) }
      writeLine(line)
    }
    endEvent()
  }

  /// Writes the line that `attachment` keeps for `key`, if there is one, as bytes, and sends it
  /// on if `flush`.
  /// - Returns: Whether a line was kept.
  @usableFromInline
  func writeKeptLine(_ key: LogAttachment.Key, of attachment: LogAttachment, flush: Bool) -> Bool {
    guard let line = attachment.line(for: key) else { return false }
    standardError.append(line)
    if flush { standardError.flush() }
    return true
  }

  /// Writes an action's line, which `attachment` did not keep, and keeps it there for `key`.
  @usableFromInline
  func action<Action>(
    _ action: Action, source: ActionSource, keeping key: LogAttachment.Key?,
    in attachment: LogAttachment, from reactor: InspectedReactor
  ) {
    let line = actionLine(action, source: source, name: reactor.name)
    if let key { attachment.keep(line, for: key) }
    writeLine(line)
    endEvent()
  }

  /// Writes a mutation's line, which `attachment` did not keep, and keeps it there for `key`;
  /// sends it on if `flush`.
  @usableFromInline
  func mutation<Mutation>(
    _ mutation: Mutation, keeping key: LogAttachment.Key?, in attachment: LogAttachment,
    from reactor: InspectedReactor, flush: Bool
  ) {
    let line = mutationLine(mutation, name: reactor.name)
    if let key { attachment.keep(line, for: key) }
    writeLine(line)
    if flush { endEvent() }
  }

  private func actionLine<Action>(_ action: Action, source: ActionSource, name: String) -> String {
    let from = source == .send ? "" : " (from \(source))"
    return "[\(name)] action \(shortDescription(of: action, limit: Self.maximumValueLength))\(from)"
  }

  private func mutationLine<Mutation>(_ mutation: Mutation, name: String) -> String {
    "[\(name)]   mutation \(shortDescription(of: mutation, limit: Self.maximumValueLength))"
  }

  /// Writes a mutation's line, the one kept for `key` if there is one.
  @usableFromInline
  func mutation<Mutation>(
    _ mutation: Mutation, effect: EffectInfo?, key: RecentLines.Key?, from reactor: InspectedReactor
  ) {
    guard let effect else {
      if let key, let line = recentLines.line(for: key, name: reactor.name) {
        writeLine(line)
      } else {
        let line = mutationLine(mutation, name: reactor.name)
        if let key { recentLines.remember(line, for: key, name: reactor.name) }
        writeLine(line)
      }
      endEvent()
      return
    }
    let text = shortDescription(of: mutation, limit: Self.maximumValueLength)
    writeLine("[\(reactor.name)]   mutation \(text) (from effect #\(effect.serial))")
    endEvent()
  }

  /// Writes the lines of a state change: at most ``maximumDiffLines`` of them, then how many
  /// were left out.
  @usableFromInline
  func state<State>(
    old: UnsafePointer<State>, new: UnsafePointer<State>, from reactor: InspectedReactor
  ) {
    let prefix: String
    if let lastPrefix, lastPrefix.name == reactor.name {
      prefix = lastPrefix.prefix
    } else {
      prefix = "[\(reactor.name)]     "
      lastPrefix = (reactor.name, prefix)
    }
    writeState(old: old, new: new, prefix: prefix, layout: layout(of: old.pointee))
  }

  /// Writes the lines of a state change of the reactor that `attachment` logs, with the layout
  /// it keeps, so that neither is looked up again; to standard error, a plain value's lines as
  /// bytes, their starts kept by the attachment too.
  @usableFromInline
  func state<State>(
    old: UnsafePointer<State>, new: UnsafePointer<State>, attachment: LogAttachment
  ) {
    let layout: StateLayout?
    if let known = attachment.layout {
      layout = known
    } else {
      layout = self.layout(of: old.pointee)
      attachment.layout = .some(layout)
    }
    guard case .standardError = output, let layout else {
      return writeState(old: old, new: new, prefix: attachment.prefix, layout: layout)
    }
    let leftOut = layout.writeChanges(
      old: old, new: new, starts: attachment.lineStarts(of: layout), prefix: attachment.prefix,
      to: standardError, limit: Self.maximumDiffLines
    ) { start, end in writeLine(start, end) }
    if leftOut > 0 { writeLine(attachment.prefix, .text("… \(leftOut) more changed lines")) }
    endEvent()
  }

  private func writeState<State>(
    old: UnsafePointer<State>, new: UnsafePointer<State>, prefix: String, layout: StateLayout?
  ) {
    var written = 0
    var leftOut = 0
    if let layout {
      layout.changes(old: old, new: new, prefix: prefix) { start, end in
        if written < Self.maximumDiffLines {
          writeLine(start, end)
          written += 1
        } else {
          leftOut += 1
        }
      }
    } else {
      let changes = StateDiff.changes(old: old.pointee, new: new.pointee)
      for change in changes.prefix(Self.maximumDiffLines) {
        writeLine(prefix, .text(Self.withoutIndentation(change)))
      }
      leftOut = max(0, changes.count - Self.maximumDiffLines)
    }
    if leftOut > 0 { writeLine(prefix, .text("… \(leftOut) more changed lines")) }
    endEvent()
  }

  /// Writes a whole line.
  private func writeLine(_ whole: String) {
    switch output {
    case .lines:
      writeText(whole)
    case .pieces:
      writeText(whole)
      writeText("\n")
    case .standardError:
      standardError.append(whole)
      standardError.append(byte: UInt8(ascii: "\n"))
    }
  }

  /// Writes a line made of its start and its end, without making it a string of its own unless
  /// a `write` closure needs one.
  private func writeLine(_ start: String, _ end: StateLayout.LineEnd) {
    switch output {
    case .lines:
      writeText(start + end.text)
    case .pieces:
      writeText(start)
      writeText(end.text)
      writeText("\n")
    case .standardError:
      standardError.append(start)
      switch end {
      case .text(let text): standardError.append(text)
      case .value(let leaf, let pointer): leaf.write(at: pointer, to: standardError)
      }
      standardError.append(byte: UInt8(ascii: "\n"))
    }
  }

  /// Sends an event's lines on: one write to standard error for all of them.
  @inline(__always)
  private func endEvent() {
    guard case .standardError = output else { return }
    standardError.flush()
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
    attachChangeLog(ChangeLog(write: write))
  }

  /// Logs what this reactor does from now on to `output`, each line followed by a line break,
  /// until the token is cancelled or released (see ``ChangeLog``).
  ///
  /// The lines are written in pieces, without a string made for each line; the log keeps its own
  /// copy of `output`:
  /// ```swift
  /// struct StandardOutput: TextOutputStream {
  ///   func write(_ string: String) { print(string, terminator: "") }
  /// }
  ///
  /// let logging = reactor.logChanges(output: StandardOutput())
  /// ```
  /// - Parameter output: Receives the lines, in pieces.
  /// - Returns: The token that keeps the log attached.
  @inlinable
  public func logChanges<Output: TextOutputStream>(output: Output) -> ObservationToken {
    attachChangeLog(ChangeLog(output: output))
  }

  /// Attaches `log` to this reactor alone.
  @inlinable
  func attachChangeLog(_ log: ChangeLog) -> ObservationToken {
    let reactor = ChangeLog.inspected(
      id: ObjectIdentifier(runtime), name: String(describing: type(of: self)))
    // The usual events' values come here without an event: these closures are specialized for
    // the reactor's types, where building an event and taking it apart again copied each payload
    // twice (see CONTRIBUTING.md). The keys of the kept lines are made here too: here, a value's
    // bytes are read without its value witnesses.
    let attachment = LogAttachment(name: reactor.name, keepsBytes: log.writesBytes)
    let state: @MainActor (UnsafeRawPointer, UnsafeRawPointer) -> Void = { old, new in
      log.state(
        old: old.assumingMemoryBound(to: State.self), new: new.assumingMemoryBound(to: State.self),
        attachment: attachment)
    }
    let calls: InspectorHub<Action, Mutation, State>.LogCalls
    if attachment.keepsBytes {
      // To standard error, the attachment keeps the lines of actions and mutations as bytes, and
      // a mutation's line goes out in one write with its state's.
      calls = .init(
        action: { pointer, source in
          let action = pointer.assumingMemoryBound(to: Action.self)
          let key = LogAttachment.Key(action.pointee, kind: .init(source))
          if let key, log.writeKeptLine(key, of: attachment, flush: true) { return }
          log.action(action.pointee, source: source, keeping: key, in: attachment, from: reactor)
        },
        mutation: { pointer, stateFollows in
          let mutation = pointer.assumingMemoryBound(to: Mutation.self)
          let key = LogAttachment.Key(mutation.pointee, kind: .mutation)
          if let key, log.writeKeptLine(key, of: attachment, flush: !stateFollows) { return }
          log.mutation(
            mutation.pointee, keeping: key, in: attachment, from: reactor, flush: !stateFollows)
        },
        state: state)
    } else {
      calls = .init(
        action: { pointer, source in
          let action = pointer.assumingMemoryBound(to: Action.self)
          let key = RecentLines.Key(action.pointee, kind: .init(source), reactor: reactor.id)
          log.action(action.pointee, source: source, key: key, from: reactor)
        },
        mutation: { pointer, _ in
          let mutation = pointer.assumingMemoryBound(to: Mutation.self)
          let key = RecentLines.Key(mutation.pointee, kind: .mutation, reactor: reactor.id)
          log.mutation(mutation.pointee, effect: nil, key: key, from: reactor)
        },
        state: state)
    }
    return inspect(
      { event in
        switch event {
        case .action(let action, let source):
          let key = RecentLines.Key(action, kind: .init(source), reactor: reactor.id)
          log.action(action, source: source, key: key, from: reactor)
        case .mutation(let mutation, nil):
          let key = RecentLines.Key(mutation, kind: .mutation, reactor: reactor.id)
          log.mutation(mutation, effect: nil, key: key, from: reactor)
        case .state(let old, let new):
          withUnsafePointer(to: old) { old in
            withUnsafePointer(to: new) { new in log.state(old: old, new: new, from: reactor) }
          }
        case .mutation(_, .some), .effectStarted, .effectEnded: log.receive(event, from: reactor)
        }
      }, log: calls)
  }
}

/// The lines of recent actions and mutations whose values are plain data of a few bytes, by those
/// bytes: `String(describing:)` costs most of a line, and for such a value, equal bytes are an
/// equal value and so the same description.
@usableFromInline
struct RecentLines {
  /// What a line shows, besides its value.
  @usableFromInline
  enum Kind: UInt8 {
    case sentAction, effectAction, transformAction, mutation

    @inlinable
    init(_ source: ActionSource) {
      switch source {
      case .send: self = .sentAction
      case .effect: self = .effectAction
      case .transform: self = .transformAction
      }
    }
  }

  /// What a line is kept by, besides its reactor's name: its value's type and bytes, its kind
  /// and its reactor's identity. Plain data, compared without a call.
  @usableFromInline
  struct Key {
    @usableFromInline let type: ObjectIdentifier
    @usableFromInline let bytes: (UInt64, UInt64)
    @usableFromInline let kind: Kind
    @usableFromInline let reactor: ObjectIdentifier

    /// The key of `value`'s line, or `nil` when the value is not plain data of a few bytes.
    @inlinable
    init?<Value>(_ value: Value, kind: Kind, reactor: ObjectIdentifier) {
      guard _isPOD(Value.self), MemoryLayout<Value>.size <= MemoryLayout<(UInt64, UInt64)>.size else {
        return nil
      }
      var bytes: (UInt64, UInt64) = (0, 0)
      withUnsafeMutableBytes(of: &bytes) { bytes in
        withUnsafeBytes(of: value) { bytes.copyMemory(from: $0) }
      }
      type = ObjectIdentifier(Value.self)
      self.bytes = bytes
      self.kind = kind
      self.reactor = reactor
    }

    func matches(_ other: Key) -> Bool {
      type == other.type && bytes == other.bytes && reactor == other.reactor && kind == other.kind
    }
  }

  private struct Entry {
    let key: Key
    /// The reactor's name, compared too: a later reactor may live at a released one's address.
    let name: String
    let line: String
  }

  /// The most lines kept: enough for a screen's actions and mutations; beyond it, the oldest go.
  private static let capacity = 64
  private var entries: [Entry] = []
  /// Where the next entry goes once `entries` is full.
  private var next = 0

  /// The line kept for `key` and the reactor named `name`, if any.
  func line(for key: Key, name: String) -> String? {
    var index = 0
    while index < entries.count {
      if entries[index].key.matches(key), entries[index].name == name { return entries[index].line }
      index += 1
    }
    return nil
  }

  /// Keeps `line` for `key` and the reactor named `name`.
  mutating func remember(_ line: String, for key: Key, name: String) {
    let entry = Entry(key: key, name: name, line: line)
    if entries.count < Self.capacity {
      entries.append(entry)
    } else {
      entries[next] = entry
      next = (next + 1) % Self.capacity
    }
  }
}
