import Foundation
import ReactorFlowTesting
import XCTest

@testable import Shapes

/// A protocol that inherits a requirement, and an internal one that is not `Sendable`.
final class StorageMockTests: XCTestCase {
  func test_storageMock_implementsTheRequirementsItInherits() async throws {
    // given
    let storage = StorageMock()
    storage.readSpy.returns(.success(Data("hello".utf8)))

    // when
    let data = try await storage.read(path: "a.txt")
    try await storage.write(data, to: "b.txt")
    storage.reset()

    // then
    XCTAssertEqual(String(decoding: data, as: UTF8.self), "hello")
    XCTAssertEqual(storage.writeSpy.lastArguments?.path, "b.txt")
    XCTAssertEqual(storage.resetSpy.callCount, 1)
  }

  func test_storageMock_isAReading() async throws {
    // given
    let storage = StorageMock()
    storage.readSpy.returns(.failure(CocoaError(.fileNoSuchFile)))
    let reading: any Reading = storage

    // when
    var thrown: (any Error)?
    do { _ = try await reading.read(path: "missing") } catch { thrown = error }

    // then
    XCTAssertEqual((thrown as? CocoaError)?.code, .fileNoSuchFile)
  }

  func test_loggerMock_recordsTheLines() {
    // given
    let logger = LoggerMock()
    let logged = logger.logSpy
    logger.linesSpy.handler = { _ in logged.allArguments.map(\.message) }

    // when
    logger.log("started", level: 1)

    // then
    XCTAssertEqual(logger.lines, ["started"])
    XCTAssertEqual(logger.logSpy.lastArguments?.level, 1)
  }
}
