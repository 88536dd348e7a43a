import Foundation
import RandomUserCore

/// What the command line asked for, parsed and validated.
///
/// ```swift
/// let options = try Options.parse(["--count", "20", "--json"])
/// options.count   // 20
/// ```
struct Options: Equatable, Sendable {
  /// Where people come from: the embedded generator, or a server speaking the randomuser.me format.
  enum Source: Equatable, Sendable { case offline, live(URL) }

  /// How the sections are printed: text for people, a JSON document for programs.
  enum Format: Equatable, Sendable { case text, json }

  /// Where the interactive mode keeps the favourites: the default file, another one, or nowhere.
  enum StateFile: Equatable, Sendable { case standard, path(String), none }

  var count = 100
  /// The seed, or `nil` for the source's default.
  var seed: String?
  var source = Source.offline
  /// How long a live load may wait for the server.
  var timeout = Duration.seconds(15)
  var format = Format.text
  var isInteractive = false
  var showsHelp = false
  /// Where `--trace` writes the timeline: a `.json` file (Trace Event Format), a `.svg` picture or
  /// a `.html` page that steps through the session.
  var tracePath: String?
  /// Where `--record` saves the session.
  var recordPath: String?
  /// The session `--replay` prints again.
  var replayPath: String?
  /// Where `--interactive` keeps the favourites (`--state`, `--no-state`).
  var stateFile = StateFile.standard
  /// The section and person `--open` shows at start: a deep link.
  var route: MainReactor.Route?

  /// Parses the arguments after the program name (`--flag value` or `--flag=value`). Every problem is
  /// a ``UsageError`` with a one-line message; nothing here exits or prints.
  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var wantsLive = false
    var customURL: URL?
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      let (flag, inlineValue) = split(argument)
      func value() throws(UsageError) -> String {
        if let inlineValue { return inlineValue }
        guard let next = remaining.popFirst() else { throw UsageError("\(flag) needs a value") }
        return next
      }
      func noValue() throws(UsageError) {
        if inlineValue != nil { throw UsageError("\(flag) does not take a value") }
      }
      switch flag {
      case "--count", "-n":
        options.count = try parseCount(try value())
      case "--seed", "-s":
        let seed = try value()
        guard !seed.isEmpty else { throw UsageError("--seed needs a non-empty value") }
        options.seed = seed
      case "--live":
        try noValue()
        wantsLive = true
      case "--url":
        customURL = try parseURL(try value())
      case "--timeout":
        options.timeout = try parseTimeout(try value())
      case "--json":
        try noValue()
        options.format = .json
      case "--interactive", "-i":
        try noValue()
        options.isInteractive = true
      case "--trace":
        options.tracePath = try parseTracePath(try value())
      case "--record":
        options.recordPath = try nonEmpty(try value(), flag)
      case "--replay":
        options.replayPath = try nonEmpty(try value(), flag)
      case "--state":
        guard options.stateFile != .none else {
          throw UsageError("use either --state or --no-state, not both")
        }
        options.stateFile = .path(try nonEmpty(try value(), flag))
      case "--no-state":
        try noValue()
        if case .path = options.stateFile { throw UsageError("use either --state or --no-state, not both") }
        options.stateFile = .none
      case "--open":
        let text = try value()
        guard let route = MainReactor.Route(text) else {
          throw UsageError(
            "--open needs a section and optionally a person, such as 30s or 30s/2, got '\(text)'")
        }
        options.route = route
      case "--help", "-h":
        try noValue()
        options.showsHelp = true
      default:
        throw UsageError(
          argument.hasPrefix("-") ? "unknown option \(flag)" : "unexpected argument \(argument)")
      }
    }
    switch (wantsLive, customURL) {
    case (true, .some):
      throw UsageError("use either --live or --url, not both")
    case (true, nil):
      options.source = .live(LivePeopleClient.defaultBaseURL)
    case (false, .some(let url)):
      options.source = .live(url)
    case (false, nil):
      options.source = .offline
    }
    if options.isInteractive, options.format == .json {
      throw UsageError("--json cannot be combined with --interactive")
    }
    if options.stateFile != .standard, !options.isInteractive {
      throw UsageError("--state and --no-state apply to --interactive only")
    }
    if options.recordPath != nil, options.isInteractive {
      throw UsageError("--record cannot be combined with --interactive")
    }
    if options.route != nil, options.format == .json {
      throw UsageError("--open cannot be combined with --json")
    }
    if options.route != nil, options.recordPath != nil {
      throw UsageError("--open cannot be combined with --record")
    }
    if options.replayPath != nil {
      var others = options
      others.replayPath = nil
      others.tracePath = nil
      guard others == Options() else {
        throw UsageError("--replay takes no other option but --trace: the recording holds them")
      }
    }
    return options
  }

  /// Parses a count in the range the API accepts.
  static func parseCount(_ text: String) throws(UsageError) -> Int {
    let range = PeopleClientLimits.allowedCounts
    guard let count = Int(text) else { throw UsageError("--count must be a whole number, got '\(text)'") }
    guard range.contains(count) else {
      throw UsageError("--count must be between \(range.lowerBound) and \(range.upperBound), got \(count)")
    }
    return count
  }

  private static func split(_ argument: String) -> (flag: String, value: String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  /// Accepts `http` and `https` in any case, and lowercases the scheme, as every HTTP client accepts.
  private static func parseURL(_ text: String) throws(UsageError) -> URL {
    var components = URLComponents(string: text)
    let scheme = components?.scheme?.lowercased()
    components?.scheme = scheme
    guard let url = components?.url, ["http", "https"].contains(url.scheme), url.host?.isEmpty == false else {
      throw UsageError("--url must be an http or https URL, got '\(text)'")
    }
    if let reason = LivePeopleClient.unsupportedReason(url) {
      throw UsageError("--url \(text) cannot be used: \(reason)")
    }
    return url
  }

  private static func nonEmpty(_ text: String, _ flag: String) throws(UsageError) -> String {
    guard !text.isEmpty else { throw UsageError("\(flag) needs a file name") }
    return text
  }

  private static func parseTracePath(_ text: String) throws(UsageError) -> String {
    let lowercased = text.lowercased()
    guard [".json", ".svg", ".html"].contains(where: lowercased.hasSuffix) else {
      throw UsageError("--trace needs a file name ending in .json, .svg or .html, got '\(text)'")
    }
    return text
  }

  private static func parseTimeout(_ text: String) throws(UsageError) -> Duration {
    guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 600 else {
      throw UsageError("--timeout must be more than 0 and at most 600 seconds, got '\(text)'")
    }
    return .milliseconds(Int((seconds * 1000).rounded(.up)))
  }
}
