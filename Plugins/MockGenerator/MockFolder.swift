import Foundation

/// The folder that the mocks are written into.
package struct MockFolder {
  /// The folder.
  package var url: URL

  /// Names the folder, creating it if needed.
  /// - Parameter url: The folder.
  package init(_ url: URL) throws {
    self.url = url
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// Writes `files`, formatted by the swift-format at `formatter` if given, leaves a file whose
  /// bytes would not change untouched, and removes the generated mocks that `files` no longer holds.
  /// - Parameters:
  ///   - files: The mocks.
  ///   - formatter: The `swift-format` executable.
  /// - Returns: One line per file written or removed.
  package func write(_ files: [MockGenerator.File], formatter: URL?) throws -> [String] {
    var report: [String] = []
    for file in files {
      let destination = url.appendingPathComponent(file.name)
      let contents =
        try formatter.map { try Self.format(file.contents, as: destination, with: $0) } ?? file.contents
      if (try? String(contentsOf: destination, encoding: .utf8)) == contents {
        report.append("unchanged \(destination.path)")
      } else {
        try Data(contents.utf8).write(to: destination, options: .atomic)
        report.append("wrote \(destination.path)")
      }
    }
    let kept = Set(files.map(\.name))
    for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    where name.hasSuffix(".swift") && !kept.contains(name) {
      let stale = url.appendingPathComponent(name)
      let firstLine = (try? String(contentsOf: stale, encoding: .utf8))?.split(separator: "\n").first
      if firstLine.map(String.init) == MockGenerator.headerFirstLine {
        try FileManager.default.removeItem(at: stale)
        report.append("removed \(stale.path), whose protocol is no longer marked")
      }
    }
    return report
  }

  /// `source` as swift-format writes it with the configuration that applies at `destination`.
  /// - Parameters:
  ///   - source: The Swift source.
  ///   - destination: Where it will be written; swift-format looks for `.swift-format` from there.
  ///   - formatter: The `swift-format` executable.
  /// - Returns: The formatted source.
  package static func format(_ source: String, as destination: URL, with formatter: URL) throws -> String {
    let process = Process()
    process.executableURL = formatter
    process.arguments = ["format", "--assume-filename", destination.path]
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // swift-format reads all of its input before it writes, so writing first cannot block it.
    input.fileHandleForWriting.write(Data(source.utf8))
    try input.fileHandleForWriting.close()
    let formatted = output.fileHandleForReading.readDataToEndOfFile()
    let messages = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0, let text = String(data: formatted, encoding: .utf8) else {
      throw FormatError(message: String(decoding: messages, as: UTF8.self), source: source)
    }
    return text
  }

  /// swift-format refused a generated file: a bug of the generator, reported with the file.
  package struct FormatError: Error, CustomStringConvertible {
    /// What swift-format said.
    package var message: String
    /// The source it refused.
    package var source: String

    /// The message and the source.
    package var description: String { "swift-format failed: \(message)\n\(source)" }
  }
}
