import Foundation
import RandomUserCore
import XCTest

/// `randomuser --open ROUTE`, the sample's deep link, through the real binary and the offline
/// source: a section and a person at start, or one error line and a failure.
final class DeepLinkCommandTests: XCTestCase {
  private var executable: RandomUserExecutable?

  override func setUpWithError() throws {
    executable = try RandomUserExecutable.locate()
  }

  private func run(_ arguments: [String], input: String? = nil) throws -> RandomUserExecutable.Result {
    try XCTUnwrap(executable).run(arguments, input: input)
  }

  /// The sections the command shows for 100 offline people with the default seed.
  private func offlineSections() async throws -> [PersonSection] {
    PersonSection.grouping(try await OfflinePeopleClient().fetchPeople(count: 100, seed: nil))
  }

  func test_open_sectionAndPerson_printsTheSectionWithThePersonExpanded() async throws {
    // given
    let sections = try await offlineSections()
    let section = try XCTUnwrap(sections.first { $0.title == "30s" })
    let second = section.people[1]

    // when
    let result = try run(["--open", "30s/2"])

    // then
    XCTAssertEqual(result.status, 0, result.standardError)
    XCTAssertEqual(result.standardError, "")
    let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
    XCTAssertEqual(lines.first, "30s: \(section.people.count) people")
    XCTAssertEqual(lines.filter { $0.contains(". [-] ") }, ["  2. [-] \(second.name)"])
    XCTAssertEqual(lines.filter { $0.contains(". [+] ") }.count, section.people.count - 1)
    XCTAssertTrue(result.standardOutput.contains("Email:    \(second.email)\n"), result.standardOutput)
  }

  func test_open_sectionAlone_printsItCollapsed() throws {
    // when
    let result = try run(["--open", "30s"])

    // then
    XCTAssertEqual(result.status, 0, result.standardError)
    XCTAssertTrue(result.standardOutput.hasPrefix("30s: "), result.standardOutput)
    XCTAssertFalse(result.standardOutput.contains("[-]"), result.standardOutput)
  }

  func test_open_routeThatDoesNotExist_printsOneErrorLineAndExitsOne() async throws {
    // given
    let sections = try await offlineSections()
    let titles = sections.map(\.title).joined(separator: ", ")
    let thirties = try XCTUnwrap(sections.first { $0.title == "30s" })
    let count = thirties.people.count
    let cases: [([String], String)] = [
      (
        ["--open", "200s/1"],
        "cannot open section 200s (step 1 of the route): the sections are \(titles)"
      ),
      (
        ["--open", "30s/\(count + 1)"],
        "cannot open person \(count + 1) of 30s (step 2 of the route): 30s has \(count) people"
      ),
      (
        ["--interactive", "--no-state", "--open", "200s"],
        "cannot open section 200s (step 1 of the route): the sections are \(titles)"
      ),
    ]
    for (arguments, message) in cases {
      // when
      let result = try run(arguments, input: "quit\n")

      // then
      XCTAssertEqual(result.status, 1, "\(arguments): \(result.standardError)")
      XCTAssertEqual(result.standardError, "randomuser: error: \(message)\n", "\(arguments)")
      XCTAssertFalse(result.standardOutput.contains("30s: "), "\(arguments): \(result.standardOutput)")
    }
  }

  func test_open_malformedOrCombinedWithJSONOrRecord_isAUsageError() throws {
    let cases: [([String], String)] = [
      (
        ["--open", "30s/x"],
        "--open needs a section and optionally a person, such as 30s or 30s/2, got '30s/x'"
      ),
      (["--open", "/2"], "--open needs a section and optionally a person, such as 30s or 30s/2, got '/2'"),
      (["--open"], "--open needs a value"),
      (["--open", "30s", "--json"], "--open cannot be combined with --json"),
      (["--open", "30s", "--record", "run.json"], "--open cannot be combined with --record"),
    ]
    for (arguments, message) in cases {
      // when
      let result = try run(arguments)

      // then
      XCTAssertEqual(result.status, 2, "\(arguments): \(result.standardError)")
      XCTAssertEqual(result.standardOutput, "", "\(arguments)")
      XCTAssertTrue(
        result.standardError.hasPrefix("randomuser: error: \(message)\nusage: randomuser"),
        "\(arguments): \(result.standardError)")
    }
  }

  func test_open_interactive_startsInTheSectionWithThePersonExpanded() throws {
    // when
    let result = try run(["--interactive", "--no-state", "--open", "30s/2"], input: "toggle 2\nback\nquit\n")

    // then
    XCTAssertEqual(result.status, 0, result.standardError)
    let out = result.standardOutput
    XCTAssertTrue(out.contains("\n30s: "), out)
    XCTAssertTrue(out.contains("  2. [-] "), out)
    XCTAssertTrue(out.contains("randomuser 30s> toggle 2\nCollapsed 2. "), out)
    XCTAssertTrue(out.contains("randomuser 30s> back\n  1. "), out)
    XCTAssertTrue(out.hasSuffix("randomuser> quit\n"), out)
  }

  func test_open_loadFails_reportsTheLoadErrorOnly() throws {
    // given
    let refused = try LoopbackHTTPServer.refusedPort()

    // when
    let result = try run(["--url", "http://127.0.0.1:\(refused)/api/", "--open", "30s/2"])

    // then
    XCTAssertEqual(result.status, 1, result.standardError)
    XCTAssertEqual(result.standardOutput, "")
    let errors = result.standardError.split(separator: "\n").filter { $0.hasPrefix("randomuser: error: ") }
    XCTAssertEqual(errors.count, 1, result.standardError)
    XCTAssertTrue(
      errors.first?.hasPrefix("randomuser: error: could not reach the server") ?? false, "\(errors)")
  }
}
