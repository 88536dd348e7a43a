import Foundation
import ReactorFlow
import XCTest

/// Files of earlier formats, frozen in `Fixtures/` as an earlier version wrote them, read by the
/// current storage: they must decode forever.
final class FileMigrationTests: XCTestCase {
  private struct Item: Codable, Equatable, Sendable {
    var name: String
    var count: Int
  }

  private struct Cart: Codable, Equatable, Sendable {
    var items: [Item]
  }

  private var directory = ""

  override func setUp() async throws {
    directory =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("FileMigrationTests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  }

  override func tearDown() async throws {
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// Format 1 held names, format 2 items with counts, format 3 (now) a cart of items.
  private func storage(_ path: String) -> FileStorage<Cart> {
    let storage = FileStorage<Cart>(
      path: path, format: 3,
      migrations: [
        FileMigration(from: 1, decoding: [String].self) { names in
          names.map { Item(name: $0, count: 1) }
        },
        FileMigration(from: 2, decoding: [Item].self) { items in Cart(items: items) },
      ])
    return storage
  }

  /// A copy of the fixture `name` in the temporary directory, so that the fixture never changes.
  private func copyOfFixture(_ name: String) throws -> String {
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/\(name)")
    let path = "\(directory)/cart.json"
    try FileManager.default.copyItem(atPath: fixture.path, toPath: path)
    return path
  }

  func test_fileOfFormat1_goesThroughEveryMigration() async throws {
    // when
    let (cart, error) = storage(try copyOfFixture("cart-format-1.json")).load(default: Cart(items: []))

    // then
    XCTAssertNil(error)
    XCTAssertEqual(cart, Cart(items: [Item(name: "tea", count: 1), Item(name: "milk", count: 1)]))
  }

  func test_fileOfFormat2_goesThroughTheLastMigration() async throws {
    // when
    let (cart, error) = storage(try copyOfFixture("cart-format-2.json")).load(default: Cart(items: []))

    // then
    XCTAssertNil(error)
    XCTAssertEqual(cart, Cart(items: [Item(name: "tea", count: 2), Item(name: "bread", count: 1)]))
  }

  func test_migratedFile_isWrittenInTheCurrentFormatByTheNextSave() async throws {
    // given
    let path = try copyOfFixture("cart-format-1.json")
    let storage = storage(path)
    let (cart, _) = storage.load(default: Cart(items: []))

    // when
    try storage.save(cart)

    // then
    XCTAssertEqual(
      try String(contentsOfFile: path, encoding: .utf8),
      #"{"format":3,"value":{"items":[{"count":1,"name":"tea"},{"count":1,"name":"milk"}]}}"#)
  }

  func test_fileOfALaterFormat_isStillKeptAside() async throws {
    // given
    let path = "\(directory)/cart.json"
    try Data(#"{"format":4,"value":{}}"#.utf8).write(to: URL(fileURLWithPath: path))

    // when
    let (cart, error) = storage(path).load(default: Cart(items: []))

    // then
    XCTAssertEqual(cart, Cart(items: []))
    XCTAssertEqual(error, .futureFormat(path: path, keptAs: "\(path).bad-1", found: 4, supported: 3))
  }

  func test_fileThatAMigrationCannotRead_isKeptAside() async throws {
    // given: format 1 held names, not numbers
    let path = "\(directory)/cart.json"
    try Data(#"{"format":1,"value":[1,2]}"#.utf8).write(to: URL(fileURLWithPath: path))

    // when
    let (cart, error) = storage(path).load(default: Cart(items: []))

    // then
    XCTAssertEqual(cart, Cart(items: []))
    guard case .unreadable(_, let keptAs, let reason) = error else {
      return XCTFail("\(String(describing: error))")
    }
    XCTAssertEqual(keptAs, "\(path).bad-1")
    XCTAssertTrue(reason.hasPrefix("format 1 could not be migrated"), reason)
  }
}
