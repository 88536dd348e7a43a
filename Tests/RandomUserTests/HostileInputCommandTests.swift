import Foundation
import RandomUserCore
import XCTest

/// The `randomuser` binary on hostile input: numbers at the bounds of `Int`, recordings that were
/// edited, files that are not files, servers whose people carry escape sequences, and writes that
/// fail. Nothing crashes, nothing outside drives the terminal, every error is one line.
final class HostileInputCommandTests: XCTestCase {
  private var executable: RandomUserExecutable?

  override func setUpWithError() throws {
    executable = try RandomUserExecutable.locate()
  }

  private func run(_ arguments: [String], input: String? = nil) throws -> RandomUserExecutable.Result {
    try XCTUnwrap(executable).run(arguments, input: input)
  }

  /// A directory for the files of one test, removed at its end.
  private func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
    return directory
  }

  /// Records a run of `count` offline people and returns the recording as a JSON object.
  private func recording(count: Int = 3, in directory: URL) throws -> [String: Any] {
    let file = directory.appendingPathComponent("recorded-\(UUID().uuidString).json")
    let recorded = try run(["--count", String(count), "--record", file.path])
    XCTAssertEqual(recorded.status, 0, recorded.standardError)
    return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
  }

  /// Writes `object` (or `text`) to a new file in `directory` and replays it.
  private func replay(_ text: String, in directory: URL) throws -> RandomUserExecutable.Result {
    let file = directory.appendingPathComponent("edited-\(UUID().uuidString).json")
    try Data(text.utf8).write(to: file)
    return try run(["--replay", file.path])
  }

  private func text(_ object: [String: Any]) throws -> String {
    String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
  }

  /// The first character of `text` that drives a terminal (a control or format character other
  /// than a line break: ESC, CSI, a bidi override), if any.
  private func terminalControl(in text: String) -> String? {
    text.unicodeScalars.first { scalar in
      guard scalar != "\n" else { return false }
      switch scalar.properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator: return true
      default: return false
      }
    }.map { "U+" + String($0.value, radix: 16, uppercase: true) }
  }

  private func assertOneErrorLine(
    _ result: RandomUserExecutable.Result, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(result.status, 1, result.standardError, file: file, line: line)
    XCTAssertEqual(result.standardOutput, "", file: file, line: line)
    XCTAssertTrue(
      result.standardError.hasPrefix("randomuser: error: "), result.standardError, file: file, line: line)
    XCTAssertEqual(
      result.standardError.filter { $0 == "\n" }.count, 1, result.standardError, file: file, line: line)
    XCTAssertNil(terminalControl(in: result.standardError), result.standardError, file: file, line: line)
  }

  // MARK: - Integers at the bounds

  func test_interactive_numbersAtTheIntegerBounds_answerInsteadOfCrashing() throws {
    // given
    let script = [
      "open -9223372036854775808", "-9223372036854775808", "open 9223372036854775807", "open 1",
      "toggle -9223372036854775808", "star -9223372036854775808", "9223372036854775807", "back",
      "reload -9223372036854775808", "quit",
    ].joined(separator: "\n")

    // when
    let result = try run(["--interactive", "--no-state", "--count", "5"], input: script + "\n")

    // then
    XCTAssertEqual(result.status, 0, result.standardError)
    let out = result.standardOutput
    XCTAssertTrue(
      out.contains("randomuser> open -9223372036854775808\nNo section '-9223372036854775808'"), out)
    XCTAssertTrue(out.contains("randomuser> -9223372036854775808\nNo section '-9223372036854775808'"), out)
    XCTAssertTrue(out.contains("> toggle -9223372036854775808\nNo person '-9223372036854775808'"), out)
    XCTAssertTrue(out.contains("> star -9223372036854775808\nNo person '-9223372036854775808'"), out)
    XCTAssertTrue(out.hasSuffix("randomuser> quit\n"), out)
  }

  func test_replay_openActionWithTheSmallestPerson_failsWithOneLine() throws {
    // given: a recording edited to open person Int.min of a section
    let directory = try temporaryDirectory()
    var recording = try recording(in: directory)
    var session = try XCTUnwrap(recording["session"] as? [String: Any])
    var steps = try XCTUnwrap(session["steps"] as? [[String: Any]])
    let time = try XCTUnwrap(steps.last?["time"])
    steps.append(["action": ["open": ["_0": ["section": "50s", "person": Int.min]]], "time": time])
    session["steps"] = steps
    recording["session"] = session

    // when
    let result = try replay(try text(recording), in: directory)

    // then
    assertOneErrorLine(result)
    XCTAssertTrue(result.standardError.contains(".open._0: not a route: "), result.standardError)
  }

  func test_replay_rejectedRouteAtTheLargestPosition_isDescribedWithoutOverflowing() throws {
    // given: a recording edited so that a rejected route's position is Int.max
    let directory = try temporaryDirectory()
    var recording = try recording(in: directory)
    var session = try XCTUnwrap(recording["session"] as? [String: Any])
    var steps = try XCTUnwrap(session["steps"] as? [[String: Any]])
    let last = try XCTUnwrap(steps.last)
    let error: [String: Any] = ["position": Int.max, "destination": "section 10s", "reason": "edited"]
    var state = try XCTUnwrap(last["state"] as? [String: Any])
    state["routeError"] = error
    steps.append(["action": ["open": ["_0": ["section": "10s"]]], "time": last["time"] ?? 0])
    steps.append([
      "fromEffect": false, "mutation": ["rejectRoute": error], "state": state, "time": last["time"] ?? 0,
    ])
    session["steps"] = steps
    recording["session"] = session

    // when: the replayed mutation differs, and the error describes the recorded one
    let result = try replay(try text(recording), in: directory)

    // then
    XCTAssertEqual(result.status, 1, result.standardError)
    XCTAssertTrue(
      result.standardError.contains("step 9223372036854775807 + 1 of the route"), result.standardError)
  }

  func test_replay_outOfRangeNumbers_sayANumberIsOutOfRangeNotThatTheFileIsNotJSON() throws {
    // given
    let directory = try temporaryDirectory()
    let good = try text(try recording(in: directory))
    XCTAssertTrue(good.contains(#""count":3"#) && good.contains(#""formatVersion":3"#), good)
    let edits = [
      good.replacingOccurrences(of: #""count":3"#, with: #""count":18446744073709551616"#),
      good.replacingOccurrences(of: #""count":3"#, with: #""count":1e309"#),
      good.replacingOccurrences(of: #""formatVersion":3"#, with: #""formatVersion":1e20"#),
    ]

    for edited in edits {
      // when
      let result = try replay(edited, in: directory)

      // then
      assertOneErrorLine(result)
      XCTAssertTrue(result.standardError.contains("a number is out of range"), result.standardError)
      XCTAssertFalse(result.standardError.contains("not JSON"), result.standardError)
    }
  }

  func test_replay_countOutsideTheAPIRange_isRejectedAsTheCommandLineWouldBe() throws {
    // given
    let directory = try temporaryDirectory()
    let good = try text(try recording(in: directory))

    for count in ["0", "-9223372036854775808", "5001"] {
      // when
      let result = try replay(
        good.replacingOccurrences(of: #""count":3"#, with: #""count":\#(count)"#), in: directory)

      // then
      assertOneErrorLine(result)
      XCTAssertTrue(
        result.standardError.contains("count: the count must be from 1 to 5000, got \(count)"),
        result.standardError)
    }
  }

  // MARK: - Files that are not recordings

  func test_replay_ofAFIFOOrADirectory_saysWhatItIsWithoutOpeningIt() throws {
    // given: a FIFO that nobody writes to, which blocks whoever opens it to read
    let directory = try temporaryDirectory()
    let fifo = directory.appendingPathComponent("fifo").path
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)

    // when: bounded by the run's timeout, so that a blocked open fails the test
    let fromFIFO = try run(["--replay", fifo])
    let fromDirectory = try run(["--replay", directory.path])

    // then
    assertOneErrorLine(fromFIFO)
    XCTAssertEqual(
      fromFIFO.standardError,
      "randomuser: error: cannot replay \(fifo): it is not a regular file (a pipe, a device or a socket), "
        + "not a recording\n")
    assertOneErrorLine(fromDirectory)
    XCTAssertEqual(
      fromDirectory.standardError,
      "randomuser: error: cannot replay \(directory.path): it is a directory, not a recording\n")
  }

  // MARK: - Outside text on the terminal

  /// A version 1.4 page whose first person's texts carry a title, a clear screen, colours, a
  /// hyperlink and a right-to-left override.
  private func hostilePage() throws -> Data {
    let data = try OfflinePeopleClient().responseData(count: 3, seed: "hostile")
    var page = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    var results = try XCTUnwrap(page["results"] as? [[String: Any]])
    var name = try XCTUnwrap(results[0]["name"] as? [String: Any])
    name["first"] = "\u{1B}]0;pwned\u{07}Eve\u{1B}[2J"
    name["last"] = "\u{202E}Mallory\u{2066}"
    results[0]["name"] = name
    var location = try XCTUnwrap(results[0]["location"] as? [String: Any])
    location["city"] = "\u{1B}]8;;https://example.com\u{1B}\\Berlin\u{1B}]8;;\u{1B}\\"
    location["country"] = "\u{9B}31mGermany\u{1B}[0m\r\n"
    results[0]["location"] = location
    results[0]["email"] = "eve\u{85}@example.com\u{7}"
    page["results"] = results
    return try JSONSerialization.data(withJSONObject: page)
  }

  func test_run_namesCitiesAndCountriesFromTheServer_neverDriveTheTerminal() throws {
    // given
    let server = try LoopbackHTTPServer(responses: [.json(try hostilePage()), .json(try hostilePage())])
    defer { server.stop() }

    // when
    let listed = try run(["--url", server.baseURL.absoluteString, "--count", "3"])
    let browsed = try run(
      ["--interactive", "--no-state", "--url", server.baseURL.absoluteString, "--count", "3"],
      input: "open 1\ntoggle 1\nstar 1\nback\nopen 2\ntoggle 1\nopen 3\ntoggle 1\nquit\n")

    // then
    XCTAssertEqual(listed.status, 0, listed.standardError)
    XCTAssertNil(terminalControl(in: listed.standardOutput), listed.standardOutput.debugDescription)
    XCTAssertTrue(listed.standardOutput.contains("  Eve Mallory, "), listed.standardOutput)
    XCTAssertTrue(listed.standardOutput.contains(", Germany\n"), listed.standardOutput)
    XCTAssertEqual(browsed.status, 0, browsed.standardError)
    XCTAssertNil(terminalControl(in: browsed.standardOutput), browsed.standardOutput.debugDescription)
    XCTAssertTrue(browsed.standardOutput.contains("Lives in: Berlin, Germany\n"), browsed.standardOutput)
  }

  func test_replay_namesAndSeedFromARecording_neverDriveTheTerminal() throws {
    // given: a seed typed with a title sequence, and a name edited into the recording
    let directory = try temporaryDirectory()
    let file = directory.appendingPathComponent("run.json")
    let recorded = try run(["--count", "3", "--seed", "\u{1B}]0;pwned\u{07}s\u{202E}", "--record", file.path])
    let text = try String(contentsOf: file, encoding: .utf8)
    let name = try XCTUnwrap(
      text.range(of: #""name":"[^"]*""#, options: .regularExpression).map { String(text[$0]) })
    let edited = text.replacingOccurrences(of: name, with: #""name":"\u001b[2J\u001b]8;;x\u001b\\Eve\u202e""#)

    // when
    let replayed = try replay(edited, in: directory)

    // then
    XCTAssertEqual(recorded.status, 0, recorded.standardError)
    XCTAssertNil(terminalControl(in: recorded.standardOutput), recorded.standardOutput.debugDescription)
    XCTAssertTrue(recorded.standardOutput.contains("(offline, seed \"s\")"), recorded.standardOutput)
    XCTAssertEqual(replayed.status, 0, replayed.standardError)
    XCTAssertNil(terminalControl(in: replayed.standardOutput), replayed.standardOutput.debugDescription)
    XCTAssertTrue(replayed.standardOutput.contains("  Eve, "), replayed.standardOutput)
  }

  func test_run_usageErrorQuotingControlCharacters_isOneCleanLine() throws {
    // when
    let badCount = try run(["--count", "\u{1B}]0;pwned\u{07}\nx"])
    let badOption = try run(["--fo\u{1B}[2Jo\u{202E}"])

    // then
    for result in [badCount, badOption] {
      XCTAssertEqual(result.status, 2)
      XCTAssertNil(terminalControl(in: result.standardError), result.standardError.debugDescription)
    }
    XCTAssertTrue(
      badCount.standardError.hasPrefix("randomuser: error: --count must be a whole number, got 'x'\nusage: "),
      badCount.standardError)
    XCTAssertTrue(
      badOption.standardError.hasPrefix("randomuser: error: unknown option --foo\nusage: "),
      badOption.standardError)
  }

  // MARK: - Writes

  func test_recordAndTrace_overEarlierFiles_replaceThemWholeInsteadOfWritingInPlace() throws {
    // given: earlier files, each with a second name (a hard link) that sees a write in place
    let directory = try temporaryDirectory()
    let record = directory.appendingPathComponent("run.json")
    let trace = directory.appendingPathComponent("run.svg")
    XCTAssertEqual(try run(["--count", "3", "--record", record.path, "--trace", trace.path]).status, 0)
    let earlier = (record: try Data(contentsOf: record), trace: try Data(contentsOf: trace))
    let recordLink = directory.appendingPathComponent("earlier-run.json")
    let traceLink = directory.appendingPathComponent("earlier-run.svg")
    try FileManager.default.linkItem(at: record, to: recordLink)
    try FileManager.default.linkItem(at: trace, to: traceLink)

    // when
    let result = try run(["--count", "7", "--record", record.path, "--trace", trace.path])

    // then: the new files were renamed into place; the earlier ones are whole under their links
    XCTAssertEqual(result.status, 0, result.standardError)
    XCTAssertEqual(try Data(contentsOf: recordLink), earlier.record)
    XCTAssertEqual(try Data(contentsOf: traceLink), earlier.trace)
    XCTAssertNotEqual(try Data(contentsOf: record), earlier.record)
    XCTAssertTrue(try String(contentsOf: record, encoding: .utf8).contains(#""count":7"#))
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
      $0.hasSuffix(".tmp")
    }
    XCTAssertEqual(leftovers, [])
  }

  func test_recordAndTrace_aWriteThatFailsAsOnAFullDisk_keepsTheEarlierFilesAndSaysWhyInOneLine() throws {
    // given: earlier files, and a run that may write no file past 2,048 bytes
    let directory = try temporaryDirectory()
    let record = directory.appendingPathComponent("run.json").path
    let trace = directory.appendingPathComponent("run.json.svg").path
    XCTAssertEqual(try run(["--count", "1", "--record", record]).status, 0)
    try Data("<svg/>".utf8).write(to: URL(fileURLWithPath: trace))
    let earlier = (record: try Data(contentsOf: URL(fileURLWithPath: record)), trace: Data("<svg/>".utf8))
    XCTAssertLessThan(earlier.record.count, 2048)

    // when
    let recording = try XCTUnwrap(executable).run(["--count", "30", "--record", record], fileSizeLimit: 2048)
    let tracing = try XCTUnwrap(executable).run(["--count", "30", "--trace", trace], fileSizeLimit: 2048)

    // then
    XCTAssertEqual(recording.status, 1)
    XCTAssertEqual(
      recording.standardError, "randomuser: error: could not save the session to \(record): File too large\n")
    XCTAssertEqual(tracing.status, 1)
    XCTAssertEqual(
      tracing.standardError, "randomuser: error: could not write the trace to \(trace): File too large\n")
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: record)), earlier.record)
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: trace)), earlier.trace)
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(),
      ["run.json", "run.json.svg"])
  }

  func test_recordAndTrace_writeAsTheFavouritesAreSaved_linksPermissionsReadOnlyAndLeftovers() throws {
    // given: a recording reached through a symbolic link, a private trace, a read-only trace, and
    // a temporary file left by a process that is gone (its id is above any the system hands out)
    let directory = try temporaryDirectory()
    let files = FileManager.default
    let record = directory.appendingPathComponent("run.json").path
    let link = directory.appendingPathComponent("latest.json").path
    let trace = directory.appendingPathComponent("run.svg").path
    let readOnly = directory.appendingPathComponent("kept.svg").path
    let leftover = directory.appendingPathComponent(".run.json.\(Int32.max).42.tmp").path
    for file in [record, trace, readOnly, leftover] {
      try Data("<svg/>".utf8).write(to: URL(fileURLWithPath: file))
    }
    try files.createSymbolicLink(atPath: link, withDestinationPath: "run.json")
    try files.setAttributes([.posixPermissions: 0o600], ofItemAtPath: trace)
    try files.setAttributes([.posixPermissions: 0o444], ofItemAtPath: readOnly)

    // when
    let result = try run(["--count", "3", "--record", link, "--trace", trace])
    let refused = try run(["--count", "3", "--trace", readOnly])

    // then
    XCTAssertEqual(result.status, 0, result.standardError)
    XCTAssertEqual(try files.destinationOfSymbolicLink(atPath: link), "run.json")
    XCTAssertTrue(try String(contentsOfFile: record, encoding: .utf8).contains(#""count":3"#))
    XCTAssertEqual(try files.attributesOfItem(atPath: trace)[.posixPermissions] as? Int, 0o600)
    XCTAssertFalse(files.fileExists(atPath: leftover))
    XCTAssertEqual(refused.status, 1)
    XCTAssertEqual(
      refused.standardError, "randomuser: error: could not write the trace to \(readOnly): it is read-only\n")
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: readOnly)), Data("<svg/>".utf8))
  }

  func test_recordAndTrace_nameNearTheSystemsLimit_isWritten() throws {
    // given: 255 bytes, the most a name may have; the temporary file's name must fit too
    let directory = try temporaryDirectory()
    let record = directory.appendingPathComponent(String(repeating: "r", count: 250) + ".json").path

    // when
    let result = try run(["--count", "3", "--record", record])

    // then
    XCTAssertEqual(result.status, 0, result.standardError)
    XCTAssertTrue(FileManager.default.fileExists(atPath: record))
  }
}
