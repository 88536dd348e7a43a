import ReactorFlow

/// One reactor's lines in a change log: made once per reactor (per reactor type, for a log that
/// every reactor reports to), so that the lines' starts and the state's layout are worked out
/// once rather than for each event.
@MainActor
@usableFromInline
final class ReactorLines<Action: Sendable, Mutation: Sendable, State> {
  private let reactor: InspectedReactor
  private let output: ChangeLog.Output
  /// `[Name] action `, `[Name]   mutation `, `[Name]   ` and `[Name]     `.
  private let actionLead: String
  private let mutationLead: String
  private let effectLead: String
  private let stateLead: String
  /// The state's fields by their bytes, learned from the first state met: `nil` until then,
  /// `.some(nil)` for a state whose changes are found through its mirror.
  // Used on the main actor only, and no access to them is held across a call out: no dynamic
  // exclusivity checks (CONTRIBUTING.md, Performance idioms).
  @exclusivity(unchecked) private var layout: StateLayout??
  @exclusivity(unchecked) private var actionLines = KeptLines(of: Action.self)
  @exclusivity(unchecked) private var mutationLines = KeptLines(of: Mutation.self)

  @usableFromInline
  init(reactor: InspectedReactor, output: ChangeLog.Output) {
    self.reactor = reactor
    self.output = output
    actionLead = "[\(reactor.name)] action "
    mutationLead = "[\(reactor.name)]   mutation "
    effectLead = "[\(reactor.name)]   "
    stateLead = "[\(reactor.name)]     "
  }

  /// Writes the lines of one event.
  @usableFromInline
  func receive(_ event: ReactorEvent<Action, Mutation, State>) {
    switch event {
    case .action(let action, let source):
      self.action(action, source: source)
    case .mutation(let mutation, let effect):
      self.mutation(mutation, effect: effect)
    case .state(let old, let new):
      state(old: old, new: new)
    case .effectStarted(let effect):
      output.write(effectLead, "\(effect) started")
      output.effectStarted(effect, of: reactor)
      output.endEvent()
    case .effectEnded(let effect, let outcome):
      let label = effect.ids.isEmpty ? "" : " \"\(effect.label)\""
      output.write(effectLead, "effect #\(effect.serial)\(label) \(outcome)")
      output.effectEnded(effect, outcome, of: reactor)
      output.endEvent()
    }
  }

  // The usual events one by one, each given its values: `Reactor.attachChangeLog` calls them from
  // its handler, which takes the event apart specialized for the reactor's types.

  /// Writes an action's line.
  @usableFromInline
  func action(_ action: Action, source: ActionSource) {
    output.write(actionLines.line(for: action, lead: actionLead), source == .send ? "" : " (from \(source))")
    output.endEvent()
  }

  /// Writes a mutation's line.
  @usableFromInline
  func mutation(_ mutation: Mutation, effect: InspectedEffect?) {
    let line = mutationLines.line(for: mutation, lead: mutationLead)
    output.write(line, effect.map { " (from effect #\($0.serial))" } ?? "")
    output.endEvent()
  }

  /// Writes the lines of a state change: at most ``ChangeLog/maximumDiffLines`` of them, then
  /// how many were left out.
  @usableFromInline
  func state(old: State, new: State) {
    let layout: StateLayout?
    if let known = self.layout {
      layout = known
    } else {
      layout = StateLayout(of: old, lead: stateLead)
      self.layout = .some(layout)
    }
    var count = 0
    func write(_ lead: String, _ text: String) {
      count += 1
      if count <= ChangeLog.maximumDiffLines { output.write(lead, text) }
    }
    if let layout {
      layout.changes(old: old, new: new, write)
    } else {
      ValueChanges.lines(old: old, new: new, label: nil) { write(stateLead, $0) }
    }
    if count > ChangeLog.maximumDiffLines {
      output.write(stateLead, "… \(count - ChangeLog.maximumDiffLines) more changed lines")
    }
    output.endEvent()
  }
}

/// The lines of recent actions or mutations, kept by their values' bytes: describing a value
/// costs most of a line, and for plain data of a few bytes, equal bytes are an equal value, whose
/// description is the same. A screen's few dozen are kept, looked up in order, the oldest replaced
/// once there are 64.
struct KeptLines {
  private var lines: [(key: Key, line: String)] = []
  private var nextReplaced = 0
  /// Whether a value's bytes are its key: plain data of at most 16 bytes.
  private let hasKeys: Bool

  /// Lines for values of `type`.
  init<Value>(of type: Value.Type) {
    hasKeys = _isPOD(Value.self) && MemoryLayout<Value>.size <= 16
  }

  /// A plain value's bytes.
  private struct Key: Equatable {
    var low: UInt64 = 0
    var high: UInt64 = 0
  }

  /// `lead` and `value`'s description, cut after ``ChangeLog/maximumValueLength`` characters:
  /// the line kept for its bytes, or a new one, kept if the value is plain data.
  mutating func line<Value>(for value: Value, lead: String) -> String {
    var key: Key?
    if hasKeys {
      var bytes = Key()
      withUnsafeMutableBytes(of: &bytes) { bytes in
        withUnsafeBytes(of: value) { bytes.copyMemory(from: $0) }
      }
      for index in lines.indices where lines[index].key == bytes { return lines[index].line }
      key = bytes
    }
    let line = lead + shortDescription(of: value, limit: ChangeLog.maximumValueLength)
    if let key {
      if lines.count < 64 {
        lines.append((key, line))
      } else {
        lines[nextReplaced] = (key, line)
        nextReplaced = (nextReplaced + 1) % 64
      }
    }
    return line
  }
}
