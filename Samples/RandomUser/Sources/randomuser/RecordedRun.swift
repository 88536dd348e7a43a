import Foundation
import RandomUserCore
import ReactorFlow
import ReactorFlowTools

/// What `--record` saves and `--replay` reads: the options that shape the output, and the main
/// reactor's session.
struct RecordedRun: Codable {
  /// Why a replayed reactor would load: it never does, its effects are off.
  struct NoSource: PeopleClient {
    struct Replaying: Error, CustomStringConvertible {
      var description: String { "a replay loads nothing" }
    }

    func fetchPeople(count: Int, seed: String?) async throws -> [Person] {
      throw Replaying()
    }
  }

  /// Why a file is not a recorded run.
  struct Unreadable: Error, CustomStringConvertible {
    let description: String
  }

  var count: Int
  var seed: String?
  /// `offline`, or the URL of the live source.
  var source: String
  var json: Bool
  var session: MainReactor.Recording

  private enum CodingKeys: String, CodingKey { case count, seed, source, json, session }

  init(options: Options, session: MainReactor.Recording) {
    count = options.count
    seed = options.seed
    switch options.source {
    case .offline: source = "offline"
    case .live(let url): source = url.absoluteString
    }
    json = options.format == .json
    self.session = session
  }

  /// Decodes a run with the checks of the command line: a recording is outside input, and its
  /// options are printed and used as if they had been typed.
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    count = try container.decode(Int.self, forKey: .count)
    guard PeopleClientLimits.allowedCounts.contains(count) else {
      throw DecodingError.dataCorruptedError(
        forKey: .count, in: container, debugDescription: "the count must be from 1 to 5000, got \(count)")
    }
    seed = try container.decodeIfPresent(String.self, forKey: .seed)
    guard seed?.isEmpty != true else {
      throw DecodingError.dataCorruptedError(
        forKey: .seed, in: container, debugDescription: "the seed is empty")
    }
    source = try container.decode(String.self, forKey: .source)
    guard source == "offline" || URL(string: source).map({ ["http", "https"].contains($0.scheme) }) == true
    else {
      throw DecodingError.dataCorruptedError(
        forKey: .source, in: container,
        debugDescription: "the source is neither offline nor an http or https URL")
    }
    json = try container.decode(Bool.self, forKey: .json)
    session = try container.decode(MainReactor.Recording.self, forKey: .session)
  }

  /// The options the run had, as far as its output goes.
  var options: Options {
    var options = Options()
    options.count = count
    options.seed = seed
    options.source = source == "offline" ? .offline : URL(string: source).map(Options.Source.live) ?? .offline
    options.format = json ? .json : .text
    return options
  }

  /// Saves the run the way the favourites are saved (``AtomicFile``): a failed write (a full
  /// disk) leaves an earlier recording at `path` whole, never a torn fragment; a symbolic link is
  /// written through, and a replaced file keeps its permissions.
  func save(to path: String) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    try AtomicFile.replace(path, with: try encoder.encode(self))
  }

  /// Reads a run; every way it can fail is one sentence.
  static func load(from path: String) throws -> RecordedRun {
    let data = try readRegularFile(path)
    let decoder = JSONDecoder()
    do {
      return try decoder.decode(RecordedRun.self, from: data)
    } catch let error as RecordingError {
      throw error
    } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
      guard let reason = RandomUserDecoder.topLevelReason(data) else {
        throw Unreadable(description: "the file is not JSON, or it is cut short (truncated)")
      }
      throw Unreadable(description: "the file is not a randomuser recording: \(reason)")
    } catch let error as DecodingError {
      throw Unreadable(
        description:
          "the file is not a randomuser recording, or it is incomplete (\(RandomUserDecoder.reason(error, in: data)))"
      )
    } catch {
      throw Unreadable(description: "the file is not a randomuser recording (\(error.localizedDescription))")
    }
  }

  /// The bytes of the regular file at `path`. Anything else is refused before it is read, and a
  /// FIFO before it is opened: reading one would wait for a writer that may never come.
  private static func readRegularFile(_ path: String) throws -> Data {
    var info = stat()
    guard stat(path, &info) == 0 else {
      throw Unreadable(description: "the file cannot be read (\(systemError()))")
    }
    try checkRegular(info)
    // Non-blocking, and checked again once open: the file may have been replaced meanwhile.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw Unreadable(description: "the file cannot be read (\(systemError()))")
    }
    defer { close(descriptor) }
    guard fstat(descriptor, &info) == 0 else {
      throw Unreadable(description: "the file cannot be read (\(systemError()))")
    }
    try checkRegular(info)
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw Unreadable(description: "the file cannot be read (\(systemError()))")
      }
      if count == 0 { return data }
      data.append(contentsOf: chunk[..<count])
    }
  }

  private static func checkRegular(_ info: stat) throws {
    switch mode_t(info.st_mode) & mode_t(S_IFMT) {
    case mode_t(S_IFREG): return
    case mode_t(S_IFDIR): throw Unreadable(description: "it is a directory, not a recording")
    default:
      throw Unreadable(
        description: "it is not a regular file (a pipe, a device or a socket), not a recording")
    }
  }

  private static func systemError() -> String {
    String(cString: strerror(errno))
  }
}
