import Foundation
import ReactorFlow
import ReactorFlowTesting
import XCTest

/// A key-value store in a dictionary, as UserDefaults would be, that can refuse writes.
private final class Store: Sendable {
  let entries = Locked<[String: Data]>([:])
  let refusal = Locked<String?>(nil)

  subscript(key: String) -> String? {
    entries.withLock { $0[key] }.map { String(decoding: $0, as: UTF8.self) }
  }

  func put(_ text: String, at key: String) {
    entries.withLock { $0[key] = Data(text.utf8) }
  }

  var keys: [String] { entries.withLock { $0.keys.sorted() } }

  func storage<Value: Codable & Sendable>(
    _ type: Value.Type = Value.self, format: Int = 1, migrations: [FileMigration] = []
  ) -> KeyValueStorage<Value> {
    KeyValueStorage(
      key: "cart", format: format, migrations: migrations,
      read: { [self] key in entries.withLock { $0[key] } },
      write: { [self] key, data in
        if let reason = refusal.withLock({ $0 }) { throw Refused(reason: reason) }
        entries.withLock { $0[key] = data }
      })
  }
}

private struct Refused: Error, CustomStringConvertible {
  var reason: String
  var description: String { reason }
}

@MainActor
final class KeyValueStorageTests: XCTestCase {
  private let store = Store()

  // MARK: - Round trip

  func test_keyValueStorageSnippet_isMadeWithoutStoringAnything() async {
    let storage = KeyValueStorage<[String]>(
      key: "cart",
      read: { UserDefaults.standard.data(forKey: $0) },
      write: { UserDefaults.standard.set($1, forKey: $0) })

    XCTAssertEqual(storage.key, "cart")
    XCTAssertEqual(storage.format, 1)
    XCTAssertEqual(storage.migrations.count, 0)
  }

  func test_load_withNothingUnderTheKey_givesTheDefaultAndWritesNothing() async {
    // when
    let (value, error) = store.storage([Int].self).load(default: [1])

    // then
    XCTAssertEqual(value, [1])
    XCTAssertNil(error)
    XCTAssertEqual(store.keys, [])
  }

  func test_save_thenLoad_givesTheValue_inTheBytesOfAFile() async throws {
    // given
    let storage = store.storage([Int].self)

    // when
    try storage.save([3, 7])

    // then
    XCTAssertEqual(storage.load(default: []).value, [3, 7])
    XCTAssertNil(storage.load(default: []).error)
    XCTAssertEqual(store["cart"], #"{"format":1,"value":[3,7]}"#)
    XCTAssertEqual(store.keys, ["cart"])
  }

  func test_load_ofAnEarlierFormat_goesThroughTheMigrations() async {
    // given
    store.put(#"{"format":1,"value":["tea","milk"]}"#, at: "cart")
    let storage = store.storage(
      Int.self, format: 2,
      migrations: [FileMigration(from: 1, decoding: [String].self) { names in names.count }])

    // when
    let (value, error) = storage.load(default: 0)

    // then
    XCTAssertEqual(value, 2)
    XCTAssertNil(error)
  }

  // MARK: - Bad data

  func test_load_ofCorruptBytes_givesTheDefault_copiesThemAside_andLeavesThemUnderTheKey() async {
    // given
    store.put("{oops", at: "cart")

    // when
    let (value, error) = store.storage([Int].self).load(default: [42])

    // then
    XCTAssertEqual(value, [42])
    guard case .unreadable(let key, let keptAs, let reason) = error else {
      return XCTFail("expected .unreadable, got \(String(describing: error))")
    }
    XCTAssertEqual(key, "cart")
    XCTAssertEqual(keptAs, "cart.bad-1")
    XCTAssertTrue(reason.hasPrefix("not valid JSON"), reason)
    XCTAssertEqual(store["cart.bad-1"], "{oops")
    XCTAssertEqual(store["cart"], "{oops")
  }

  func test_load_ofTheSameBadBytesAgain_namesTheCopyAlreadyMade() async {
    // given
    store.put("{oops", at: "cart")
    _ = store.storage([Int].self).load(default: [])

    // when
    let (_, error) = store.storage([Int].self).load(default: [])

    // then
    XCTAssertEqual(error?.description.contains("kept as cart.bad-1"), true)
    XCTAssertEqual(store.keys, ["cart", "cart.bad-1"])
  }

  func test_load_ofOtherBadBytes_neverOverwritesAnEarlierCopy() async {
    // given
    store.put("first", at: "cart")
    _ = store.storage([Int].self).load(default: [])
    store.put("second", at: "cart")

    // when
    let (_, error) = store.storage([Int].self).load(default: [])

    // then
    guard case .unreadable(_, let keptAs, _) = error else { return XCTFail("\(String(describing: error))") }
    XCTAssertEqual(keptAs, "cart.bad-2")
    XCTAssertEqual(store["cart.bad-1"], "first")
    XCTAssertEqual(store["cart.bad-2"], "second")
  }

  func test_load_ofAFutureFormat_givesTheDefault_andCopiesItAside() async throws {
    // given
    try store.storage([Int].self, format: 2).save([5])

    // when
    let (value, error) = store.storage([Int].self, format: 1).load(default: [])

    // then
    XCTAssertEqual(value, [])
    XCTAssertEqual(error, .futureFormat(path: "cart", keptAs: "cart.bad-1", found: 2, supported: 1))
    XCTAssertEqual(store["cart.bad-1"], #"{"format":2,"value":[5]}"#)
  }

  func test_badBytes_areReplacedOnlyByTheFirstSavedChange_andTheCopyStays() async {
    // given
    store.put("{oops", at: "cart")
    var errors: [PersistenceError] = []
    let persistence = StoragePersistence(store.storage([Int].self), default: [9], clock: TestClock()) {
      errors.append($0)
    }

    // when: the persistence is made, and nothing changes
    await persistence.flush()

    // then
    XCTAssertEqual(errors.count, 1)
    XCTAssertEqual(persistence.shared.value, [9])
    XCTAssertTrue(persistence.savesChanges)
    XCTAssertEqual(store["cart"], "{oops")

    // when: the app changes the value
    persistence.shared.set([10])
    await persistence.flush()

    // then
    XCTAssertEqual(store["cart"], #"{"format":1,"value":[10]}"#)
    XCTAssertEqual(store["cart.bad-1"], "{oops")
  }

  func test_badBytesThatCannotBeCopied_areNeverReplaced_andTheChangesStayInMemory() async {
    // given
    store.put("{oops", at: "cart")
    store.refusal.withLock { $0 = "the store is read-only" }
    var errors: [PersistenceError] = []

    // when
    let persistence = StoragePersistence(store.storage([Int].self), default: [], clock: TestClock()) {
      errors.append($0)
    }
    store.refusal.withLock { $0 = nil }
    persistence.shared.set([1])
    await persistence.flush()

    // then
    XCTAssertEqual(
      errors, [.readFailed(path: "cart", reason: "it could not be kept aside: the store is read-only")])
    XCTAssertFalse(persistence.savesChanges)
    XCTAssertTrue(persistence.hasUnsavedChanges)
    XCTAssertEqual(persistence.writeCount, 0)
    XCTAssertEqual(store.keys, ["cart"])
    XCTAssertEqual(store["cart"], "{oops")
  }

  // MARK: - Writes

  func test_save_thatTheStoreRefuses_throwsWriteFailed_andLeavesTheValue() async throws {
    // given
    let storage = store.storage([Int].self)
    try storage.save([1])
    store.refusal.withLock { $0 = "quota exceeded" }

    // when
    XCTAssertThrowsError(try storage.save([2])) { error in
      // then
      XCTAssertEqual(error as? PersistenceError, .writeFailed(path: "cart", reason: "quota exceeded"))
    }
    XCTAssertEqual(storage.load(default: []).value, [1])
  }

  func test_save_thatThrowsAPersistenceError_passesItOnAsItIs() async {
    // given
    let error = PersistenceError.writeFailed(path: "settings", reason: "synchronisation failed")
    let storage = KeyValueStorage<[Int]>(key: "cart", read: { _ in nil }, write: { _, _ in throw error })

    // when
    XCTAssertThrowsError(try storage.save([1])) { thrown in
      // then
      XCTAssertEqual(thrown as? PersistenceError, error)
    }
  }
}
