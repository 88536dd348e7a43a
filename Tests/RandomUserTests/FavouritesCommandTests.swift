import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `star` in the interactive mode, and the file that keeps the favourites: every run names its
/// state file in a temporary directory (`--state`) or keeps none (`--no-state`).
final class FavouritesCommandTests: XCTestCase {
  private var executable: RandomUserExecutable?
  private var directory = ""

  override func setUpWithError() throws {
    executable = try RandomUserExecutable.locate()
    directory =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("FavouritesCommandTests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(atPath: directory)
  }

  private var statePath: String { "\(directory)/favourites.json" }

  private func run(_ arguments: [String], input: String) throws -> RandomUserExecutable.Result {
    try XCTUnwrap(executable).run(arguments, input: input)
  }

  func test_stars_confirmedBeforeAKill_areAllThereAfterARestart() throws {
    // given
    let session = try LiveRandomUser(try XCTUnwrap(executable), ["--interactive", "--state", statePath])
    try session.waitFor("randomuser> ")
    session.type("open 2")
    try session.waitFor("randomuser 30s> ")

    // when: each star is confirmed, and the process is killed right after the last confirmation
    for number in [2, 5, 7] {
      session.type("star \(number)")
      try session.waitFor("Starred \(number).")
    }
    session.kill()

    // then
    let result = try run(["--interactive", "--state", statePath], input: "open 2\nquit\n")
    XCTAssertEqual(result.status, 0, result.standardError)
    let starred = result.standardOutput.split(separator: "\n").filter { $0.hasSuffix(" *") }
    XCTAssertEqual(starred.count, 3, result.standardOutput)
    for number in [2, 5, 7] {
      XCTAssertTrue(starred.contains { $0.hasPrefix("  \(number). [+] ") }, "\(number) in \(starred)")
    }
    XCTAssertTrue(result.standardOutput.contains("2. 30s (9 people, 3 starred)"), result.standardOutput)
    XCTAssertEqual(result.standardError, "")
  }

  func test_openRoute_thenStar_starsInTheOpenedSection_andKeepsTheStar() throws {
    // when: the deep link opens the 30s with their second person expanded, where `star` works
    let first = try run(
      ["--open", "30s/2", "--interactive", "--state", statePath], input: "star 1\nquit\n")

    // then
    XCTAssertEqual(first.status, 0, first.standardError)
    XCTAssertTrue(first.standardOutput.contains("randomuser 30s> star 1"), first.standardOutput)
    XCTAssertTrue(first.standardOutput.contains("Starred 1."), first.standardOutput)
    let second = try run(["--open", "30s", "--interactive", "--state", statePath], input: "quit\n")
    XCTAssertEqual(second.status, 0, second.standardError)
    XCTAssertTrue(second.standardOutput.contains("2. 30s (9 people, 1 starred)"), second.standardOutput)
    let starred = second.standardOutput.split(separator: "\n").filter { $0.hasSuffix(" *") }
    XCTAssertEqual(starred.count, 1, second.standardOutput)
    XCTAssertTrue(starred.first?.hasPrefix("  1. [+] ") ?? false, "\(starred)")
  }

  func test_star_again_unstars() throws {
    // when
    let result = try run(
      ["--interactive", "--state", statePath], input: "open 1\nstar 1\nstar 1\nback\nquit\n")

    // then
    XCTAssertTrue(result.standardOutput.contains("Starred 1."), result.standardOutput)
    XCTAssertTrue(result.standardOutput.contains("Unstarred 1."), result.standardOutput)
    XCTAssertFalse(result.standardOutput.contains("starred)"), result.standardOutput)
    XCTAssertEqual(try String(contentsOfFile: statePath, encoding: .utf8), #"{"format":1,"value":[]}"#)
  }

  func test_star_outsideASectionOrOutOfRange_saysWhatToDo() throws {
    // when
    let result = try run(
      ["--interactive", "--no-state"], input: "star 1\nopen 2\nstar 99\nstar\nquit\n")

    // then
    XCTAssertEqual(result.status, 0)
    XCTAssertTrue(result.standardOutput.contains("Open a section first"), result.standardOutput)
    XCTAssertTrue(result.standardOutput.contains("No person '99': choose 1-9."), result.standardOutput)
    XCTAssertTrue(result.standardOutput.contains("Star which person? Choose 1-9"), result.standardOutput)
  }

  func test_noState_writesNoFile() throws {
    // when
    let result = try run(["--interactive", "--no-state"], input: "open 1\nstar 1\nquit\n")

    // then
    XCTAssertTrue(result.standardOutput.contains("Starred 1."), result.standardOutput)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), [])
  }

  func test_corruptStateFile_warnsOnce_keepsItAside_andGoesOn() throws {
    // given
    try Data("{\"format\":1,\"value\":[\"cut".utf8).write(to: URL(fileURLWithPath: statePath))

    // when
    let result = try run(["--interactive", "--state", statePath], input: "open 1\nstar 1\nquit\n")

    // then
    XCTAssertEqual(result.status, 0)
    let lines = result.standardError.split(separator: "\n")
    XCTAssertEqual(lines.count, 1, result.standardError)
    XCTAssertTrue(lines.first?.hasPrefix("randomuser: warning: \(statePath) could not be read") ?? false)
    XCTAssertTrue(lines.first?.contains("kept as \(statePath).bad-1") ?? false)
    XCTAssertTrue(result.standardOutput.contains("Starred 1."))
    XCTAssertEqual(
      try String(contentsOfFile: "\(statePath).bad-1", encoding: .utf8), "{\"format\":1,\"value\":[\"cut")
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: directory).sorted(),
      ["favourites.json", "favourites.json.bad-1", "favourites.json.lock"])
  }

  func test_star_whenTheStateFileIsADirectory_isNotConfirmed_andSaysItIsNotSaved() throws {
    // given
    try FileManager.default.createDirectory(atPath: statePath, withIntermediateDirectories: false)

    // when
    let result = try run(["--interactive", "--state", statePath], input: "open 1\nstar 1\nquit\n")

    // then
    XCTAssertFalse(result.standardOutput.contains("Starred 1."), result.standardOutput)
    XCTAssertTrue(
      result.standardOutput.contains("is starred for this session only: not saved ("), result.standardOutput)
    XCTAssertEqual(
      result.standardError,
      "randomuser: warning: \(statePath) could not be read (it is a directory, not a regular file); "
        + "the default is used and the file is left as it is; stars are kept for this session only\n")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: statePath), [])
  }

  func test_star_whenTheFolderIsMissing_isNotConfirmed_andSaysWhy() throws {
    // given
    let path = "\(directory)/missing/favourites.json"

    // when
    let result = try run(["--interactive", "--state", path], input: "open 1\nstar 1\nquit\n")

    // then
    XCTAssertFalse(result.standardOutput.contains("Starred 1."), result.standardOutput)
    XCTAssertTrue(
      result.standardOutput.contains(
        "is starred for this session only: not saved (\(path) could not be written ("),
      result.standardOutput)
    XCTAssertFalse(FileManager.default.fileExists(atPath: "\(directory)/missing"))
  }

  func test_fifoAsStateFile_isRefusedInOneLine_withoutWaiting_andLeftInPlace() throws {
    // given
    XCTAssertEqual(mkfifo(statePath, 0o644), 0)

    // when
    let result = try XCTUnwrap(executable).run(
      ["--interactive", "--state", statePath], input: "open 1\nstar 1\nquit\n", timeout: 20)

    // then
    XCTAssertEqual(result.status, 0, result.standardError)
    XCTAssertEqual(
      result.standardError,
      "randomuser: warning: \(statePath) could not be read (it is a FIFO, not a regular file); "
        + "the default is used and the file is left as it is; stars are kept for this session only\n")
    XCTAssertTrue(result.standardOutput.contains("not saved"), result.standardOutput)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["favourites.json"])
    var info = stat()
    XCTAssertEqual(lstat(statePath, &info), 0)
    XCTAssertEqual(info.st_mode & 0o170000, 0o010000)
  }

  func test_deviceAsStateFile_isRefusedInOneLine_andNeverMoved() throws {
    // given: a link to the null device, so that a faulty version could move only the link
    XCTAssertEqual(symlink("/dev/null", statePath), 0)

    // when
    let result = try run(["--interactive", "--state", statePath], input: "open 1\nstar 1\nquit\n")

    // then
    XCTAssertEqual(result.status, 0, result.standardError)
    XCTAssertTrue(
      result.standardError.hasSuffix(
        "(it is a character device, not a regular file); the default is used and the file is left "
          + "as it is; stars are kept for this session only\n"), result.standardError)
    XCTAssertEqual(result.standardError.split(separator: "\n").count, 1, result.standardError)
    XCTAssertFalse(result.standardOutput.contains("Starred 1."), result.standardOutput)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["favourites.json"])
    XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: statePath), "/dev/null")
  }

  func test_defaultStateFolders_areCreatedForTheUserOnly() throws {
    // given
    var environment = RandomUserExecutable.environment
    environment["XDG_STATE_HOME"] = "\(directory)/state"

    // when
    let result = try XCTUnwrap(executable).run(
      ["--interactive"], input: "open 1\nstar 1\nquit\n", environment: environment)

    // then
    XCTAssertTrue(result.standardOutput.contains("Starred 1."), result.standardOutput + result.standardError)
    for folder in ["\(directory)/state", "\(directory)/state/randomuser"] {
      let permissions = try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int
      XCTAssertEqual(permissions, 0o700, folder)
    }
    XCTAssertTrue(FileManager.default.fileExists(atPath: "\(directory)/state/randomuser/favourites.json"))
  }

  func test_secondSession_onTheSameFile_confirmsNoStar_andTheFirstSessionsStarsAreKept() throws {
    // given: a first session that owns the file
    let first = try LiveRandomUser(try XCTUnwrap(executable), ["--interactive", "--state", statePath])
    try first.waitFor("randomuser> ")
    first.type("open 2")
    try first.waitFor("randomuser 30s> ")

    // when: a second session stars while the first runs, then the first stars
    let second = try run(["--interactive", "--state", statePath], input: "open 2\nstar 5\nquit\n")
    first.type("star 2")
    try first.waitFor("Starred 2.")
    first.kill()

    // then
    XCTAssertEqual(
      second.standardError,
      "randomuser: warning: \(statePath) is in use by another session; changes are kept in memory only\n")
    XCTAssertFalse(second.standardOutput.contains("Starred 5."), second.standardOutput)
    XCTAssertTrue(
      second.standardOutput.contains("is starred for this session only: not saved ("), second.standardOutput)
    let third = try run(["--interactive", "--state", statePath], input: "open 2\nquit\n")
    XCTAssertEqual(third.standardError, "")
    let starred = third.standardOutput.split(separator: "\n").filter { $0.hasSuffix(" *") }
    XCTAssertEqual(starred.count, 1, third.standardOutput)
    XCTAssertTrue(starred.first?.hasPrefix("  2. [+] ") ?? false, "\(starred)")
  }

  func test_stateOptions_withoutInteractive_orTogether_areUsageErrors() throws {
    for arguments in [
      ["--state", statePath], ["--no-state"], ["--interactive", "--state", statePath, "--no-state"],
      ["--interactive", "--no-state", "--state", statePath], ["--interactive", "--state="],
    ] {
      let result = try run(arguments, input: "")
      XCTAssertEqual(result.status, 2, "\(arguments)")
      XCTAssertTrue(result.standardError.contains("usage: randomuser"), "\(arguments)")
    }
  }
}
