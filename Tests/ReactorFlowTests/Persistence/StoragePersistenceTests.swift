import Foundation
import ReactorFlow
import ReactorFlowTesting
import XCTest

/// A backend written outside the package: the snippet of PersistentStorage's doc comment.
struct LoggingStorage: PersistentStorage {
  let wrapped: MemoryStorage<[String]>

  func load(default defaultValue: [String]) -> (value: [String], error: PersistenceError?) {
    wrapped.load(default: defaultValue)
  }

  func save(_ value: [String]) throws(PersistenceError) {
    print("saving \(value.count) items")
    try wrapped.save(value)
  }
}

/// A storage whose first save waits, off the main actor, until the test lets it go on.
private struct PausingStorage: PersistentStorage {
  let wrapped = MemoryStorage<[Int]>()
  let reachedSave: XCTestExpectation
  let goOn = DispatchSemaphore(value: 0)
  let isFirst = Locked(true)

  func load(default defaultValue: [Int]) -> (value: [Int], error: PersistenceError?) {
    wrapped.load(default: defaultValue)
  }

  func save(_ value: [Int]) throws(PersistenceError) {
    if isFirst.withLock({ first in
      defer { first = false }
      return first
    }) {
      reachedSave.fulfill()
      _ = goOn.wait(timeout: .now() + 10)
    }
    try wrapped.save(value)
  }
}

/// The persistence shared by every storage, driven through MemoryStorage on a TestClock, and
/// MemoryStorage itself.
@MainActor
final class StoragePersistenceTests: XCTestCase {
  private let failure = PersistenceError.writeFailed(path: "memory", reason: "the disk is full")

  // MARK: - MemoryStorage

  func test_memoryStorage_givesTheDefault_whenEmpty_andWhatItHolds_otherwise() async {
    XCTAssertEqual(MemoryStorage<[Int]>().load(default: [1]).value, [1])
    XCTAssertNil(MemoryStorage<[Int]>().load(default: [1]).error)
    XCTAssertEqual(MemoryStorage<[Int]>([2]).load(default: [1]).value, [2])
    XCTAssertNil(MemoryStorage<[Int]>().value)
  }

  func test_memoryStorage_recordsEachSave_andLoadsTheLatest() async throws {
    // given
    let storage = MemoryStorage<[Int]>([1])

    // when
    try storage.save([2])
    try storage.save([3])

    // then
    XCTAssertEqual(storage.saves, [[2], [3]])
    XCTAssertEqual(storage.value, [3])
    XCTAssertEqual(storage.load(default: []).value, [3])
  }

  func test_memoryStorage_toldToFailASave_throwsItAndStoresNothing_untilToldToStop() async throws {
    // given
    let storage = MemoryStorage<[Int]>([1])
    storage.saveError = failure

    // when
    XCTAssertThrowsError(try storage.save([2])) { error in
      // then
      XCTAssertEqual(error as? PersistenceError, failure)
    }
    XCTAssertEqual(storage.saves, [])
    XCTAssertEqual(storage.value, [1])
    storage.saveError = nil
    try storage.save([3])
    XCTAssertEqual(storage.saves, [[3]])
  }

  func test_memoryStorage_toldToFailALoad_givesTheDefaultAndTheError() async {
    // given
    let storage = MemoryStorage<[Int]>([1], name: "favourites")
    let error = PersistenceError.readFailed(path: "favourites", reason: "locked")
    storage.loadError = error

    // when
    let loaded = storage.load(default: [9])

    // then
    XCTAssertEqual(loaded.value, [9])
    XCTAssertEqual(loaded.error, error)
  }

  func test_memoryStorageSnippet_aFailedSaveLeavesTheChangeUnsaved() async {
    let clock = TestClock()
    let storage = MemoryStorage<[String]>(["tea"])
    let cart = StoragePersistence(storage, default: [], clock: clock) { error in
      print("warning: \(error)")
    }
    storage.saveError = .writeFailed(path: storage.name, reason: "the disk is full")
    cart.shared.update { $0.append("milk") }
    await cart.flush()
    // cart.hasUnsavedChanges is true, cart.lastError is the error, storage.saves is []

    XCTAssertTrue(cart.hasUnsavedChanges)
    XCTAssertEqual(cart.lastError, storage.saveError)
    XCTAssertEqual(storage.saves, [])
  }

  func test_storagePersistenceSnippet_flushSavesTheChange() async {
    let clock = TestClock()
    let cart = StoragePersistence(
      MemoryStorage<[String]>(), default: [], clock: clock
    ) { error in print("warning: \(error)") }
    cart.shared.update { $0.append("tea") }
    await cart.flush()

    XCTAssertEqual(cart.storage.saves, [["tea"]])
    XCTAssertFalse(cart.hasUnsavedChanges)
  }

  func test_storageWrittenOutsideThePackage_isKeptByThePersistence() async {
    // given
    let memory = MemoryStorage<[String]>(["tea"])
    let cart = StoragePersistence(LoggingStorage(wrapped: memory), default: [], clock: TestClock()) {
      XCTFail("\($0)")
    }

    // when
    cart.shared.update { $0.append("milk") }
    await cart.flush()

    // then
    XCTAssertEqual(memory.saves, [["tea", "milk"]])
  }

  // MARK: - Loading

  func test_init_loadsTheStoredValue_andWritesNothingUntilAChange() async {
    // given
    let storage = MemoryStorage<[Int]>([4])
    let clock = TestClock()

    // when
    let persistence = StoragePersistence(storage, default: [], clock: clock) { XCTFail("\($0)") }
    await clock.advance(by: .seconds(5))
    await persistence.flush()

    // then
    XCTAssertEqual(persistence.shared.value, [4])
    XCTAssertEqual(persistence.writeCount, 0)
    XCTAssertTrue(persistence.savesChanges)
    XCTAssertFalse(persistence.hasUnsavedChanges)
    XCTAssertNil(persistence.lastError)
  }

  func test_loadThatFoundBadData_isReportedOnce_andTheNextChangeIsSaved() async {
    // given
    let storage = MemoryStorage<[Int]>([4])
    let bad = PersistenceError.unreadable(path: "memory", keptAs: "memory.bad-1", reason: "corrupt")
    storage.loadError = bad
    var errors: [PersistenceError] = []

    // when
    let persistence = StoragePersistence(storage, default: [1], clock: TestClock()) {
      errors.append($0)
    }

    // then
    XCTAssertEqual(errors, [bad])
    XCTAssertEqual(persistence.lastError, bad)
    XCTAssertEqual(persistence.shared.value, [1])
    XCTAssertTrue(persistence.savesChanges)
    persistence.shared.set([2])
    await persistence.flush()
    XCTAssertEqual(storage.saves, [[2]])
    XCTAssertNil(persistence.lastError)
  }

  func test_loadThatFailed_leavesTheStorageAsItIs_andTheChangesInMemory() async {
    // given
    let storage = MemoryStorage<[Int]>([4])
    let failed = PersistenceError.readFailed(path: "memory", reason: "locked")
    storage.loadError = failed
    var errors: [PersistenceError] = []

    // when
    let persistence = StoragePersistence(storage, default: [], clock: TestClock()) {
      errors.append($0)
    }
    persistence.shared.set([5])
    await persistence.flush()

    // then
    XCTAssertEqual(errors, [failed])
    XCTAssertFalse(persistence.savesChanges)
    XCTAssertTrue(persistence.hasUnsavedChanges)
    XCTAssertEqual(persistence.writeCount, 0)
    XCTAssertEqual(storage.saves, [])
    XCTAssertEqual(storage.value, [4])
  }

  // MARK: - Coalescing

  func test_thousandChanges_withinTheDelay_areOneSaveOfTheLast() async {
    // given
    let storage = MemoryStorage<[Int]>()
    let clock = TestClock()
    let persistence = StoragePersistence(storage, default: [], clock: clock, delay: .seconds(1)) {
      XCTFail("\($0)")
    }

    // when
    for number in 1...1_000 { persistence.shared.update { $0.append(number) } }
    await clock.advance(by: .milliseconds(999))

    // then
    XCTAssertEqual(storage.saves.count, 0)
    XCTAssertTrue(persistence.hasUnwrittenChanges)
    await clock.advance(by: .milliseconds(1))
    XCTAssertEqual(storage.saves, [Array(1...1_000)])
    XCTAssertEqual(persistence.writeCount, 1)
    XCTAssertFalse(persistence.hasUnwrittenChanges)
    XCTAssertFalse(persistence.hasUnsavedChanges)
  }

  func test_changeAfterASave_isSavedOneDelayLater() async {
    // given
    let storage = MemoryStorage<[Int]>()
    let clock = TestClock()
    let persistence = StoragePersistence(storage, default: [], clock: clock, delay: .seconds(1)) {
      XCTFail("\($0)")
    }
    persistence.shared.set([1])
    await clock.advance(by: .seconds(1))

    // when
    persistence.shared.set([2])
    await clock.advance(by: .milliseconds(500))
    persistence.shared.set([3])
    await clock.advance(by: .milliseconds(499))
    XCTAssertEqual(storage.saves, [[1]])
    await clock.advance(by: .milliseconds(1))

    // then
    XCTAssertEqual(storage.saves, [[1], [3]])
  }

  func test_flush_savesAtOnce_andTheTimerSavesNothingMore() async {
    // given
    let storage = MemoryStorage<[Int]>()
    let clock = TestClock()
    let persistence = StoragePersistence(storage, default: [], clock: clock) { XCTFail("\($0)") }
    persistence.shared.set([7])

    // when
    await persistence.flush()

    // then
    XCTAssertEqual(storage.saves, [[7]])
    await clock.advance(by: .seconds(5))
    await persistence.flush()
    XCTAssertEqual(storage.saves, [[7]])
    XCTAssertEqual(persistence.writeCount, 1)
  }

  func test_changeMadeWhileASaveIsInProgress_isSavedToo() async {
    // given
    let storage = PausingStorage(reachedSave: expectation(description: "the first save started"))
    let persistence = StoragePersistence(storage, default: [], clock: TestClock()) {
      XCTFail("\($0)")
    }
    persistence.shared.set([1])
    let flushing = Task { await persistence.flush() }
    await fulfillment(of: [storage.reachedSave], timeout: 10)

    // when
    persistence.shared.set([2])
    XCTAssertTrue(persistence.hasUnsavedChanges)
    storage.goOn.signal()
    await flushing.value

    // then
    XCTAssertEqual(storage.wrapped.saves, [[1], [2]])
    XCTAssertEqual(persistence.writeCount, 2)
    XCTAssertFalse(persistence.hasUnsavedChanges)
  }

  // MARK: - Errors

  func test_failedSave_leavesTheChangeUnsaved_andALaterSaveClearsTheError() async {
    // given
    let storage = MemoryStorage<[Int]>()
    storage.saveError = failure
    var errors: [PersistenceError] = []
    let persistence = StoragePersistence(storage, default: [], clock: TestClock()) {
      errors.append($0)
    }

    // when
    persistence.shared.set([1])
    await persistence.flush()

    // then
    XCTAssertTrue(persistence.hasUnsavedChanges)
    XCTAssertFalse(persistence.hasUnwrittenChanges)
    XCTAssertEqual(persistence.lastError, failure)
    XCTAssertEqual(errors, [failure])
    XCTAssertEqual(persistence.writeCount, 1)
    XCTAssertEqual(storage.saves, [])

    // when: the storage works again, and the next change is saved
    storage.saveError = nil
    persistence.shared.set([2])
    await persistence.flush()

    // then
    XCTAssertFalse(persistence.hasUnsavedChanges)
    XCTAssertNil(persistence.lastError)
    XCTAssertEqual(errors, [failure])
    XCTAssertEqual(storage.saves, [[2]])
  }

  func test_failedSave_isNotRetriedOnItsOwn_butAFlushAfterAChangeIs() async {
    // given
    let storage = MemoryStorage<[Int]>()
    storage.saveError = failure
    let clock = TestClock()
    let persistence = StoragePersistence(storage, default: [], clock: clock) { _ in }
    persistence.shared.set([1])
    await clock.advance(by: .seconds(1))
    XCTAssertEqual(persistence.writeCount, 1)

    // when
    storage.saveError = nil
    await clock.advance(by: .seconds(10))
    await persistence.flush()

    // then: nothing to write until a change, which the app makes (or retries) itself
    XCTAssertEqual(persistence.writeCount, 1)
    XCTAssertTrue(persistence.hasUnsavedChanges)
    persistence.shared.update { $0.append(2) }
    await persistence.flush()
    XCTAssertEqual(storage.saves, [[1, 2]])
    XCTAssertFalse(persistence.hasUnsavedChanges)
  }

  // MARK: - Files

  func test_storagePersistence_ofAFile_takesItsLock_likeFilePersistence() async throws {
    // given
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("StoragePersistenceTests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = "\(directory)/cart.json"
    let owner = StoragePersistence(FileStorage<[Int]>(path: path), default: [], clock: TestClock()) {
      XCTFail("\($0)")
    }
    var errors: [PersistenceError] = []

    // when
    let second = FilePersistence(FileStorage<[Int]>(path: path), default: [], clock: TestClock()) {
      errors.append($0)
    }
    owner.shared.set([1])
    await owner.flush()

    // then
    XCTAssertEqual(errors, [.inUse(path: path)])
    XCTAssertFalse(second.savesChanges)
    XCTAssertEqual(second.persistence.lastError, .inUse(path: path))
    XCTAssertEqual(FileStorage<[Int]>(path: path).load(default: []).value, [1])
  }
}
