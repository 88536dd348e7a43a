import ReactorFlow

#if canImport(os)
  import os
#endif

/// A readable log of what reactors do: one line per action, the mutations it produced with the
/// state fields each one changed, and effects as they start and end.
///
/// Lines go to standard error, or on Apple systems to the unified log (`os.Logger`, subsystem
/// `ReactorFlow`, category `changes`), where effects are also signpost intervals that Instruments
/// shows. Standard error receives an action's line, and a mutation's line with its state's lines,
/// each in one write, before the reactor runs any more of the app's code. ``init(to:)`` writes the
/// lines to a `TextOutputStream` instead, and ``init(write:)`` passes each line to a closure. Log
/// one reactor with `Reactor.logChanges(to:)`, or every reactor with
/// `ReactorInspection.attach(_:)`:
/// ```swift
/// let token = ReactorInspection.attach(ChangeLog())
/// ```
/// A log reads like this:
/// ```text
/// [CounterReactor] action increment
/// [CounterReactor]   mutation increaseValue
/// [CounterReactor]       value: 0 → 1
/// [CounterReactor]   effect #0 started (CounterReactor.swift:24)
/// [CounterReactor]   effect #0 finished
/// ```
/// A changed field whose old and new values are one line each takes one line, `name: old → new`;
/// any other shows its old lines, marked `−`, then its new ones, marked `+`.
///
/// A change log is an ordinary `ReactorInspector`: a debugging aid, which makes each action cost
/// some tens of times what it costs unlogged, as writing its lines does. A state change costs
/// what its changed fields cost: the fields of a struct state are compared by their bytes, and
/// only the changed ones are described. An array whose count is unchanged shows its changed
/// elements by their index, a few of them; any other changed collection of more than a hundred
/// elements shows how many elements it has.
@MainActor
public final class ChangeLog: ReactorInspector {
  /// The most lines of state diff written for one mutation; the rest is counted.
  nonisolated static let maximumDiffLines = 24
  /// The most characters of an action or a mutation written; the rest is cut.
  nonisolated static let maximumValueLength = 160

  @usableFromInline let output: Output
  /// The lines of each reactor type met by ``receive(_:from:)``, by its name: a process's reactor
  /// types are few, its reactors may be many.
  private var reactors: [String: AnyObject] = [:]

  /// Creates a change log that writes each line with `write`, or to the platform's log when
  /// `write` is `nil`: the unified log on Apple systems, standard error elsewhere.
  /// - Parameter write: Receives each line, without a line break.
  public convenience init(write: (@MainActor (String) -> Void)? = nil) {
    if let write {
      self.init(output: Output(line: write))
    } else {
      #if canImport(os)
        let logger = Logger(subsystem: "ReactorFlow", category: "changes")
        self.init(output: Output(line: { line in logger.log("\(line, privacy: .public)") }))
      #else
        self.init(writes: { StandardError.write($0) })
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
      output: ChangeLog.Output(line: { line in
        stream.write(line)
        stream.write("\n")
      }))
  }

  /// Creates a change log that passes `write` the lines it would write to standard error, as
  /// UTF-8, each followed by a line break, in the writes it would make.
  convenience init(writes write: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
    self.init(output: Output(lines: write))
  }

  private init(output: Output) {
    self.output = output
  }

  /// Writes the lines that one event makes.
  /// - Parameters:
  ///   - event: What the reactor did.
  ///   - reactor: Which reactor did it.
  public func receive<Action, Mutation, State>(
    _ event: ReactorEvent<Action, Mutation, State>, from reactor: InspectedReactor
  ) {
    lines(of: reactor, Action.self, Mutation.self, State.self).receive(event, from: reactor)
  }

  /// The lines of `reactor`'s type, made the first time it is met. Reactor types of one name and
  /// different types take turns, each making its lines anew.
  private func lines<Action, Mutation, State>(
    of reactor: InspectedReactor, _: Action.Type, _: Mutation.Type, _: State.Type
  ) -> ReactorLines<Action, Mutation, State> {
    if let lines = reactors[reactor.name] as? ReactorLines<Action, Mutation, State> { return lines }
    let lines = ReactorLines<Action, Mutation, State>(reactor: reactor, output: output)
    reactors[reactor.name] = lines
    return lines
  }

  /// Names a reactor for its events.
  @usableFromInline
  static func inspected(id: ObjectIdentifier, name: String) -> InspectedReactor {
    InspectedReactor(id: id, name: name)
  }
}

extension ChangeLog {
  /// Where a change log's lines go: to a closure one by one, or gathered and passed on as UTF-8
  /// a few at once, as standard error takes them.
  @usableFromInline
  struct Output {
    var line: (@MainActor (String) -> Void)?
    var lines: ((UnsafeBufferPointer<UInt8>) -> Void)?

    init(line: @escaping @MainActor (String) -> Void) {
      self.line = line
    }

    init(lines: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
      self.lines = lines
    }
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

  /// Attaches `log` to this reactor alone, with the lines of this reactor made once. Inlinable,
  /// so that its handler takes each event apart in code specialized for the reactor's types:
  /// unspecialized, each event would look up the metadata of the event and of its payload.
  @inlinable
  func attachChangeLog(_ log: ChangeLog) -> ObservationToken {
    let reactor = ChangeLog.inspected(id: ObjectIdentifier(runtime), name: String(describing: type(of: self)))
    let lines = ReactorLines<Action, Mutation, State>(reactor: reactor, output: log.output)
    return inspect { event in
      switch event {
      case .action(let action, let source): lines.action(action, source: source)
      case .mutation(let mutation, let effect): lines.mutation(mutation, effect: effect)
      case .state(let old, let new): lines.state(old: old, new: new)
      case .effectStarted(let effect): lines.effectStarted(effect, of: reactor)
      case .effectEnded(let effect, let outcome): lines.effectEnded(effect, outcome, of: reactor)
      }
    }
  }
}
