import Foundation
import ReactorFlow
import ReactorFlowTools

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The trace writers, on a session that holds the input: its parts (split at NUL bytes, at most
/// eight) are each an action's and a mutation's description, an effect's identifier and a state,
/// which the HTML page shows at every step.
/// Every writer's document must be well formed, and the JSON must give back each action's name.
@MainActor
enum TraceFuzz {
  /// A trace format: how to write it and what must hold of the text, `nil` when it holds.
  struct Writer {
    let name: String
    let write: @MainActor (TraceRecorder) -> String
    let problem: (_ document: String, _ actions: [String]) -> String?
  }

  /// Every format the recorder writes; a new one is one more entry.
  static let writers: [Writer] = [
    Writer(name: "Trace Event JSON", write: { $0.traceEventJSON() }, problem: jsonProblem),
    Writer(name: "SVG", write: { $0.svg() }, problem: { document, _ in xmlProblem(document) }),
    // The page is XHTML-compatible by design, so that a parser checks it as strictly as the SVG.
    Writer(name: "HTML", write: { $0.html() }, problem: { document, _ in xmlProblem(document) }),
  ]

  static func check(_ data: Data) throws(FuzzFailure) {
    let texts = data.split(separator: 0, omittingEmptySubsequences: false).prefix(8)
      .map { String(decoding: $0, as: UTF8.self) }
    let recorder = TraceRecorder(clock: SteppingClock(), keepsStates: true)
    let reactor = FuzzTraceReactor()
    let token = recorder.record(reactor)
    for text in texts { reactor.send(FuzzTraceReactor.Action(text: text)) }
    token.cancel()
    let actions = recorder.entries.compactMap { entry -> String? in
      guard case .action(let text, _) = entry.kind else { return nil }
      return text
    }
    for writer in writers {
      if let problem = writer.problem(writer.write(recorder), actions) {
        throw FuzzFailure("\(writer.name): \(problem)")
      }
    }
  }

  /// Why `document` is not the Trace Event JSON of `actions`, or `nil`.
  nonisolated private static func jsonProblem(_ document: String, actions: [String]) -> String? {
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: Data(document.utf8))
    } catch {
      return "does not parse (\(error)): \(document.debugDescription)"
    }
    let events = (object as? [String: Any])?["traceEvents"] as? [[String: Any]] ?? []
    let names = events.filter { $0["cat"] as? String == "action" }.compactMap { $0["name"] as? String }
    let expected = actions.map { "action \($0)" }
    return names == expected
      ? nil : "the action names \(names.debugDescription), not \(expected.debugDescription)"
  }

  /// Why `document` is not well-formed XML, or `nil`.
  nonisolated private static func xmlProblem(_ document: String) -> String? {
    let parser = XMLParser(data: Data(document.utf8))
    guard !parser.parse() else { return nil }
    let error = parser.parserError.map { "\($0)" } ?? "no error given"
    return "is not well formed (line \(parser.lineNumber), \(error)): \(document.debugDescription)"
  }
}

/// A reactor whose actions, mutations, effect and state carry any text as it is.
@MainActor
final class FuzzTraceReactor: Reactor {
  /// Described by its text alone, so that the trace sees the text raw (an enum's payload would
  /// be escaped by its debug description).
  struct Action: Sendable, CustomStringConvertible {
    let text: String
    var description: String { text }
  }
  typealias Mutation = Action
  struct State: Sendable {
    var texts: [String] = []
  }

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Effect<Mutation> {
    .merge(.send(action), Effect<Mutation>.run { _ in }.cancellable(id: action.text))
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    state.texts.append(mutation.text)
    return state
  }
}

/// A clock that moves 10 ms each time it is read, so that the marks spread along the timeline
/// and effect bars are wide enough to be labelled.
final class SteppingClock: Clock, @unchecked Sendable {
  // `@unchecked Sendable`: `ticks` is only touched with `lock` held.
  struct Instant: InstantProtocol {
    let offset: Duration

    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private let lock = NSLock()
  private var ticks = 0

  var now: Instant {
    lock.withLock {
      ticks += 1
      return Instant(offset: .milliseconds(10 * ticks))
    }
  }

  var minimumResolution: Duration { .milliseconds(10) }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {}
}
