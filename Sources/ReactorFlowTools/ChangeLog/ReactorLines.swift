import ReactorFlow

#if canImport(os)
  import os
#endif

/// One reactor's lines in a change log, and where they go: made once per reactor (per reactor
/// type, for a log that every reactor reports to), so that the lines' starts and the state's
/// layout are worked out once rather than for each event.
@MainActor
@usableFromInline
final class ReactorLines<Action: Sendable, Mutation: Sendable, State> {
  private let reactor: InspectedReactor
  /// Receives each line, unless the lines are gathered for standard error.
  private let writeLine: (@MainActor (String) -> Void)?
  /// Receives the gathered lines at once, as UTF-8, each followed by a line break: standard
  /// error's writer.
  private let writeLines: ((UnsafeBufferPointer<UInt8>) -> Void)?
  /// `[Name] action `, `[Name]   mutation `, `[Name]   ` and `[Name]     `.
  private let actionLead: String
  private let mutationLead: String
  private let effectLead: String
  private let stateLead: String
  /// The state's fields by their bytes, learned from the first state met: `nil` until then,
  /// `.some(nil)` for a state whose changes are found through its mirror.
  private var layout: StateLayout??
  // Written for every line, on the main actor only, and no access to them is held across a call
  // out: no dynamic exclusivity checks (CONTRIBUTING.md, Performance idioms).
  /// The lines not yet written to standard error, or the lines made for a closure, the last one
  /// being made.
  @exclusivity(unchecked) private var pending: [UInt8] = []
  @exclusivity(unchecked) private var actionLines: KeptLines
  @exclusivity(unchecked) private var mutationLines: KeptLines
  #if canImport(os)
    // Signpost intervals for effects, shown by Instruments' Points of Interest. CI runs on Linux
    // and does not compile them.
    private let signposter = OSSignposter(subsystem: "ReactorFlow", category: .pointsOfInterest)
    private var intervals: [EffectKey: OSSignpostIntervalState] = [:]

    private struct EffectKey: Hashable {
      let reactor: ObjectIdentifier
      let serial: Int
    }
  #endif

  @usableFromInline
  init(reactor: InspectedReactor, output: ChangeLog.Output) {
    self.reactor = reactor
    writeLine = output.line
    writeLines = output.lines
    actionLines = KeptLines(of: Action.self, keepsUTF8: output.lines != nil)
    mutationLines = KeptLines(of: Mutation.self, keepsUTF8: output.lines != nil)
    actionLead = "[\(reactor.name)] action "
    mutationLead = "[\(reactor.name)]   mutation "
    effectLead = "[\(reactor.name)]   "
    stateLead = "[\(reactor.name)]     "
  }

  /// Writes the lines of one event of `reactor`, which has this reactor's name.
  func receive(_ event: ReactorEvent<Action, Mutation, State>, from reactor: InspectedReactor) {
    switch event {
    case .action(let action, let source):
      self.action(action, source: source)
    case .mutation(let mutation, let effect):
      self.mutation(mutation, effect: effect)
    case .state(let old, let new):
      state(old: old, new: new)
    case .effectStarted(let effect):
      effectStarted(effect, of: reactor)
    case .effectEnded(let effect, let outcome):
      effectEnded(effect, outcome, of: reactor)
    }
  }

  // The events one by one, each given its values: `Reactor.attachChangeLog` calls them from its
  // handler, which takes the event apart specialized for the reactor's types.
  //
  // Standard error receives the lines before the reactor runs any more of the app's code: an
  // action's line before `mutate(action:)`, a mutation's line with its state's lines (nothing
  // runs between the two events) before the observers of the change.

  /// Writes an action's line.
  @usableFromInline
  func action(_ action: Action, source: ActionSource) {
    write(actionLines.line(for: action, lead: actionLead), source == .send ? "" : " (from \(source))")
    flush()
  }

  /// Writes a mutation's line, which goes to standard error with its state's lines.
  @usableFromInline
  func mutation(_ mutation: Mutation, effect: InspectedEffect?) {
    write(
      mutationLines.line(for: mutation, lead: mutationLead),
      effect.map { " (from effect #\($0.serial))" } ?? "")
  }

  /// Writes the lines of a state change: at most ``ChangeLog/maximumDiffLines`` of them, then
  /// how many were left out.
  @usableFromInline
  func state(old: State, new: State) {
    if layout == nil { layout = .some(StateLayout(of: old, lead: stateLead)) }
    let limit = ChangeLog.maximumDiffLines
    var count: Int
    if let layout = layout ?? nil {
      count = layout.changes(old: old, new: new, limit: limit) { line in
        switch line {
        case .value(let lead, let index, let leaf, let old, let new):
          write(lead, index: index, leaf, old: old, new: new)
        case .text(let text): write(stateLead, text)
        }
      }
    } else {
      let lines = ValueChanges.lines(old: old, new: new, label: nil)
      for line in lines.prefix(limit) { write(stateLead, line) }
      count = lines.count
    }
    if count > limit { write(stateLead, "… \(count - limit) more changed lines") }
    flush()
  }

  /// Writes an effect's start, and begins its signpost interval.
  @usableFromInline
  func effectStarted(_ effect: InspectedEffect, of reactor: InspectedReactor) {
    write(effectLead, "\(effect) started")
    flush()
    #if canImport(os)
      let text = "\(reactor.name) \(effect)"
      let key = EffectKey(reactor: reactor.id, serial: effect.serial)
      intervals[key] = signposter.beginInterval(
        "effect", id: signposter.makeSignpostID(), "\(text, privacy: .public)")
    #endif
  }

  /// Writes how an effect ended, and ends its signpost interval.
  @usableFromInline
  func effectEnded(_ effect: InspectedEffect, _ outcome: EffectOutcome, of reactor: InspectedReactor) {
    let label = effect.ids.isEmpty ? "" : " \"\(effect.label)\""
    write(effectLead, "effect #\(effect.serial)\(label) \(outcome)")
    flush()
    #if canImport(os)
      let key = EffectKey(reactor: reactor.id, serial: effect.serial)
      guard let interval = intervals.removeValue(forKey: key) else { return }
      let text = outcome.description
      signposter.endInterval("effect", interval, "\(text, privacy: .public)")
    #endif
  }

  /// Passes on the line `lead` then `text`, or keeps it for standard error: a line's start kept
  /// per reactor and its changing end, which standard error's bytes take without joining them.
  private func write(_ lead: String, _ text: String) {
    if let writeLine {
      writeLine(text.isEmpty ? lead : lead + text)
    } else {
      pending.append(contentsOf: lead.utf8)
      if !text.isEmpty { pending.append(contentsOf: text.utf8) }
      pending.append(UInt8(ascii: "\n"))
    }
  }

  /// Passes on the kept line `line` then `text`, or keeps it for standard error.
  private func write(_ line: KeptLines.Line, _ text: String) {
    switch line {
    case .text(let lead):
      writeLine?(text.isEmpty ? lead : lead + text)
    case .utf8(let lead):
      pending.append(contentsOf: lead)
      if !text.isEmpty { pending.append(contentsOf: text.utf8) }
      pending.append(UInt8(ascii: "\n"))
    }
  }

  /// Passes on the line of a plain value's change, `lead` (with `[index]` before its colon, for
  /// an element) then `old → new`, or keeps it for standard error: made as UTF-8, where an
  /// integer's digits are written directly.
  private func write(
    _ lead: [UInt8], index: Int?, _ leaf: StateLayout.Leaf, old: UnsafeRawPointer, new: UnsafeRawPointer
  ) {
    let start = pending.count
    if let index {
      pending.append(contentsOf: lead.dropLast(2))
      pending.append(UInt8(ascii: "["))
      StateLayout.Leaf.writeDecimal(index, to: &pending)
      pending.append(contentsOf: Self.indexEnd)
    } else {
      pending.append(contentsOf: lead)
    }
    leaf.write(at: old, to: &pending)
    pending.append(contentsOf: Self.arrow)
    leaf.write(at: new, to: &pending)
    if let writeLine {
      writeLine(Self.text(of: pending[start...]))
      // A closure's lines are made one after another, and the buffer is emptied once it holds a
      // few kilobytes: emptied after each line, every logged change would pay for a call into
      // the array's range replacement.
      if pending.count > 4096 { pending.removeAll(keepingCapacity: true) }
    } else {
      pending.append(UInt8(ascii: "\n"))
    }
  }

  /// The line `bytes` holds. Its bytes are UTF-8 by construction (a string's UTF-8, ASCII digits
  /// and punctuation, the arrow), so where `UTF8Span` exists they are not checked again: the check
  /// walks a line that holds an arrow byte by byte, which costs more than the line's digits.
  private static func text(of bytes: ArraySlice<UInt8>) -> String {
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
      return unsafe String(copying: UTF8Span(unchecked: bytes.span))
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `]: `, after an element's index.
  private static var indexEnd: [UInt8] { [UInt8(ascii: "]"), UInt8(ascii: ":"), UInt8(ascii: " ")] }

  /// ` → `, between a field's old value and its new one.
  private static var arrow: [UInt8] { [0x20, 0xE2, 0x86, 0x92, 0x20] }

  /// Writes the kept lines to standard error, in one write.
  private func flush() {
    guard let writeLines, !pending.isEmpty else { return }
    pending.withUnsafeBufferPointer(writeLines)
    pending.removeAll(keepingCapacity: true)
  }
}

/// The lines of recent actions or mutations, kept by their values' bytes: describing a value
/// costs most of a line, and for plain data of a few bytes, equal bytes are an equal value, whose
/// description is the same. A screen's few dozen are kept, looked up in order, the oldest replaced
/// once there are 64.
struct KeptLines {
  /// A kept line, as its output takes it: text for a closure, UTF-8 for standard error's bytes.
  enum Line {
    case text(String)
    case utf8([UInt8])
  }

  private var lines: [(key: Key, line: Line)] = []
  private var nextReplaced = 0
  /// Whether a value's bytes are its key: plain data of at most 16 bytes.
  private let hasKeys: Bool
  /// Whether lines are kept as UTF-8 rather than text.
  private let keepsUTF8: Bool

  /// Lines for values of `type`, kept as UTF-8 if `keepsUTF8`, or else as text.
  init<Value>(of type: Value.Type, keepsUTF8: Bool) {
    hasKeys = _isPOD(Value.self) && MemoryLayout<Value>.size <= 16
    self.keepsUTF8 = keepsUTF8
  }

  /// A plain value's bytes.
  private struct Key: Equatable {
    var low: UInt64 = 0
    var high: UInt64 = 0
  }

  /// `lead` and `value`'s description, cut after ``ChangeLog/maximumValueLength`` characters:
  /// the line kept for its bytes, or a new one, kept if the value is plain data.
  mutating func line<Value>(for value: Value, lead: String) -> Line {
    var key: Key?
    if hasKeys {
      var bytes = Key()
      withUnsafeMutableBytes(of: &bytes) { bytes in
        withUnsafeBytes(of: value) { bytes.copyMemory(from: $0) }
      }
      for index in lines.indices where lines[index].key == bytes { return lines[index].line }
      key = bytes
    }
    let text = lead + shortDescription(of: value, limit: ChangeLog.maximumValueLength)
    let line = keepsUTF8 ? Line.utf8(Array(text.utf8)) : .text(text)
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
