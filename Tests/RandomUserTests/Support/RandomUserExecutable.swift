import Foundation
import XCTest

/// Runs the built `randomuser` binary as a real process, bounded in time.
struct RandomUserExecutable {
  /// What a run produced.
  struct Result {
    let status: Int32
    let standardOutput: String
    let standardError: String
  }

  /// Where the executable is.
  let url: URL

  /// The test process's environment, with the interactive mode's default state file in a
  /// temporary directory: a test never reads or writes the user's favourites.
  static let environment: [String: String] = {
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_STATE_HOME"] =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("randomuser-tests-\(ProcessInfo.processInfo.processIdentifier)").path
    return environment
  }()

  /// Finds `randomuser` next to the test bundle: the build products of `swift test`, whatever
  /// its `--scratch-path`, and, failing that, `<package>/.build/debug`.
  static func locate() throws -> RandomUserExecutable {
    var directories: [URL] = []
    if let executable = Bundle.main.executableURL {
      directories.append(executable.deletingLastPathComponent())  // Linux: the .xctest binary
    }
    for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
      directories.append(bundle.bundleURL.deletingLastPathComponent())  // macOS: the .xctest bundle
    }
    if let argument = CommandLine.arguments.first {
      directories.append(URL(fileURLWithPath: argument).deletingLastPathComponent())
    }
    let package = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    directories.append(package.appendingPathComponent(".build/debug"))
    for directory in directories {
      let candidate = directory.appendingPathComponent("randomuser")
      if FileManager.default.isExecutableFile(atPath: candidate.path) {
        return RandomUserExecutable(url: candidate)
      }
    }
    throw NotFound(searched: directories.map(\.path))
  }

  /// Runs the executable with `arguments`, feeding `input` on standard input (then closing it).
  ///
  /// - Parameters:
  ///   - arguments: The command-line arguments.
  ///   - input: Standard input, or `nil` for an empty one.
  ///   - timeout: How long the process may run before it is killed and the test fails.
  ///   - outputFile: Where standard output goes instead of a pipe (`/dev/full`), if anywhere.
  ///   - environment: The process's environment.
  ///   - fileSizeLimit: The largest file, in bytes, the process may write, if limited: a write
  ///     past it fails as on a full disk (`RLIMIT_FSIZE`, with `SIGXFSZ` ignored).
  /// - Returns: The exit status and everything the process wrote.
  func run(
    _ arguments: [String], input: String? = nil, timeout: TimeInterval = 30, outputFile: FileHandle? = nil,
    environment: [String: String] = Self.environment, fileSizeLimit: Int? = nil
  ) throws -> Result {
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    process.environment = environment
    let output = Pipe()
    let error = Pipe()
    let standardInput = Pipe()
    process.standardOutput = outputFile ?? output
    process.standardError = error
    process.standardInput = standardInput
    if outputFile != nil {
      try output.fileHandleForWriting.close()
    }

    // The pipes are drained on their own threads so that a full pipe never blocks the process;
    // the semaphore is signalled by the process's exit and the two ends of output.
    let done = DispatchSemaphore(value: 0)
    let collected = Collected()
    process.terminationHandler = { _ in done.signal() }
    if let fileSizeLimit {
      // The child inherits the limit and the ignored signal; this process has them only while
      // it starts the child.
      try Self.withFileSizeLimit(fileSizeLimit) { try process.run() }
    } else {
      try process.run()
    }
    Thread {
      collected.setOutput(output.fileHandleForReading.readDataToEndOfFile())
      done.signal()
    }.start()
    Thread {
      collected.setError(error.fileHandleForReading.readDataToEndOfFile())
      done.signal()
    }.start()
    if let input {
      standardInput.fileHandleForWriting.write(Data(input.utf8))
    }
    try standardInput.fileHandleForWriting.close()

    let deadline = DispatchTime.now() + timeout
    for _ in 0..<3 {
      if done.wait(timeout: deadline) == .timedOut {
        process.terminate()
        throw TimedOut(arguments: arguments, timeout: timeout)
      }
    }
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus,
      standardOutput: String(decoding: collected.output, as: UTF8.self),
      standardError: String(decoding: collected.error, as: UTF8.self)
    )
  }

  private static func withFileSizeLimit(_ bytes: Int, _ body: () throws -> Void) throws {
    #if os(Linux)
      let resource = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
    #else
      let resource = RLIMIT_FSIZE
    #endif
    var previous = rlimit()
    guard getrlimit(resource, &previous) == 0 else { throw XCTSkip("getrlimit failed") }
    var limited = previous
    limited.rlim_cur = rlim_t(bytes)
    let previousHandler = signal(SIGXFSZ, SIG_IGN)
    guard setrlimit(resource, &limited) == 0 else {
      signal(SIGXFSZ, previousHandler)
      throw XCTSkip("setrlimit failed")
    }
    defer {
      setrlimit(resource, &previous)
      signal(SIGXFSZ, previousHandler)
    }
    try body()
  }

  /// Starts the executable with `terminal` as its standard input and standard error (so that it
  /// shows its spinner), and a pipe as its standard output.
  func start(_ arguments: [String], terminal: PseudoTerminal) throws -> Running {
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    process.environment = Self.environment
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = terminal.slaveHandle
    process.standardError = terminal.slaveHandle
    let running = Running(process: process, arguments: arguments)
    process.terminationHandler = { _ in running.done.signal() }
    try process.run()
    Thread {
      running.collected.setOutput(output.fileHandleForReading.readDataToEndOfFile())
      running.done.signal()
    }.start()
    return running
  }

  /// A process started by ``start(_:terminal:)``.
  final class Running: Sendable {
    let process: Process
    let arguments: [String]
    fileprivate let done = DispatchSemaphore(value: 0)
    fileprivate let collected = Collected()

    fileprivate init(process: Process, arguments: [String]) {
      self.process = process
      self.arguments = arguments
    }

    /// Waits (bounded) for the exit and the end of standard output; standard error is the terminal.
    func wait(timeout: TimeInterval = 30) throws -> Result {
      let deadline = DispatchTime.now() + timeout
      for _ in 0..<2 where done.wait(timeout: deadline) == .timedOut {
        process.terminate()
        throw TimedOut(arguments: arguments, timeout: timeout)
      }
      process.waitUntilExit()
      return Result(
        status: process.terminationStatus, standardOutput: String(decoding: collected.output, as: UTF8.self),
        standardError: "")
    }
  }

  /// The executable is not where `swift test` puts it (the test target depends on it, so this
  /// means an unusual build layout): a failure, not a skip, so that it is never silently missed.
  struct NotFound: Error, CustomStringConvertible {
    let searched: [String]
    var description: String { "randomuser was not built; searched \(searched)" }
  }

  /// The process ran longer than allowed.
  struct TimedOut: Error, CustomStringConvertible {
    let arguments: [String]
    let timeout: TimeInterval
    var description: String { "randomuser \(arguments.joined(separator: " ")) ran over \(timeout) s" }
  }

  fileprivate final class Collected: @unchecked Sendable {
    // `@unchecked Sendable`: each property is written by one reader thread, and read only
    // after that thread signalled the semaphore (which orders the accesses).
    private(set) var output = Data()
    private(set) var error = Data()
    func setOutput(_ data: Data) { output = data }
    func setError(_ data: Data) { error = data }
  }
}
