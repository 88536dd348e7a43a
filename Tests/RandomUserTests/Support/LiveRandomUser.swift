import Foundation

/// A `randomuser` process that a test types into line by line, reading what it prints as it
/// prints it, so that the test can act (kill it) right after a given line.
final class LiveRandomUser: @unchecked Sendable {
  // `@unchecked Sendable`: `output` is only touched with `condition` locked.
  private let process = Process()
  private let input = Pipe()
  private let outputPipe = Pipe()
  private let condition = NSCondition()
  private var output = ""
  private var isClosed = false

  /// Starts the executable with `arguments`.
  init(_ executable: RandomUserExecutable, _ arguments: [String]) throws {
    process.executableURL = executable.url
    process.arguments = arguments
    process.environment = RandomUserExecutable.environment
    process.standardInput = input
    process.standardOutput = outputPipe
    process.standardError = outputPipe
    try process.run()
    Thread { [self] in
      while true {
        let data = outputPipe.fileHandleForReading.availableData
        condition.lock()
        if data.isEmpty { isClosed = true } else { output += String(decoding: data, as: UTF8.self) }
        condition.broadcast()
        condition.unlock()
        if data.isEmpty { return }
      }
    }.start()
  }

  /// Types a line.
  func type(_ line: String) {
    input.fileHandleForWriting.write(Data((line + "\n").utf8))
  }

  /// Waits until the output contains `text`, at most `timeout` of real time.
  func waitFor(_ text: String, timeout: TimeInterval = 20) throws {
    let deadline = Date(timeIntervalSinceNow: timeout)
    condition.lock()
    defer { condition.unlock() }
    while !output.contains(text) {
      guard !isClosed, condition.wait(until: deadline) else {
        throw NotPrinted(text: text, output: output)
      }
    }
  }

  /// Kills the process with SIGKILL, at once: nothing it has not done yet happens.
  func kill() {
    Foundation.kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  /// What the process printed so far.
  var printed: String {
    condition.lock()
    defer { condition.unlock() }
    return output
  }

  struct NotPrinted: Error, CustomStringConvertible {
    let text: String
    let output: String
    var description: String { "randomuser did not print \"\(text)\"; it printed:\n\(output)" }
  }
}
