import Foundation
import XCTest

@testable import randomuser

/// State files as earlier versions of `randomuser` wrote them, kept in `Fixtures/`: the current
/// version must read each, forever.
final class FavouritesFileFormatTests: XCTestCase {
  func test_stateFileOfFormat1_isRead() async throws {
    // given: a copy, so that the fixture never changes
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/favourites-format-1.json")
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("FavouritesFileFormatTests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = "\(directory)/favourites.json"
    try FileManager.default.copyItem(atPath: fixture.path, toPath: path)

    // when
    let (favourites, error) = await FavouritesStore.storage(path: path).load(default: [])

    // then
    XCTAssertNil(error)
    XCTAssertEqual(favourites, ["5e1f0a52-3c1e-4c7a-9a3e-2f0b8e1d4c6a", "tinyheron215"])
  }
}
