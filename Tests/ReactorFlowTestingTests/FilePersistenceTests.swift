import Foundation
import ReactorFlowTesting
import XCTest

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
    case .readFailed, .writeFailed: nil
    }
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
    XCTAssertEqual(try files(), [])
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
    XCTAssertEqual(try files(), ["favourites.json", "favourites.json.bad-1"])
  }
}
