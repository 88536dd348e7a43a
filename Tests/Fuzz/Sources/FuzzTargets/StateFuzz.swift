import Foundation
import RandomUserCore
import ReactorFlow

@testable import randomuser

/// The state file of `randomuser --interactive`: the input is the file's contents, opened with
/// the favourites' own store (`FavouritesStore`, `--state FILE`), starred into and saved; then
/// again with a storage of the same value that has earlier formats to migrate (the sample has
/// none yet), so that `FileMigration` is reached too. Whatever the file holds:
///
/// - Nothing is lost: a file that does not decode is reported in one warning line and kept aside
///   (`<file>.bad-1`) with its bytes unchanged; one that cannot even be kept aside is left in
///   place, and no save replaces it.
/// - Nothing is injected: a warning drives no terminal, and no file but the state file, its lock
///   and the kept one is left in the folder.
/// - A file that decodes saves and loads back to what was loaded plus the new star.
@MainActor
enum StateFuzz {
  /// The star each session adds, so that a save has a change to write.
  static let addedID = "fuzz-starred"

  /// A storage with a history: format 1 was a list of identifiers, format 2 a map from
  /// identifier to whether it is starred, and format 3 is the set the sample writes. The
  /// migration from 2 refuses an empty identifier, as a real one may refuse what it cannot
  /// carry over.
  static func migratedStorage(path: String) -> FileStorage<Set<Person.ID>> {
    FileStorage(
      path: path, format: 3,
      migrations: [
        FileMigration(from: 1, decoding: [Person.ID].self) { ids in
          Dictionary(ids.map { ($0, true) }, uniquingKeysWith: { first, _ in first })
        },
        FileMigration(from: 2, decoding: [Person.ID: Bool].self) { starred in
          guard !starred.keys.contains("") else { throw MigrationRefusal() }
          return Set(starred.filter(\.value).keys)
        },
      ])
  }

  private struct MigrationRefusal: Error {}

  static func check(_ data: Data) async throws(FuzzFailure) {
    let directory = try makeDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try await checkFavouritesStore(data, path: "\(directory)/favourites.json")
    try await checkMigratedStorage(data, path: "\(directory)/migrated.json")
  }

  // MARK: - The two sessions

  /// The store `randomuser --interactive --state FILE` opens, with its warnings on a console.
  private static func checkFavouritesStore(_ data: Data, path: String) async throws(FuzzFailure) {
    try write(data, to: path)
    let script = ScriptedConsole()
    let options: Options
    do {
      options = try Options.parse(["--interactive", "--state", path])
    } catch {
      throw FuzzFailure("--interactive --state \(path) is not a valid command line: \(error.message)")
    }
    let store = FavouritesStore(options: options, console: script.console, clock: ContinuousClock())
    guard let persistence = store.persistence else { throw FuzzFailure("--state \(path) keeps no file") }
    let warnings = { script.written.errors }
    try await checkSession(
      data, persistence: persistence, storage: FavouritesStore.storage(path: path), warnings: warnings
    ) { await store.save() }
    guard script.written.output.isEmpty else {
      throw FuzzFailure("the store printed \(script.written.output.debugDescription)")
    }
  }

  /// A persistence of ``migratedStorage(path:)``, whose errors are printed as the sample prints
  /// its own.
  private static func checkMigratedStorage(_ data: Data, path: String) async throws(FuzzFailure) {
    try write(data, to: path)
    var warnings = ""
    let persistence = FilePersistence(migratedStorage(path: path), default: [], clock: ContinuousClock()) {
      warnings += "warning: \(TerminalInput.sanitized($0.description))\n"
    }
    try await checkSession(data, persistence: persistence, storage: migratedStorage(path: path)) {
      warnings
    } save: {
      await persistence.flush()
      return persistence.hasUnsavedChanges ? "\(persistence.lastError.map { "\($0)" } ?? "not saved")" : nil
    }
  }

  // MARK: - The properties

  /// What the load did with the file.
  private enum Outcome {
    /// The file decoded, and is where it was.
    case decoded(Set<Person.ID>)
    /// The file did not decode, and was renamed to this path.
    case keptAside(String)
    /// The file could not be read or kept aside, and was left in place.
    case leftInPlace
  }

  /// Checks what a session that opened the file at `storage.path` did with it, stars one more
  /// person, saves, and checks what the save did.
  /// - Parameters:
  ///   - data: The file's original contents.
  ///   - persistence: The session's persistence, just opened.
  ///   - storage: A storage of the same file, to read it back after the save.
  ///   - warnings: What the session printed so far.
  ///   - save: Writes what is not written yet; returns why the latest change is not on disk.
  private static func checkSession(
    _ data: Data, persistence: FilePersistence<Set<Person.ID>>, storage: FileStorage<Set<Person.ID>>,
    warnings: () -> String, save: () async -> String?
  ) async throws(FuzzFailure) {
    let path = storage.path
    let outcome = try loadOutcome(data, persistence: persistence)
    let printed = warnings()
    try ScriptedConsole.checkNothingDrivesTheTerminal(in: printed, named: "the warnings")
    let lines = printed.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    let expectedLines = if case .decoded = outcome { 0 } else { 1 }
    guard lines.count == expectedLines, printed.isEmpty || printed.hasSuffix("\n") else {
      throw FuzzFailure("\(expectedLines) warning line(s) expected, printed \(printed.debugDescription)")
    }

    persistence.shared.update { _ = $0.insert(addedID) }
    let failure = await save()
    switch outcome {
    case .decoded(let value):
      try checkSaved(failure, storage: storage, reading: value.union([addedID]), "after a good load")
    case .keptAside(let keptAs):
      try checkHolds(keptAs, data, "after the save, the kept file")
      try checkSaved(failure, storage: storage, reading: [addedID], "after keeping the file aside")
    case .leftInPlace:
      try checkHolds(path, data, "after the save, the file that could not be read")
      guard failure != nil else { throw FuzzFailure("the save claimed to write a file it must not replace") }
    }
    try checkNothingElseIn(path, keptAs: { if case .keptAside(let kept) = outcome { kept } else { nil } }())
  }

  /// Checks that a save wrote the file, and that the file reads back as `expected`.
  private static func checkSaved(
    _ failure: String?, storage: FileStorage<Set<Person.ID>>, reading expected: Set<Person.ID>,
    _ when: String
  ) throws(FuzzFailure) {
    if let failure { throw FuzzFailure("the save \(when) failed: \(failure)") }
    let (reloaded, error) = storage.load(default: [])
    guard error == nil, reloaded == expected else {
      throw FuzzFailure(
        "the save \(when) reads back as \(reloaded.sorted()) and \(error.map { "\($0)" } ?? "no error"), "
          + "not \(expected.sorted())")
    }
  }

  /// What the load did, checked against the file's original contents.
  private static func loadOutcome(
    _ data: Data, persistence: FilePersistence<Set<Person.ID>>
  ) throws(FuzzFailure) -> Outcome {
    let path = persistence.storage.path
    switch persistence.lastError {
    case nil:
      try checkHolds(path, data, "the file that decoded")
      return .decoded(persistence.shared.value)
    case .unreadable(_, let keptAs, _), .futureFormat(_, let keptAs, _, _):
      guard keptAs == "\(path).bad-1", !FileManager.default.fileExists(atPath: path) else {
        throw FuzzFailure("the bad file was kept as \(keptAs), and the file is still there")
      }
      try checkHolds(keptAs, data, "the kept file")
      guard persistence.shared.value.isEmpty, persistence.savesChanges else {
        throw FuzzFailure(
          "after a bad file, not the default or not saving: \(persistence.shared.value.sorted())")
      }
      return .keptAside(keptAs)
    case .readFailed:
      try checkHolds(path, data, "the file that could not be read")
      guard !persistence.savesChanges else {
        throw FuzzFailure("a file that could not be read will be replaced")
      }
      return .leftInPlace
    case .inUse, .writeFailed:
      throw FuzzFailure("opening the file gave \(persistence.lastError.map { "\($0)" } ?? "")")
    }
  }

  // MARK: - Files

  /// A fresh folder of this process's own: nothing another run does comes in. In memory
  /// (`/dev/shm`) where there is one, so that each save's `fsync` costs nothing and the fuzzer
  /// tries many more files.
  private static func makeDirectory() throws(FuzzFailure) -> String {
    var isDirectory: ObjCBool = false
    let memory = "/dev/shm"
    let base =
      FileManager.default.fileExists(atPath: memory, isDirectory: &isDirectory) && isDirectory.boolValue
        && FileManager.default.isWritableFile(atPath: memory)
      ? memory : FileManager.default.temporaryDirectory.path
    let directory = "\(base)/reactorflow-fuzz-state-\(ProcessInfo.processInfo.processIdentifier)"
    try? FileManager.default.removeItem(atPath: directory)
    do {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
    } catch {
      throw FuzzFailure("cannot create \(directory): \(error)")
    }
    return directory
  }

  private static func write(_ data: Data, to path: String) throws(FuzzFailure) {
    do {
      try data.write(to: URL(fileURLWithPath: path))
    } catch {
      throw FuzzFailure("cannot write the input to \(path): \(error)")
    }
  }

  private static func checkHolds(_ path: String, _ data: Data, _ what: String) throws(FuzzFailure) {
    guard let contents = FileManager.default.contents(atPath: path) else {
      throw FuzzFailure("\(what) (\(path)) is gone")
    }
    guard contents == data else {
      throw FuzzFailure(
        "\(what) (\(path)) holds \(contents.count) bytes that are not the file's \(data.count)")
    }
  }

  /// The folder holds the state file, its lock and the kept file, if any: no temporary file is
  /// left behind.
  private static func checkNothingElseIn(_ path: String, keptAs: String?) throws(FuzzFailure) {
    let directory = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    let allowed = Set(
      [name, "\(name).lock", keptAs.map { ($0 as NSString).lastPathComponent }].compactMap(\.self))
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    let stray = names.filter { $0.hasPrefix(name) || $0.hasPrefix(".\(name)") }.filter {
      !allowed.contains($0)
    }
    guard stray.isEmpty else { throw FuzzFailure("files left beside \(name): \(stray.sorted())") }
  }
}
