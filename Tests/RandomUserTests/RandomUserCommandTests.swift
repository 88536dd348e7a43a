import Foundation
import RandomUserCore
import XCTest

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The `randomuser` binary as a real process: default run, JSON, interactive script, bad input.
/// Each run is bounded in time; only the loopback server of the test is ever contacted.
final class RandomUserCommandTests: XCTestCase {
  private var executable: RandomUserExecutable?

  override func setUpWithError() throws {
    executable = try RandomUserExecutable.locate()
  }

  private func run(_ arguments: [String], input: String? = nil) throws -> RandomUserExecutable.Result {
    try XCTUnwrap(executable).run(arguments, input: input)
  }

  /// The JSON document of `--json`.
  private struct Document: Decodable {
    struct Section: Decodable {
      let title: String
      let count: Int
      let people: [Person]
    }
    let source: String
    let seed: String?
    let count: Int
    let sections: [Section]
  }

  /// The sections the command shows for the offline source, made the way the command makes them.
  private func offlineSections(count: Int) async throws -> [PersonSection] {
    PersonSection.grouping(try await OfflinePeopleClient().fetchPeople(count: count, seed: nil))
  }

  private func decode(_ output: String) throws -> Document {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      try Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(
        decoder.singleValueContainer().decode(String.self))
    }
    return try decoder.decode(Document.self, from: Data(output.utf8))
  }

  /// Starts a loopback server that the test stops at its end.
  private func startServer(_ responses: LoopbackHTTPServer.Response...) throws -> LoopbackHTTPServer {
    let server = try LoopbackHTTPServer(responses: responses)
    addTeardownBlock { server.stop() }
    return server
  }

  // MARK: - Runs

  func test_run_noArguments_printsHundredPeopleBySection() throws {
    // when
    let result = try run([])

    // then
    XCTAssertEqual(result.status, 0, result.standardError)
    XCTAssertEqual(result.standardError, "")
    XCTAssertTrue(result.standardOutput.hasPrefix("100 people in "), result.standardOutput)
    XCTAssertTrue(result.standardOutput.contains("(offline, seed \"reactorflow\")"))
    XCTAssertTrue(result.standardOutput.contains("\n20s ("), result.standardOutput)
    let names = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("  ") }
    XCTAssertEqual(names.count, 100)
  }

  func test_run_traceJSON_printsTheSameOutputAndWritesTheTimeline() throws {
    // given
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("run.json")

    // when
    let plain = try run(["--count", "30"])
    let traced = try run(["--count", "30", "--trace", file.path])

    // then
    XCTAssertEqual(traced.status, 0, traced.standardError)
    XCTAssertEqual(traced.standardOutput, plain.standardOutput, "tracing does not change the output")
    let root = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    let events = try XCTUnwrap(root["traceEvents"] as? [[String: Any]])
    let names = events.compactMap { $0["name"] as? String }
    XCTAssertTrue(names.contains("action load(30)"), "\(names)")
    XCTAssertEqual(events.filter { $0["ph"] as? String == "B" }.count, 1, "one load effect")
    XCTAssertEqual(events.filter { $0["ph"] as? String == "E" }.count, 1, "which ended")
  }

  func test_run_traceSVG_writesAPicture() throws {
    // given
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString + ".svg")
    addTeardownBlock { try? FileManager.default.removeItem(at: file) }

    // when
    let result = try run(["--count", "30", "--trace", file.path])

    // then
    XCTAssertEqual(result.status, 0, result.standardError)
    let svg = try String(contentsOf: file, encoding: .utf8)
    XCTAssertTrue(svg.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""), svg)
    XCTAssertTrue(svg.contains(">MainReactor #1</text>"), svg)
  }

  func test_run_traceHTML_writesOnePageThatStepsThroughTheInteractiveSession() throws {
    // given: the marks a person makes between two loads
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString + ".html")
    addTeardownBlock { try? FileManager.default.removeItem(at: file) }
    let script = "open 1\ntoggle 1\nback\nopen 2\ntoggle 1\nback\nreload\nquit\n"

    // when
    let result = try run(["-i", "--no-state", "--count", "30", "--trace", file.path], input: script)

    // then: a well-formed page with every detail screen on the timeline and the states kept
    XCTAssertEqual(result.status, 0, result.standardError)
    let html = try String(contentsOf: file, encoding: .utf8)
    XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>"), String(html.prefix(200)))
    XCTAssertTrue(XMLParser(data: Data(html.utf8)).parse(), "the page is well-formed")
    XCTAssertFalse(html.contains("src=") || html.contains("href="), "no external files")
    for lane in ["MainReactor #1", "DetailReactor #1", "DetailReactor #2"] {
      XCTAssertTrue(html.contains(">\(lane)</text>"), "\(lane) has a row")
    }
    XCTAssertTrue(
      html.contains("mutation setDetail(Optional(Child&lt;DetailReactor&gt;"), "without module prefixes")
    XCTAssertTrue(html.contains(#""first":["▿ MainReactor.State""#), "the states are kept")
  }

  func test_run_traceToAMissingDirectory_failsBeforeTheRunWithOneLine() throws {
    // when
    let result = try run(["--count", "5", "--trace", "/nonexistent-directory/run.svg"])

    // then: nothing was loaded or printed, and the one line names the path and the reason
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(
      result.standardError.hasPrefix(
        "randomuser: error: could not write the trace to /nonexistent-directory/run.svg"),
      result.standardError)
    XCTAssertEqual(
      result.standardError,
      "randomuser: error: could not write the trace to /nonexistent-directory/run.svg: "
        + "the directory /nonexistent-directory does not exist\n")
    XCTAssertEqual(result.standardOutput, "")
  }

  func test_run_recordToADirectory_failsBeforeTheRunAndLeavesTheDirectoryAlone() throws {
    // given
    let directory = try temporaryDirectory()

    // when
    let result = try run(["--count", "5", "--record", directory.path])

    // then
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(
      result.standardError,
      "randomuser: error: could not write the session to \(directory.path): it is a directory\n")
    XCTAssertEqual(result.standardOutput, "")
    var isDirectory: ObjCBool = false
    XCTAssertTrue(FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory))
    XCTAssertTrue(isDirectory.boolValue)
  }

  /// A directory for the files of one test, removed at its end.
  private func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
    return directory
  }

  func test_replay_ofARecordedRun_printsExactlyTheSameOutput() throws {
    // given
    let directory = try temporaryDirectory()
    let text = directory.appendingPathComponent("text.json").path
    let json = directory.appendingPathComponent("json.json").path
    let recordedText = try run(["--count", "120", "--seed", "replay", "--record", text])
    let recordedJSON = try run(["--count", "30", "--json", "--record", json])

    // when
    let replayedText = try run(["--replay", text])
    let replayedJSON = try run(["--replay", json])

    // then
    XCTAssertEqual(recordedText.status, 0, recordedText.standardError)
    XCTAssertEqual(replayedText.status, 0, replayedText.standardError)
    XCTAssertEqual(replayedText.standardOutput, recordedText.standardOutput)
    XCTAssertEqual(replayedJSON.status, 0, replayedJSON.standardError)
    XCTAssertEqual(replayedJSON.standardOutput, recordedJSON.standardOutput)
    XCTAssertTrue(recordedText.standardOutput.hasPrefix("120 people in "), recordedText.standardOutput)
  }

  func test_replay_ofARecordingWhoseLoadMutationWasEdited_failsNamingTheAction() throws {
    // given: a recording of load(50) whose startLoading mutation is edited to 49
    let directory = try temporaryDirectory()
    let file = directory.appendingPathComponent("edited.json")
    let recorded = try run(["--count", "50", "--record", file.path])
    let text = try String(contentsOf: file, encoding: .utf8)
    XCTAssertTrue(text.contains("{\"startLoading\":50}"), String(text.prefix(400)))
    try Data(text.replacingOccurrences(of: "{\"startLoading\":50}", with: "{\"startLoading\":49}").utf8)
      .write(to: file)

    // when
    let replayed = try run(["--replay", file.path])

    // then
    XCTAssertEqual(recorded.status, 0, recorded.standardError)
    XCTAssertEqual(replayed.status, 1)
    XCTAssertEqual(replayed.standardOutput, "")
    XCTAssertTrue(
      replayed.standardError.contains(
        "the action load(50) made another mutation (− recorded, + replayed):\n"
          + "− startLoading(count: 49)\n+ startLoading(count: 50)"),
      replayed.standardError)
  }

  func test_replay_ofAFailedLoad_printsTheSameErrorWithoutTheServer() throws {
    // given: a server that fails once, then is gone
    let directory = try temporaryDirectory()
    let file = directory.appendingPathComponent("failed.json").path
    let server = try startServer(.status(500, body: Data("oops".utf8)))
    let recorded = try run(["--url", server.baseURL.absoluteString, "--record", file])
    server.stop()

    // when
    let replayed = try run(["--replay", file])

    // then
    XCTAssertEqual(recorded.status, 1)
    XCTAssertEqual(replayed.status, 1)
    // The same error; the live load's progress line is not output, and nothing loads in a replay.
    let error = "randomuser: error: the server answered with HTTP status 500\n"
    XCTAssertEqual(replayed.standardError, error)
    XCTAssertTrue(recorded.standardError.hasSuffix(error), recorded.standardError)
    XCTAssertEqual(replayed.standardOutput, recorded.standardOutput)
  }

  func test_replay_badRecordings_failWithAClearError() throws {
    // given
    let directory = try temporaryDirectory()
    let good = directory.appendingPathComponent("good.json")
    XCTAssertEqual(try run(["--count", "10", "--record", good.path]).status, 0)
    let data = try Data(contentsOf: good)
    let text = try XCTUnwrap(String(data: data, encoding: .utf8))
    let truncated = directory.appendingPathComponent("truncated.json")
    try data.prefix(data.count / 2).write(to: truncated)
    let future = directory.appendingPathComponent("future.json")
    try Data(text.replacingOccurrences(of: "\"formatVersion\":3", with: "\"formatVersion\":4").utf8)
      .write(to: future)
    let old = directory.appendingPathComponent("old.json")
    try Data(text.replacingOccurrences(of: "\"formatVersion\":3", with: "\"formatVersion\":1").utf8)
      .write(to: old)
    let other = directory.appendingPathComponent("other.json")
    try Data(
      text.replacingOccurrences(
        of: "RandomUserCore.MainReactor.Action, RandomUserCore.MainReactor.Mutation",
        with: "RandomUserCore.DetailReactor.Action, RandomUserCore.DetailReactor.Action"
      ).utf8
    ).write(to: other)

    // when
    let results = try [truncated, future, other, old].map { try run(["--replay", $0.path]) }

    // then
    XCTAssertEqual(results.map(\.status), [1, 1, 1, 1])
    XCTAssertEqual(results.map(\.standardOutput), ["", "", "", ""])
    XCTAssertEqual(
      results[0].standardError,
      "randomuser: error: cannot replay \(truncated.path): the file is not JSON, or it is cut short (truncated)\n"
    )
    XCTAssertTrue(
      results[1].standardError.contains(
        "the recording has format version 4, but this ReactorFlow reads version 3"),
      results[1].standardError)
    XCTAssertTrue(
      results[3].standardError.contains(
        "the recording has format version 1, which this ReactorFlow no longer reads (it reads versions 2 to 3): "
          + "record the session again"),
      results[3].standardError)
    XCTAssertTrue(
      results[2].standardError.contains(
        "the recording is of RandomUserCore.MainReactor (RandomUserCore.DetailReactor.Action, RandomUserCore.DetailReactor.Action, RandomUserCore.MainReactor.State), not of RandomUserCore.MainReactor.Action, RandomUserCore.MainReactor.Mutation, RandomUserCore.MainReactor.State"
      ),
      results[2].standardError)
  }

  func test_run_json_parsesBackToTheSameSectionsAsTheReactor() async throws {
    // when
    let result = try run(["--json", "--count", "60", "--seed", "cli"])

    // then
    XCTAssertEqual(result.status, 0, result.standardError)
    let document = try decode(result.standardOutput)
    XCTAssertEqual(document.source, "offline")
    XCTAssertEqual(document.seed, "cli")
    XCTAssertEqual(document.count, 60)
    XCTAssertEqual(document.sections.map(\.count).reduce(0, +), 60)
    let expected = PersonSection.grouping(try await OfflinePeopleClient().fetchPeople(count: 60, seed: "cli"))
    XCTAssertEqual(document.sections.map(\.title), expected.map(\.title))
    XCTAssertEqual(document.sections.map { $0.people.map(\.id) }, expected.map { $0.people.map(\.id) })
  }

  func test_run_help_printsUsageAndSucceeds() throws {
    // when
    let result = try run(["--help"])

    // then
    XCTAssertEqual(result.status, 0)
    XCTAssertTrue(result.standardOutput.contains("usage: randomuser"))
    XCTAssertTrue(result.standardOutput.contains("--interactive"))
    XCTAssertTrue(result.standardOutput.contains("Ages are as of today for every source"))
    XCTAssertTrue(result.standardOutput.contains("more than 0 and at most 600\n"), result.standardOutput)
  }

  func test_run_urlOfLoopbackServer_loadsWithProgressOnStandardError() throws {
    // given
    let server = try LoopbackHTTPServer(
      response: .json(try OfflinePeopleClient().responseData(count: 12, seed: "srv")))
    defer { server.stop() }

    // when
    let result = try run(["--url", server.baseURL.absoluteString, "--count", "12", "--seed", "srv"])

    // then
    XCTAssertEqual(result.status, 0, result.standardError)
    XCTAssertEqual(result.standardError, "Loading 12 people from 127.0.0.1...\n")
    XCTAssertTrue(result.standardOutput.hasPrefix("12 people in "), result.standardOutput)
    XCTAssertEqual(server.requests, ["/api/?results=12&seed=srv"])
  }

  // MARK: - Interactive

  func test_interactive_script_drivesTheReactors() throws {
    // given
    let script = "list\nopen 20s\ntoggle 1\ntoggle 1\ntoggle 99\nback\nopen 1\nfrobnicate\nreload 10\nquit\n"

    // when
    let result = try run(["--interactive", "--no-state", "--seed", "cli"], input: script)

    // then
    XCTAssertEqual(result.status, 0, result.standardError)
    let out = result.standardOutput
    XCTAssertTrue(out.contains("Loaded 100 people (offline, seed \"cli\")."), out)
    XCTAssertTrue(out.contains("randomuser> open 20s\n20s: "), out)
    XCTAssertTrue(out.contains("randomuser 20s> toggle 1\n1. "), out)
    XCTAssertTrue(out.contains("   Email:    "), out)
    XCTAssertTrue(out.contains("randomuser 20s> toggle 1\nCollapsed 1. "), out)
    XCTAssertTrue(out.contains("No person '99'"), out)
    XCTAssertTrue(out.contains("randomuser 20s> back\n  1. "), out)
    XCTAssertTrue(out.contains("Unknown command 'frobnicate'"), out)
    XCTAssertTrue(out.contains("Loaded 10 people"), out)
    XCTAssertTrue(out.hasSuffix("randomuser> quit\n"), out)
  }

  func test_interactive_endOfInput_quitsCleanly() throws {
    // when
    let result = try run(["-i", "--no-state", "--count", "5"], input: "2\n")

    // then
    XCTAssertEqual(result.status, 0, result.standardError)
    XCTAssertTrue(result.standardOutput.hasSuffix("> \n"), result.standardOutput)
  }

  func test_interactive_failedLoad_reportsErrorAndKeepsRunning() throws {
    // given
    let port = try LoopbackHTTPServer.refusedPort()

    // when
    let result = try run(
      ["-i", "--no-state", "--url", "http://127.0.0.1:\(port)/"], input: "list\nretry\nquit\n")

    // then: every load failed, so the session fails
    XCTAssertEqual(result.status, 1, result.standardError)
    XCTAssertTrue(
      result.standardOutput.contains("Load failed: could not reach the server"), result.standardOutput)
    XCTAssertTrue(result.standardOutput.contains("No sections loaded."), result.standardOutput)
  }

  func test_interactive_failedLoadThenRetrySucceeds_exitsZero() throws {
    // given: a server that fails once, then answers
    let server = try startServer(.status(500, body: Data()), .json(Fixtures.version14))

    // when
    let result = try run(
      ["-i", "--no-state", "--url", server.baseURL.absoluteString, "--count", "2"], input: "retry\nquit\n")

    // then
    XCTAssertEqual(result.status, 0, result.standardError)
    XCTAssertTrue(result.standardOutput.contains("Load failed: the server answered with HTTP status 500"))
    XCTAssertTrue(result.standardOutput.contains("Loaded 2 people"), result.standardOutput)
  }

  func test_interactive_onePerson_saysPerson() throws {
    // when
    let result = try run(["-i", "--no-state", "--count", "1"], input: "quit\n")

    // then
    XCTAssertEqual(result.status, 0, result.standardError)
    XCTAssertTrue(result.standardOutput.contains("Loaded 1 person (offline"), result.standardOutput)
  }

  func test_interactive_reloadWithBadCount_answersInItsOwnWords() throws {
    // when
    let result = try run(
      ["-i", "--no-state", "--count", "3"], input: "reload 0\nreload lots\nreload 5001\nreload 2\nquit\n")

    // then
    XCTAssertEqual(result.status, 0, result.standardError)
    let out = result.standardOutput
    XCTAssertTrue(
      out.contains("randomuser> reload 0\nCan't reload '0': choose a number of people from 1 to 5000.\n"), out
    )
    XCTAssertTrue(out.contains("Can't reload 'lots': choose a number of people from 1 to 5000."), out)
    XCTAssertTrue(out.contains("Can't reload '5001': choose a number of people from 1 to 5000."), out)
    XCTAssertFalse(out.contains("--count"), out)
    XCTAssertTrue(out.contains("Loaded 2 people"), out)
  }

  func test_interactive_everyControlByteAndEscapeSequence_isNeitherEchoedNorRead() async throws {
    // given: an arrow key alone, `ESC [ d` (cursor to row 1) before a word, then one line with
    // every C0 and C1 control character, DEL and escape sequences around a real command
    var controls = ""
    for value in Array(0x00...0x1F) + Array(0x7F...0x9F) where value != 0x0A {
      controls.unicodeScalars.append(Unicode.Scalar(UInt8(value)))
    }
    let script =
      "\u{1B}[D\n" + "\u{1B}[dfrob\u{07}nicate\n" + controls + "\n"
      + "\u{1B}]0;pwned\u{07}op\u{1B}[Cen 1\u{9B}2J\n" + "quit\n"

    // when
    let first = try await offlineSections(count: 30)[0]
    let result = try run(["-i", "--no-state", "--count", "30"], input: script)

    // then: the commands are read without the bytes, and nothing but text and newlines is written
    XCTAssertEqual(result.status, 0, result.standardError)
    let out = result.standardOutput
    XCTAssertTrue(out.contains("randomuser> \nrandomuser> frobnicate\nUnknown command 'frobnicate'."), out)
    XCTAssertTrue(out.contains("randomuser> open 1\n\(first.title): "), out)
    let written = out.unicodeScalars.filter {
      $0 != "\n" && [.control, .format].contains($0.properties.generalCategory)
    }
    XCTAssertEqual(written.map { String($0.value, radix: 16) }, [])
  }

  func test_interactive_openOrToggleWithoutArgument_saysWhatIsMissing() async throws {
    // given
    let sections = try await offlineSections(count: 30)
    let first = sections[0]

    // when
    let result = try run(["-i", "--no-state", "--count", "30"], input: "open\nopen 1\ntoggle\nquit\n")

    // then
    XCTAssertEqual(result.status, 0, result.standardError)
    let out = result.standardOutput
    XCTAssertTrue(
      out.contains(
        "randomuser> open\nOpen which section? Choose 1-\(sections.count) or a title such as \(first.title).\n"
      ),
      out)
    XCTAssertTrue(
      out.contains(
        "randomuser \(first.title)> toggle\n"
          + "Toggle which person? Choose 1-\(first.people.count), for example 'toggle 1'.\n"),
      out)
    XCTAssertFalse(out.contains("''"), out)
  }

  func test_interactive_retryAfterASuccessfulLoad_saysRetryIsForAFailure() throws {
    // when
    let result = try run(["-i", "--no-state", "--count", "5"], input: "help\nretry\nquit\n")

    // then: the help and the answer agree, and nothing is loaded again
    XCTAssertEqual(result.status, 0, result.standardError)
    let out = result.standardOutput
    XCTAssertTrue(out.contains("  retry                Repeat the last load after it failed.\n"), out)
    XCTAssertTrue(
      out.contains(
        "randomuser> retry\nNothing to retry: the last load worked. Type 'reload' to load again.\n"),
      out)
    XCTAssertEqual(out.components(separatedBy: "Loaded 5 people").count, 2, out)
  }

  func test_interactive_sectionWithTenOrMorePeople_rightAlignsTheNumbers() async throws {
    // given: the largest decade of 100 people, which holds more than nine
    let sections = try await offlineSections(count: 100)
    let largest = try XCTUnwrap(sections.max { $0.people.count < $1.people.count })
    XCTAssertGreaterThanOrEqual(largest.people.count, 10)

    // when
    let result = try run(["-i", "--no-state"], input: "open \(largest.title)\nquit\n")

    // then
    XCTAssertEqual(result.status, 0, result.standardError)
    let rows = result.standardOutput.split(separator: "\n").filter { $0.contains("] ") }
    XCTAssertGreaterThanOrEqual(rows.count, 10, result.standardOutput)
    guard rows.count >= 10 else { return }
    XCTAssertTrue(rows[8].hasPrefix("   9. [+] "), String(rows[8]))
    XCTAssertTrue(rows[9].hasPrefix("  10. [+] "), String(rows[9]))
    let dotColumns = rows.map { row in
      row.firstIndex(of: ".").map { row.distance(from: row.startIndex, to: $0) }
    }
    XCTAssertEqual(Set(dotColumns), [4], "\(rows)")
  }

  // MARK: - Bad input

  func test_run_badInput_printsOneLineErrorAndUsageAndFails() throws {
    let port = try LoopbackHTTPServer.refusedPort()
    let cases: [([String], Int32, String)] = [
      (["--frobnicate"], 2, "unknown option --frobnicate"),
      (["--count", "many"], 2, "--count must be a whole number, got 'many'"),
      (["--count", "0"], 2, "--count must be between 1 and 5000, got 0"),
      (["--count", "5001"], 2, "--count must be between 1 and 5000, got 5001"),
      (["--url", "ftp://127.0.0.1:\(port)/api/"], 2, "--url must be an http or https URL"),
      (["--url", "127.0.0.1:\(port)"], 2, "--url must be an http or https URL"),
      (["--timeout", "0"], 2, "--timeout must be more than 0 and at most 600 seconds, got '0'"),
    ]
    for (arguments, status, message) in cases {
      // when
      let result = try run(arguments)

      // then
      XCTAssertEqual(result.status, status, "\(arguments): \(result.standardError)")
      XCTAssertEqual(result.standardOutput, "", "\(arguments)")
      let lines = result.standardError.split(separator: "\n").map(String.init)
      let errorLine = try XCTUnwrap(lines.first { $0.hasPrefix("randomuser: error: ") }, "\(arguments)")
      XCTAssertTrue(errorLine.contains(message), "\(arguments): \(errorLine)")
      XCTAssertEqual(lines.filter { $0.hasPrefix("randomuser: error: ") }.count, 1)
      XCTAssertTrue(result.standardError.contains("usage: randomuser"), "\(arguments)")
      XCTAssertFalse(result.standardError.contains("Fatal error"), "\(arguments)")
      XCTAssertFalse(result.standardError.contains("Backtrac"), "\(arguments)")
    }
  }
  // MARK: - Load errors: one line, no usage

  func test_run_loadErrors_printOneLineWithoutUsageAndExitOne() throws {
    let refused = try LoopbackHTTPServer.refusedPort()
    let failing = try startServer(.status(500, body: Data()))
    let slow = try startServer(.delayed(.seconds(30), then: .json(Fixtures.version14)))
    let body = Fixtures.version14
    let trickling = try startServer(.stalled(body.prefix(body.count / 2), declaredLength: body.count))
    let array = try startServer(.json(Data("[1, 2]".utf8)))
    let empty = try startServer(.json(try OfflinePeopleClient().responseData(count: 0, seed: "none")))
    let cases: [([String], String)] = [
      (["--url", failing.baseURL.absoluteString], "the server answered with HTTP status 500"),
      (
        ["--url", slow.baseURL.absoluteString, "--timeout", "0.3"],
        "the server did not answer within the timeout of 0.3 seconds"
      ),
      (
        ["--url", trickling.baseURL.absoluteString, "--timeout", "0.3"],
        "the server answered, but the response was still arriving when the timeout of 0.3 seconds ran out"
      ),
      (["--url", "http://127.0.0.1:\(refused)/api/"], "could not reach the server"),
      (
        ["--url", array.baseURL.absoluteString],
        "the response is not randomuser.me JSON: the top level is an array, not an object"
      ),
      (["--url", empty.baseURL.absoluteString], "the server sent no people for a request of 100"),
    ]
    for (arguments, message) in cases {
      // when
      let result = try run(arguments)

      // then
      XCTAssertEqual(result.status, 1, "\(arguments): \(result.standardError)")
      XCTAssertEqual(result.standardOutput, "")
      let lines = result.standardError.split(separator: "\n").map(String.init)
      XCTAssertEqual(lines.first, "Loading 100 people from 127.0.0.1...", "\(arguments)")
      XCTAssertEqual(lines.count, 2, "\(arguments): \(result.standardError)")
      XCTAssertTrue(lines.last?.hasPrefix("randomuser: error: \(message)") ?? false, "\(arguments): \(lines)")
      XCTAssertFalse(result.standardError.contains("usage:"), "\(arguments)")
    }
  }

  func test_run_connectionResetMidBody_saysTheConnectionBroke() throws {
    // given
    let body = Fixtures.version14
    let server = try startServer(.reset(body.prefix(body.count / 2), declaredLength: body.count))

    // when
    let result = try run(["--url", server.baseURL.absoluteString, "--count", "2"])

    // then
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(
      result.standardError.contains(
        "randomuser: error: the connection broke while the response was arriving"),
      result.standardError)
    XCTAssertFalse(result.standardError.contains("could not reach the server"), result.standardError)
  }

  // MARK: - URLs, versions, output

  func test_run_upperCaseScheme_isNormalizedAndLoads() throws {
    // given
    let server = try startServer(.json(Fixtures.version14))
    let url = server.baseURL.absoluteString.replacingOccurrences(of: "http://", with: "HTTP://")

    // when
    let result = try run(["--url", url, "--count", "2"])

    // then
    XCTAssertEqual(result.status, 0, result.standardError)
    XCTAssertTrue(
      result.standardOutput.hasPrefix("2 people in 2 sections (127.0.0.1)"), result.standardOutput)
    XCTAssertEqual(server.requests, ["/api/?results=2"])
  }

  func test_run_version12Server_showsCountryUnknown() throws {
    // given: version 1.2 has no location.country
    let server = try startServer(.json(Fixtures.version12))

    // when
    let result = try run(["--url", server.baseURL.absoluteString, "--count", "2"])

    // then
    XCTAssertEqual(result.status, 0, result.standardError)
    XCTAssertTrue(
      result.standardOutput.contains("  orla brennan, 31, country unknown\n"), result.standardOutput)
  }

  func test_run_json_keepsMillisecondsOfDatesOfBirth() throws {
    // given
    let server = try startServer(.json(Fixtures.version14))

    // when
    let result = try run(["--url", server.baseURL.absoluteString, "--count", "2", "--json"])

    // then
    XCTAssertEqual(result.status, 0, result.standardError)
    XCTAssertTrue(
      result.standardOutput.contains(#""dateOfBirth" : "1990-11-04T06:42:18.507Z""#), result.standardOutput)
    XCTAssertTrue(
      result.standardOutput.contains(#""dateOfBirth" : "1972-01-31T23:59:59.999Z""#), result.standardOutput)
  }

  func test_run_jsonFromAURLWithoutSeedAndVersion12_writesNullInsteadOfDroppingKeys() throws {
    // given: version 1.2 sends no country, and no --seed is given
    let server = try startServer(.json(Fixtures.version12))

    // when
    let result = try run(["--url", server.baseURL.absoluteString, "--count", "2", "--json"])

    // then: every key of the README's schema is there, `null` when unknown
    XCTAssertEqual(result.status, 0, result.standardError)
    let document = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    XCTAssertEqual(Set(document.keys), ["source", "seed", "count", "sections"])
    XCTAssertTrue(document["seed"] is NSNull, "\(document)")
    let sections = try XCTUnwrap(document["sections"] as? [[String: Any]])
    let people = sections.flatMap { $0["people"] as? [[String: Any]] ?? [] }
    XCTAssertEqual(people.count, 2)
    let keys: Set = [
      "id", "name", "age", "gender", "email", "country", "city", "phone", "dateOfBirth", "pictureURL",
    ]
    for person in people {
      XCTAssertEqual(Set(person.keys), keys)
      XCTAssertTrue(person["country"] is NSNull, "\(person)")
    }
  }

  func test_run_offline_countsAgesToToday() throws {
    // given: the binary takes the real date, so the test brackets it
    let before = Date()

    // when
    let result = try run(["--json", "--count", "200"])
    let after = Date()

    // then: each age is the whole years from the date of birth to the day of the run
    XCTAssertEqual(result.status, 0, result.standardError)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .gmt
    let people = try decode(result.standardOutput).sections.flatMap(\.people)
    XCTAssertEqual(people.count, 200)
    for person in people {
      let ages = [before, after].compactMap {
        calendar.dateComponents([.year], from: person.dateOfBirth, to: $0).year
      }
      XCTAssertTrue(ages.contains(person.age), "\(person.name), born \(person.dateOfBirth): \(person.age)")
    }
  }

  func test_run_urlWithAnIPv6Address_isRefusedUpFrontOnLinux() throws {
    // when
    let result = try run(["--url", "http://[::1]:9/api/", "--count", "1", "--timeout", "1"])

    // then
    #if canImport(FoundationNetworking)
      // FoundationNetworking cannot connect to an IPv6 literal (swift-corelibs-foundation 5496).
      XCTAssertEqual(result.status, 2, result.standardError)
      XCTAssertTrue(
        result.standardError.hasPrefix(
          "randomuser: error: --url http://[::1]:9/api/ cannot be used: this platform's URLSession cannot"
            + " connect to an IPv6 address"),
        result.standardError)
      XCTAssertEqual(result.standardOutput, "")
    #else
      // Apple's URLSession connects; nothing listens on port 9 of ::1, so the load fails.
      XCTAssertEqual(result.status, 1, result.standardError)
      XCTAssertTrue(result.standardError.contains("could not reach the server"), result.standardError)
    #endif
  }

  func test_run_outputToAFullDevice_failsWithAnError() throws {
    // given
    let full = try XCTUnwrap(FileHandle(forWritingAtPath: "/dev/full"))
    defer { try? full.close() }

    // when
    let result = try XCTUnwrap(executable).run(["--count", "5"], outputFile: full)

    // then
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(
      result.standardError.hasPrefix("randomuser: error: could not write the output: "), result.standardError)
  }

  // MARK: - Hostile servers

  func test_run_hostileServers_failWithoutReadingEverything() throws {
    let huge = try startServer(.json(Fixtures.repeatingVersion14(40_000)))
    let endless = try startServer(.endless(chunk: Data(repeating: 0x20, count: 256 * 1024)))
    let generous = try startServer(.json(Fixtures.repeatingVersion14(3)))
    let cases: [(LoopbackHTTPServer, String)] = [
      (huge, "the response is larger than the limit of 10,240,000 bytes"),
      (endless, "the response is larger than the limit of 10,240,000 bytes"),
      (generous, "the server sent 3 people for a request of 1"),
    ]
    for (server, message) in cases {
      // when
      let result = try run(["--url", server.baseURL.absoluteString, "--count", "1", "--timeout", "20"])

      // then
      XCTAssertEqual(result.status, 1, result.standardError)
      XCTAssertTrue(result.standardError.contains("randomuser: error: \(message)"), result.standardError)
    }
  }

  // MARK: - The spinner on a terminal

  func test_spinner_onATerminal_hidesTypedKeysWhileItRunsAndRestoresTheTerminal() throws {
    // given: a server that holds the answer until the test releases it
    let server = try startServer(.held(then: .json(Fixtures.version14)))
    let terminal = try PseudoTerminal()
    let running = try XCTUnwrap(executable).start(
      ["-i", "--no-state", "--url", server.baseURL.absoluteString, "--count", "2"], terminal: terminal)

    // when: the spinner runs
    XCTAssertTrue(terminal.read(until: "Loading 2 people from 127.0.0.1"), terminal.shown)

    // then: keys typed now are not echoed into its line
    XCTAssertFalse(terminal.echoes, "typed keys would land in the spinner's line")

    // when: the load ends
    server.release()
    XCTAssertTrue(terminal.read(until: "\r\u{1B}[K"), terminal.shown)

    // then: the line is erased and typing shows again
    XCTAssertTrue(terminal.echoes)
    terminal.type("quit\n")
    let result = try running.wait()
    XCTAssertEqual(result.status, 0)
    XCTAssertTrue(result.standardOutput.contains("Loaded 2 people (127.0.0.1)."), result.standardOutput)
  }

  func test_spinner_interruptedByCtrlC_erasesItsLineRestoresTheTerminalAndExits130() throws {
    // given: a load that does not end
    let server = try startServer(.held(then: .json(Fixtures.version14)))
    let terminal = try PseudoTerminal()
    let running = try XCTUnwrap(executable).start(
      ["--url", server.baseURL.absoluteString, "--count", "2"], terminal: terminal)
    XCTAssertTrue(terminal.read(until: "Loading 2 people from 127.0.0.1"), terminal.shown)
    XCTAssertFalse(terminal.echoes)

    // when: Ctrl-C
    kill(running.process.processIdentifier, SIGINT)
    let result = try running.wait()

    // then
    XCTAssertEqual(result.status, 130)
    XCTAssertEqual(running.process.terminationReason, .exit)
    XCTAssertTrue(terminal.read(until: "\r\u{1B}[K"), terminal.shown)
    XCTAssertTrue(terminal.shown.hasSuffix("Loading 2 people from 127.0.0.1\r\u{1B}[K"), terminal.shown)
    XCTAssertTrue(terminal.echoes, "the terminal must echo again after the command")
    XCTAssertEqual(result.standardOutput, "")
  }
}
