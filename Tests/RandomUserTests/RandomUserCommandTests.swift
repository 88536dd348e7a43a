import Foundation
import RandomUserCore
import XCTest

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

  private func decode(_ output: String) throws -> Document {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return try decoder.decode(Document.self, from: Data(output.utf8))
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
    let result = try run(["--interactive", "--seed", "cli"], input: script)

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
    let result = try run(["-i", "--count", "5"], input: "2\n")

    // then
    XCTAssertEqual(result.status, 0, result.standardError)
    XCTAssertTrue(result.standardOutput.hasSuffix("> \n"), result.standardOutput)
  }

  func test_interactive_failedLoad_reportsErrorAndKeepsRunning() throws {
    // given
    let port = try LoopbackHTTPServer.refusedPort()

    // when
    let result = try run(["-i", "--url", "http://127.0.0.1:\(port)/"], input: "list\nretry\nquit\n")

    // then
    XCTAssertEqual(result.status, 0, result.standardError)
    XCTAssertTrue(
      result.standardOutput.contains("Load failed: could not reach the server"), result.standardOutput)
    XCTAssertTrue(result.standardOutput.contains("No sections loaded."), result.standardOutput)
  }

  // MARK: - Bad input

  func test_run_badInput_printsOneLineErrorAndUsageAndFails() throws {
    let port = try LoopbackHTTPServer.refusedPort()
    let cases: [([String], Int32, String)] = [
      (["--frobnicate"], 2, "unknown option --frobnicate"),
      (["--count", "many"], 2, "--count must be a whole number, got 'many'"),
      (["--count", "0"], 2, "--count must be between 1 and 5000, got 0"),
      (["--count", "5001"], 2, "--count must be between 1 and 5000, got 5001"),
      (["--url", "http://127.0.0.1:\(port)/api/"], 1, "could not reach the server"),
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
}
