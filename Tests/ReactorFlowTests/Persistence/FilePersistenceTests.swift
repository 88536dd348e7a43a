import Foundation
import ReactorFlow
import ReactorFlowTesting
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@MainActor
final class FilePersistenceTests: XCTestCase {
  private var directory = ""

  override func setUp() async throws {
    directory =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("FilePersistenceTests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  }

  override func tearDown() async throws {
    try? FileManager.default.removeItem(atPath: directory)
  }

  private var path: String { "\(directory)/favourites.json" }

  private func files() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
  }

  private func write(_ text: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  // MARK: - Reading

  func test_load_withoutAFile_givesTheDefaultAndCreatesNothing() async throws {
    // when
    let (value, error) = FileStorage<[Int]>(path: path).load(default: [1])

    // then
    XCTAssertEqual(value, [1])
    XCTAssertNil(error)
    XCTAssertEqual(try files(), [])
  }

  func test_save_thenLoad_givesTheValueAndLeavesNoTemporaryFile() async throws {
    // given
    let storage = FileStorage<[Int]>(path: path)

    // when
    try storage.save([3, 7])
    try storage.save([3, 7, 9])

    // then
    XCTAssertEqual(storage.load(default: []).value, [3, 7, 9])
    XCTAssertNil(storage.load(default: []).error)
    XCTAssertEqual(try files(), ["favourites.json"])
  }

  func test_load_ofACorruptFile_givesTheDefaultAndKeepsTheFileAside() async throws {
    try assertKeptAside("not json at all", reason: "not valid JSON")
  }

  func test_load_ofATruncatedFile_givesTheDefaultAndKeepsTheFileAside() async throws {
    try assertKeptAside(#"{"format":1,"value":[3,"#, reason: "not valid JSON")
  }

  func test_load_ofAnEmptyFile_givesTheDefaultAndKeepsTheFileAside() async throws {
    try assertKeptAside("", reason: "not valid JSON")
  }

  func test_load_ofAValueOfAnotherShape_givesTheDefaultAndKeepsTheFileAside() async throws {
    try assertKeptAside(#"{"format":1,"value":{"a":1}}"#, reason: "unexpected content at value")
  }

  func test_load_ofAFileWithoutFormat_givesTheDefaultAndKeepsTheFileAside() async throws {
    try assertKeptAside("[1,2]", reason: "unexpected content")
  }

  private func assertKeptAside(
    _ content: String, reason: String, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    // given
    try write(content)

    // when
    let (value, error) = FileStorage<[Int]>(path: path).load(default: [42])

    // then
    XCTAssertEqual(value, [42], file: file, line: line)
    guard case .unreadable(let errorPath, let keptAs, let described) = error else {
      return XCTFail("expected .unreadable, got \(String(describing: error))", file: file, line: line)
    }
    XCTAssertEqual(errorPath, path, file: file, line: line)
    XCTAssertEqual(keptAs, "\(path).bad-1", file: file, line: line)
    XCTAssertTrue(described.hasPrefix(reason), described, file: file, line: line)
    XCTAssertEqual(try files(), ["favourites.json.bad-1"], file: file, line: line)
    XCTAssertEqual(
      try String(contentsOfFile: keptAs, encoding: .utf8), content, file: file, line: line)
  }

  func test_load_ofAFutureFormat_givesTheDefaultAndKeepsTheFileAside() async throws {
    // given
    try FileStorage<[Int]>(path: path, format: 2).save([5])

    // when
    let (value, error) = FileStorage<[Int]>(path: path, format: 1).load(default: [])

    // then
    XCTAssertEqual(value, [])
    XCTAssertEqual(
      error, .futureFormat(path: path, keptAs: "\(path).bad-1", found: 2, supported: 1))
    XCTAssertEqual(try files(), ["favourites.json.bad-1"])
  }

  func test_load_ofASecondBadFile_neverOverwritesTheFirst() async throws {
    // given
    try write("first")
    _ = FileStorage<[Int]>(path: path).load(default: [])
    try write("second")

    // when
    let (_, error) = FileStorage<[Int]>(path: path).load(default: [])

    // then
    XCTAssertEqual(error.map(Self.keptAs), "\(path).bad-2")
    XCTAssertEqual(try files(), ["favourites.json.bad-1", "favourites.json.bad-2"])
    XCTAssertEqual(try String(contentsOfFile: "\(path).bad-1", encoding: .utf8), "first")
    XCTAssertEqual(try String(contentsOfFile: "\(path).bad-2", encoding: .utf8), "second")
  }

  private static func keptAs(_ error: PersistenceError) -> String? {
    switch error {
    case .unreadable(_, let keptAs, _), .futureFormat(_, let keptAs, _, _): keptAs
    case .readFailed, .writeFailed, .inUse: nil
    }
  }

  // MARK: - Files that are never replaced

  /// A storage whose reads of the file fail as they do without permission: the tests run as
  /// root, for whom no permission fails.
  private func storageThatCannotRead() -> FileStorage<[Int]> {
    let path = self.path
    return FileStorage(
      path: path,
      system: FileSystemCalls(open: { opened, flags in
        guard opened != path else {
          errno = EACCES
          return -1
        }
        return FileSystemCalls.system.open(opened, flags)
      }))
  }

  func test_fileThatCannotBeRead_isNeverReplaced_andTheChangesStayInMemory() async throws {
    // given
    try write(#"{"format":1,"value":[1,2,3]}"#)
    var errors: [PersistenceError] = []

    // when
    let persistence = FilePersistence(storageThatCannotRead(), default: [], clock: TestClock()) {
      errors.append($0)
    }
    persistence.shared.set([4])
    await persistence.flush()

    // then
    XCTAssertEqual(errors.count, 1)
    guard case .readFailed(let errorPath, let reason) = errors.first else {
      return XCTFail("expected .readFailed, got \(errors)")
    }
    XCTAssertEqual(errorPath, path)
    XCTAssertTrue(reason.contains(String(cString: strerror(EACCES))), reason)
    XCTAssertFalse(persistence.savesChanges)
    XCTAssertTrue(persistence.hasUnsavedChanges)
    XCTAssertEqual(persistence.writeCount, 0)
    XCTAssertEqual(persistence.shared.value, [4])
    XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), #"{"format":1,"value":[1,2,3]}"#)
    XCTAssertEqual(try files(), ["favourites.json", "favourites.json.lock"])
  }

  func test_save_overAFileThatCannotBeRead_isRefused() async throws {
    // given
    try write(#"{"format":1,"value":[1,2,3]}"#)

    // when
    XCTAssertThrowsError(try storageThatCannotRead().save([4])) { error in
      // then
      guard case .writeFailed(_, let reason) = error as? PersistenceError else { return XCTFail("\(error)") }
      XCTAssertTrue(reason.hasPrefix("it cannot be read"), reason)
    }
    XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), #"{"format":1,"value":[1,2,3]}"#)
    XCTAssertEqual(try files(), ["favourites.json"])
  }

  func test_badFileThatCannotBeKeptAside_isNeverReplaced_andTheChangesStayInMemory() async throws {
    // given: a file system that refuses a second name, as some do
    try write("{oops")
    let storage = FileStorage<[Int]>(
      path: path,
      system: FileSystemCalls(link: { _, _ in
        errno = EPERM
        return -1
      }))
    var errors: [PersistenceError] = []

    // when
    let persistence = FilePersistence(storage, default: [], clock: TestClock()) { errors.append($0) }
    persistence.shared.set([4])
    await persistence.flush()

    // then
    guard case .readFailed(_, let reason) = errors.first, errors.count == 1 else {
      return XCTFail("expected one .readFailed, got \(errors)")
    }
    XCTAssertTrue(reason.hasPrefix("it could not be kept aside"), reason)
    XCTAssertFalse(persistence.savesChanges)
    XCTAssertTrue(persistence.hasUnsavedChanges)
    XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "{oops")
    XCTAssertEqual(try files(), ["favourites.json", "favourites.json.lock"])
  }

  func test_fifo_isRefusedAtOnce_neverOpenedToWait_neverReplaced() async throws {
    // given
    XCTAssertEqual(mkfifo(path, 0o644), 0)
    let path = self.path
    let loaded = expectation(description: "loaded")
    let outcome = Locked<(error: PersistenceError?, saveError: PersistenceError?)>((nil, nil))

    // when: off the main actor, so that a load that blocks fails the wait below
    Thread {
      let storage = FileStorage<[Int]>(path: path)
      let error = storage.load(default: []).error
      var saveError: PersistenceError?
      do throws(PersistenceError) { try storage.save([1]) } catch { saveError = error }
      outcome.withLock { $0 = (error, saveError) }
      loaded.fulfill()
    }.start()
    await fulfillment(of: [loaded], timeout: 10)
    // A load that blocked waits for a writer: this one lets it go on and end.
    let release = open(path, O_WRONLY | O_NONBLOCK)
    if release >= 0 { close(release) }

    // then
    let (error, saveError) = outcome.withLock { $0 }
    XCTAssertEqual(
      error, .readFailed(path: path, reason: "it is a FIFO, not a regular file"))
    XCTAssertEqual(
      saveError, .writeFailed(path: path, reason: "it is a FIFO, not a regular file"))
    var info = stat()
    XCTAssertEqual(lstat(path, &info), 0)
    XCTAssertEqual(info.st_mode & 0o170000, 0o010000)
    XCTAssertEqual(try files(), ["favourites.json"])
  }

  func test_deviceNode_isRefused_neverRenamed_neverReplaced() async throws {
    // given: a link to the null device, so that a faulty version could rename only the link
    XCTAssertEqual(symlink("/dev/null", path), 0)

    // when
    let storage = FileStorage<[Int]>(path: path)
    let (value, error) = storage.load(default: [5])

    // then
    XCTAssertEqual(value, [5])
    XCTAssertEqual(error, .readFailed(path: path, reason: "it is a character device, not a regular file"))
    XCTAssertThrowsError(try storage.save([1])) { error in
      XCTAssertEqual(
        error as? PersistenceError,
        .writeFailed(path: path, reason: "it is a character device, not a regular file"))
    }
    XCTAssertEqual(try files(), ["favourites.json"])
    XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: path), "/dev/null")
    var info = stat()
    XCTAssertEqual(stat("/dev/null", &info), 0)
    XCTAssertEqual(info.st_mode & 0o170000, 0o020000)
  }

  func test_directory_inPlaceOfTheFile_isRefused_andLeftAsItIs() async throws {
    // given
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    var errors: [PersistenceError] = []

    // when
    let persistence = FilePersistence(FileStorage<[Int]>(path: path), default: [], clock: TestClock()) {
      errors.append($0)
    }
    persistence.shared.set([1])
    await persistence.flush()

    // then
    XCTAssertEqual(errors, [.readFailed(path: path, reason: "it is a directory, not a regular file")])
    XCTAssertFalse(persistence.savesChanges)
    XCTAssertTrue(persistence.hasUnsavedChanges)
    var isDirectory: ObjCBool = false
    XCTAssertTrue(FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory))
    XCTAssertTrue(isDirectory.boolValue)
  }

  func test_failedWrite_leavesTheChangeUnsaved_andAWriteThatWorksSavesIt() async throws {
    // given: the directory goes away after the persistence starts
    let directory = "\(self.directory)/state"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
    var errors: [PersistenceError] = []
    let persistence = FilePersistence(
      FileStorage<[Int]>(path: "\(directory)/favourites.json"), default: [], clock: TestClock()
    ) { errors.append($0) }
    try FileManager.default.removeItem(atPath: directory)

    // when
    persistence.shared.set([1])
    await persistence.flush()

    // then
    XCTAssertTrue(persistence.savesChanges)
    XCTAssertTrue(persistence.hasUnsavedChanges)
    XCTAssertEqual(errors.count, 1)
    XCTAssertEqual(persistence.lastError, errors.first)
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
    persistence.shared.set([2])
    await persistence.flush()
    XCTAssertFalse(persistence.hasUnsavedChanges)
    XCTAssertNil(persistence.lastError)
  }

  func test_save_inAMissingDirectory_failsAndCreatesNothing() async throws {
    // given
    let storage = FileStorage<[Int]>(path: "\(directory)/missing/favourites.json")

    // when
    XCTAssertThrowsError(try storage.save([1])) { error in
      // then
      guard case .writeFailed = error as? PersistenceError else { return XCTFail("\(error)") }
    }
    XCTAssertEqual(try files(), [])
  }

  func test_twoWritersAndAReader_theReaderNeverSeesATornFile_andTheLastWriteWins() async throws {
    // given: two writers with their own storages, as two processes have
    let path = self.path
    let big = Array(0..<5_000)
    try FileStorage<[Int]>(path: path).save(big)

    // when
    let writers = (0..<2).map { writer in
      Task.detached {
        let storage = FileStorage<[Int]>(path: path)
        for round in 0..<30 { try storage.save(big.map { $0 + writer * 1_000_000 + round }) }
      }
    }
    let reader = Task.detached { () -> [String] in
      var problems: [String] = []
      for _ in 0..<60 {
        let (value, error) = FileStorage<[Int]>(path: path).load(default: [])
        if let error {
          problems.append("\(error)")
        } else if value.count != big.count {
          problems.append("\(value.count) elements")
        }
      }
      return problems
    }
    for writer in writers { try await writer.value }
    let problems = await reader.value
    try FileStorage<[Int]>(path: path).save([1, 2, 3])

    // then
    XCTAssertEqual(problems, [])
    XCTAssertEqual(FileStorage<[Int]>(path: path).load(default: []).value, [1, 2, 3])
    XCTAssertEqual(try files(), ["favourites.json"])
  }

  func test_save_replacesTheFileWithANewOne_neverWritesInPlace() async throws {
    // given: a second name for the old file, which a write in place would change too
    let storage = FileStorage<[Int]>(path: path)
    try storage.save([1])
    let old = "\(directory)/old.json"
    XCTAssertEqual(link(path, old), 0)

    // when
    try storage.save([2])

    // then
    XCTAssertEqual(try String(contentsOfFile: old, encoding: .utf8), #"{"format":1,"value":[1]}"#)
    XCTAssertEqual(storage.load(default: []).value, [2])
  }

  // MARK: - Links, permissions, leftovers

  func test_symbolicLink_isFollowed_theTargetIsReplacedAndTheLinkStays() async throws {
    // given
    try FileManager.default.createDirectory(atPath: "\(directory)/real", withIntermediateDirectories: false)
    let target = "\(directory)/real/favourites.json"
    try FileStorage<[Int]>(path: target).save([1])
    XCTAssertEqual(symlink("real/favourites.json", path), 0)
    let storage = FileStorage<[Int]>(path: path)

    // when
    XCTAssertEqual(storage.load(default: []).value, [1])
    try storage.save([2])

    // then
    XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: path), "real/favourites.json")
    XCTAssertEqual(FileStorage<[Int]>(path: target).load(default: []).value, [2])
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: "\(directory)/real"), ["favourites.json"])
  }

  func test_readOnlyFile_isRead_butNeverReplaced() async throws {
    // given
    try FileStorage<[Int]>(path: path).save([1])
    XCTAssertEqual(chmod(path, 0o444), 0)
    let storage = FileStorage<[Int]>(path: path)

    // when
    let (value, error) = storage.load(default: [])

    // then
    XCTAssertEqual(value, [1])
    XCTAssertNil(error)
    XCTAssertThrowsError(try storage.save([2])) { error in
      XCTAssertEqual(error as? PersistenceError, .writeFailed(path: path, reason: "it is read-only"))
    }
    XCTAssertEqual(storage.load(default: []).value, [1])
    XCTAssertEqual(try files(), ["favourites.json"])
  }

  func test_save_keepsThePermissionsOfTheFileItReplaces() async throws {
    // given
    try FileStorage<[Int]>(path: path).save([1])
    XCTAssertEqual(chmod(path, 0o600), 0)

    // when
    try FileStorage<[Int]>(path: path).save([2])

    // then
    let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    XCTAssertEqual(permissions, 0o600)
  }

  func test_save_flushesTheFileBeforeTheRename_andTheFolderAfterIt() async throws {
    // given
    let steps = Locked<[String]>([])
    let storage = FileStorage<[Int]>(
      path: path,
      system: FileSystemCalls(
        rename: { from, to in
          steps.withLock { $0.append("rename") }
          return FileSystemCalls.system.rename(from, to)
        },
        fsync: { descriptor in
          var info = stat()
          let isDirectory = fstat(descriptor, &info) == 0 && info.st_mode & 0o170000 == 0o040000
          steps.withLock { $0.append(isDirectory ? "flush the folder" : "flush the file") }
          return FileSystemCalls.system.fsync(descriptor)
        }))

    // when
    try storage.save([1])

    // then
    XCTAssertEqual(steps.withLock { $0 }, ["flush the file", "rename", "flush the folder"])
  }

  func test_leftoverTemporaryFile_ofAProcessThatIsGone_isRemovedByTheNextSaveAndLoad() async throws {
    // given: a process id above any the system hands out, and this process's own, which may be
    // writing
    let gone = ".favourites.json.\(Int32.max).42.tmp"
    let live = ".favourites.json.\(getpid()).43.tmp"
    let other = ".other.json.\(Int32.max).44.tmp"
    for name in [gone, live, other] {
      try Data("half".utf8).write(to: URL(fileURLWithPath: "\(directory)/\(name)"))
    }

    // when
    try FileStorage<[Int]>(path: path).save([1])

    // then
    XCTAssertEqual(try files(), [live, other, "favourites.json"].sorted())
    try Data("half".utf8).write(to: URL(fileURLWithPath: "\(directory)/\(gone)"))
    _ = FileStorage<[Int]>(path: path).load(default: [])
    XCTAssertEqual(try files(), [live, other, "favourites.json"].sorted())
  }

  // MARK: - One writer

  func test_secondPersistence_ofAFile_readsIt_writesNothing_andSaysSoAtOnce() async throws {
    // given
    try FileStorage<[Int]>(path: path).save([1])
    let owner = FilePersistence(FileStorage<[Int]>(path: path), default: [], clock: TestClock()) {
      XCTFail("\($0)")
    }
    var errors: [PersistenceError] = []

    // when
    let second = FilePersistence(FileStorage<[Int]>(path: path), default: [], clock: TestClock()) {
      errors.append($0)
    }
    second.shared.set([1, 2])
    await second.flush()
    owner.shared.set([1, 3])
    await owner.flush()

    // then
    XCTAssertEqual(errors, [.inUse(path: path)])
    XCTAssertEqual(second.lastError, .inUse(path: path))
    XCTAssertFalse(second.savesChanges)
    XCTAssertTrue(second.hasUnsavedChanges)
    XCTAssertEqual(second.writeCount, 0)
    XCTAssertTrue(owner.savesChanges)
    XCTAssertFalse(owner.hasUnsavedChanges)
    XCTAssertEqual(FileStorage<[Int]>(path: path).load(default: []).value, [1, 3])
  }

  func test_persistence_madeAfterTheOwnerIsReleased_ownsTheFile() async throws {
    // given
    var owner: FilePersistence<[Int]>? = FilePersistence(
      FileStorage<[Int]>(path: path), default: [], clock: TestClock()
    ) { XCTFail("\($0)") }
    owner?.shared.set([1])
    await owner?.flush()

    // when
    owner = nil
    let next = FilePersistence(FileStorage<[Int]>(path: path), default: [], clock: TestClock()) {
      XCTFail("\($0)")
    }
    next.shared.update { $0.append(2) }
    await next.flush()

    // then
    XCTAssertTrue(next.savesChanges)
    XCTAssertFalse(next.hasUnsavedChanges)
    XCTAssertEqual(FileStorage<[Int]>(path: path).load(default: []).value, [1, 2])
  }

  // MARK: - Coalescing

  func test_thousandChanges_withinTheDelay_areOneWriteOfTheLast() async throws {
    // given
    let clock = TestClock()
    let persistence = FilePersistence(
      FileStorage<[Int]>(path: path), default: [], clock: clock, delay: .seconds(1)
    ) { XCTFail("\($0)") }

    // when
    for number in 1...1_000 { persistence.shared.update { $0.append(number) } }
    await clock.advance(by: .milliseconds(999))

    // then
    XCTAssertEqual(persistence.writeCount, 0)
    XCTAssertEqual(try files(), ["favourites.json.lock"])
    await clock.advance(by: .milliseconds(1))
    XCTAssertEqual(persistence.writeCount, 1)
    XCTAssertEqual(FileStorage<[Int]>(path: path).load(default: []).value, Array(1...1_000))
    XCTAssertFalse(persistence.hasUnwrittenChanges)
  }

  func test_changeAfterAWrite_isWrittenOneDelayLater() async throws {
    // given
    let clock = TestClock()
    let persistence = FilePersistence(
      FileStorage<[Int]>(path: path), default: [], clock: clock, delay: .seconds(1)
    ) { XCTFail("\($0)") }
    persistence.shared.set([1])
    await clock.advance(by: .seconds(1))

    // when
    persistence.shared.set([2])
    await clock.advance(by: .milliseconds(500))
    persistence.shared.set([3])
    await clock.advance(by: .milliseconds(500))

    // then
    XCTAssertEqual(persistence.writeCount, 2)
    XCTAssertEqual(FileStorage<[Int]>(path: path).load(default: []).value, [3])
  }

  func test_flush_writesAtOnce_andTheTimerWritesNothingMore() async throws {
    // given
    let clock = TestClock()
    let persistence = FilePersistence(
      FileStorage<[Int]>(path: path), default: [], clock: clock, delay: .seconds(1)
    ) { XCTFail("\($0)") }
    persistence.shared.set([7])

    // when
    await persistence.flush()

    // then
    XCTAssertEqual(persistence.writeCount, 1)
    XCTAssertEqual(FileStorage<[Int]>(path: path).load(default: []).value, [7])
    await clock.advance(by: .seconds(5))
    XCTAssertEqual(persistence.writeCount, 1)
    await persistence.flush()
    XCTAssertEqual(persistence.writeCount, 1)
  }

  func test_init_withACorruptFile_reportsOnceAndStartsFromTheDefault() async throws {
    // given
    try write("{oops")
    var errors: [PersistenceError] = []

    // when
    let persistence = FilePersistence(
      FileStorage<[Int]>(path: path), default: [9], clock: TestClock()
    ) { errors.append($0) }

    // then
    XCTAssertEqual(persistence.shared.value, [9])
    XCTAssertEqual(errors.count, 1)
    XCTAssertEqual(errors.first.flatMap(Self.keptAs), "\(path).bad-1")
    persistence.shared.set([10])
    await persistence.flush()
    XCTAssertEqual(try files(), ["favourites.json", "favourites.json.bad-1", "favourites.json.lock"])
  }

  func test_changeMadeWhileAWriteIsInProgress_isWrittenToo() async throws {
    // given: the first write waits before its rename until the test lets it go on
    let reachedRename = expectation(description: "the first write reached its rename")
    let goOn = DispatchSemaphore(value: 0)
    let isFirst = Locked(true)
    let storage = FileStorage<[Int]>(
      path: path,
      system: FileSystemCalls(rename: { from, to in
        if isFirst.withLock({ first in
          defer { first = false }; return first
        }) {
          reachedRename.fulfill()
          _ = goOn.wait(timeout: .now() + 10)
        }
        return FileSystemCalls.system.rename(from, to)
      }))
    let persistence = FilePersistence(storage, default: [], clock: TestClock()) { XCTFail("\($0)") }
    persistence.shared.set([1])
    let flushing = Task { await persistence.flush() }
    await fulfillment(of: [reachedRename], timeout: 10)

    // when
    persistence.shared.set([2])
    goOn.signal()
    await flushing.value

    // then
    XCTAssertEqual(persistence.writeCount, 2)
    XCTAssertEqual(FileStorage<[Int]>(path: path).load(default: []).value, [2])
    XCTAssertFalse(persistence.hasUnsavedChanges)
  }
}
