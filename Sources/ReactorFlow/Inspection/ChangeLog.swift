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
    for line in Self.lines(for: event) {
      write("[\(reactor.name)] \(line)")
    }
    #if canImport(os)
      signpost(event, reactor)
    #endif
  }

  /// The lines of one event, without the reactor's name.
  static func lines<Action, Mutation, State>(
    for event: ReactorEvent<Action, Mutation, State>
  ) -> [String] {
    switch event {
    case .action(let action, let source):
      let from = source == .send ? "" : " (from \(source))"
      return ["action \(shortDescription(of: action, limit: maximumValueLength))\(from)"]
    case .mutation(let mutation, let effect):
      let from = effect.map { " (from effect #\($0.serial))" } ?? ""
      return ["  mutation \(shortDescription(of: mutation, limit: maximumValueLength))\(from)"]
    case .state(let old, let new):
      let changes = StateDiff.changes(old: old, new: new).map { line in
        // "−     - count: 0" → "− count: 0": the change, without the outline's indentation.
        let marker = line.prefix(1)
        var rest = line.dropFirst().drop { $0 == " " }
        if rest.hasPrefix("- ") || rest.hasPrefix("▿ ") { rest = rest.dropFirst(2) }
        return "    \(marker) \(rest)"
      }
      guard changes.count > maximumDiffLines else { return changes }
      return changes.prefix(maximumDiffLines)
        + ["    … \(changes.count - maximumDiffLines) more changed lines"]
    case .effectStarted(let effect):
      return ["  \(effect) started"]
    case .effectEnded(let effect, let outcome):
      let name = effect.ids.isEmpty ? "" : " \"\(effect.label)\""
      return ["  effect #\(effect.serial)\(name) \(outcome)"]
    }
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
  public func logChanges(to write: (@MainActor (String) -> Void)? = nil) -> ObservationToken {
    let log = ChangeLog(write: write)
    let reactor = InspectedReactor(
      id: ObjectIdentifier(runtime), name: String(describing: type(of: self)))
    return inspect { event in log.receive(event, from: reactor) }
  }
}
