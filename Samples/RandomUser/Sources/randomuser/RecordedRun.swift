import Foundation
import RandomUserCore
import ReactorFlow

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

  /// The options the run had, as far as its output goes.
  var options: Options {
    var options = Options()
    options.count = count
    options.seed = seed
    options.source = source == "offline" ? .offline : URL(string: source).map(Options.Source.live) ?? .offline
    options.format = json ? .json : .text
    return options
  }

  func save(to path: String) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    try encoder.encode(self).write(to: URL(fileURLWithPath: path))
  }

  /// Reads a run; every way it can fail is one sentence.
  static func load(from path: String) throws -> RecordedRun {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw Unreadable(description: "the file cannot be read (\(error.localizedDescription))")
    }
    let decoder = JSONDecoder()
    do {
      return try decoder.decode(RecordedRun.self, from: data)
    } catch let error as RecordingError {
      throw error
    } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
      throw Unreadable(description: "the file is not JSON, or it is cut short (truncated)")
    } catch {
      throw Unreadable(description: "the file is not a randomuser recording, or it is incomplete (\(error))")
    }
  }
}
