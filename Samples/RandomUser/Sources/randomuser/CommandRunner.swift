import Foundation
import RandomUserCore
import ReactorFlow
import ReactorFlowTools

/// Runs the command for parsed options: one load and a print, or the interactive loop. It only wires
/// things together: the reactor loads and groups, the printer formats, the session reads commands.
@MainActor
struct CommandRunner {
  let options: Options
  let console: Console
  let clock: any Clock<Duration>

  /// Runs the command; returns success or a failure (never a usage error here).
  func run() async -> ExitStatus {
    if options.showsHelp {
      console.write(Usage.help + "\n")
      return .success
    }
    // Checked before the run, so that a path that cannot be written costs nothing and loses
    // nothing: no load, no output, one line naming the path and the reason.
    for (path, what) in [(options.tracePath, "the trace"), (options.recordPath, "the session")] {
      guard let path, let problem = Self.problem(writing: path) else { continue }
      console.writeError(Self.errorLine("could not write \(what) to \(path): \(problem)"))
      return .failure
    }
    guard let tracePath = options.tracePath else { return await runReactors() }
    // Attached before the reactors start, so that every one of them is on the timeline.
    let lowercased = tracePath.lowercased()
    let isPage = lowercased.hasSuffix(".html")
    let recorder = TraceRecorder(clock: clock, keepsStates: isPage)
    let tracing = ReactorInspection.attach(recorder)
    let status = await runReactors()
    tracing.cancel()
    let trace =
      isPage
      ? recorder.html(title: "randomuser timeline")
      : lowercased.hasSuffix(".svg") ? recorder.svg() : recorder.traceEventJSON()
    do throws(PersistenceError) {
      try AtomicFile.replace(tracePath, with: Data(trace.utf8))
    } catch {
      console.writeError(Self.errorLine("could not write the trace to \(tracePath): \(Self.reason(error))"))
      return .failure
    }
    return status
  }

  private func runReactors() async -> ExitStatus {
    if let replayPath = options.replayPath { return replay(from: replayPath) }
    // Only the interactive mode stars people, so only it opens the favourites' file.
    let store =
      options.isInteractive ? FavouritesStore(options: options, console: console, clock: clock) : nil
    let reactor = MainReactor(
      client: makeClient(), seed: options.seed, favourites: store?.favourites ?? Favourites([]))
    let recorder = options.recordPath.map { _ in reactor.recordSession(clock: clock) }
    let progress = ProgressIndicator(
      console: console, clock: clock, discardsTypedInput: options.isInteractive)
    let loader = Loader(reactor: reactor, options: options, progress: progress)
    if options.isInteractive {
      // The interactive screen renders through Observation, which Apple ships from macOS 14.
      guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else {
        console.writeError("randomuser: --interactive needs macOS 14 or later.\n")
        return .failure
      }
      var session = InteractiveSession(
        loader: loader, console: console, screen: InteractiveScreen(reactor: reactor), store: store)
      let status = await session.run(count: options.count, opening: options.route)
      await store?.save()
      return status
    }
    await loader.load(count: options.count)
    if let route = options.route, reactor.currentState.sections.error == nil {
      return open(route, in: reactor)
    }
    let status = report(reactor.currentState, loader)
    if let recorder, let recordPath = options.recordPath {
      recorder.stop()
      do {
        try RecordedRun(options: options, session: recorder.recording).save(to: recordPath)
      } catch {
        console.writeError(
          Self.errorLine("could not save the session to \(recordPath): \(Self.reason(error))"))
        return .failure
      }
    }
    return status
  }

  /// Prints a recorded run again: the recorded options, and the state that replaying the
  /// session into a new reactor reaches (its effects off: nothing is loaded).
  private func replay(from path: String) -> ExitStatus {
    let run: RecordedRun
    do {
      run = try RecordedRun.load(from: path)
    } catch {
      console.writeError(Self.errorLine("cannot replay \(path): \(error)"))
      return .failure
    }
    let options = run.options
    let reactor = MainReactor(client: RecordedRun.NoSource(), seed: options.seed)
    do {
      try reactor.replay(run.session)
    } catch {
      // A divergence is a diff, several lines by design: each is filtered on its own.
      console.writeError(Self.errorLines("cannot replay \(path): \(error)"))
      return .failure
    }
    let progress = ProgressIndicator(console: console, clock: clock, discardsTypedInput: false)
    return report(reactor.currentState, Loader(reactor: reactor, options: options, progress: progress))
  }

  /// Opens a deep link and prints the section it shows, or why it leads nowhere.
  private func open(_ route: MainReactor.Route, in reactor: MainReactor) -> ExitStatus {
    reactor.send(.open(route))
    guard let detail = reactor.currentState.detail else {
      let reason = reactor.currentState.routeError?.description ?? "cannot open \(route)"
      console.writeError(Self.errorLine(reason))
      return .failure
    }
    console.write(SectionPrinter.detail(detail.currentState))
    return .success
  }

  /// Prints the sections of `state`, or its error.
  private func report(_ state: MainReactor.State, _ loader: Loader) -> ExitStatus {
    let options = loader.options
    if let error = state.sections.error {
      console.writeError(Self.errorLine(error.description))
      return .failure
    }
    do {
      console.write(
        options.format == .text
          ? SectionPrinter.text(state, source: loader.sourceDescription)
          : try SectionPrinter.json(state, source: loader.sourceName, seed: loader.seed))
      return .success
    } catch {
      console.writeError(Self.errorLine("could not encode the sections as JSON: \(error)"))
      return .failure
    }
  }

  /// One line, whatever `message` holds: it may quote the command line, a file or a server, so
  /// it goes through the filter of typed lines (no control character, line break or escape
  /// sequence reaches the terminal).
  static func errorLine(_ message: String) -> String {
    "randomuser: error: \(TerminalInput.sanitized(message))\n"
  }

  /// An error whose message has lines of its own (a replay's diff), each through the filter.
  static func errorLines(_ message: String) -> String {
    "randomuser: error: "
      + message.split(separator: "\n", omittingEmptySubsequences: false)
      .map { TerminalInput.sanitized(String($0)) }.joined(separator: "\n") + "\n"
  }

  /// A one-line error followed by the synopsis: for a command line that was not understood.
  static func usageReport(_ message: String) -> String {
    errorLine(message) + "\(Usage.synopsis)\nRun 'randomuser --help' for details.\n"
  }

  /// The file a write to `path` replaces: a symbolic link's target, so that the link stays a link
  /// (``AtomicFile`` follows links the same way when it writes).
  static func target(of path: String) -> String {
    (try? AtomicFile.resolve(path).get()) ?? path
  }

  /// The reason of a failed write in the user's terms: the system's ("No space left on
  /// device"), not an error's dump.
  static func reason(_ error: any Error) -> String {
    switch error {
    case PersistenceError.writeFailed(_, let reason): reason
    case let error as EncodingError: "it could not be encoded (\(error.localizedDescription))"
    default: error.localizedDescription
    }
  }

  /// Why a file cannot be written at `path`, or `nil` when it can. The file is replaced by a
  /// rename (``AtomicFile``), so its directory must be writable too.
  static func problem(writing path: String) -> String? {
    let files = FileManager.default
    let url = URL(fileURLWithPath: target(of: path))
    var isDirectory: ObjCBool = false
    if files.fileExists(atPath: url.path, isDirectory: &isDirectory) {
      if isDirectory.boolValue { return "it is a directory" }
      // A rename would replace a device or a pipe (`/dev/stdout`) with a file.
      let attributes = try? files.attributesOfItem(atPath: url.path)
      if attributes?[.type] as? FileAttributeType != .typeRegular {
        return "it is not a regular file (a device, a pipe or a socket)"
      }
      // AtomicFile never replaces a file that no one may write (root included): said up front.
      if let mode = attributes?[.posixPermissions] as? Int, mode & 0o222 == 0 { return "it is read-only" }
      if !files.isWritableFile(atPath: url.path) { return "the file is not writable" }
    }
    let folder = url.deletingLastPathComponent().path
    guard files.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
      return "the directory \(folder) does not exist"
    }
    return files.isWritableFile(atPath: folder) ? nil : "the directory \(folder) is not writable"
  }

  private func makeClient() -> any PeopleClient {
    switch options.source {
    case .offline: .offline
    case .live(let url): .live(baseURL: url, timeout: options.timeout)
    }
  }
}

/// Loads through the reactor, with a progress indicator for live sources.
@MainActor
struct Loader {
  let reactor: MainReactor
  let options: Options
  let progress: ProgressIndicator

  /// `offline` or the host of the live source, for `--json`.
  var sourceName: String {
    switch options.source {
    case .offline: "offline"
    case .live(let url): url.host ?? url.absoluteString
    }
  }

  /// The seed the source uses.
  var seed: String? {
    options.seed ?? (options.source == .offline ? OfflinePeopleClient.defaultSeed : nil)
  }

  /// A description of the source for the text output, for example `offline, seed "reactorflow"`.
  var sourceDescription: String {
    seed.map { "\(sourceName), seed \"\($0)\"" } ?? sourceName
  }

  /// Sends `load(count)` (or `retry`) and waits until it has finished.
  func load(count: Int, retry: Bool = false) async {
    if options.source != .offline {
      progress.start("Loading \(count) \(count == 1 ? "person" : "people") from \(sourceName)")
    }
    await reactor.send(retry ? .retry : .load(count)).finish()
    progress.stop()  // Does nothing unless a spinner runs.
  }
}
