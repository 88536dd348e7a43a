import Foundation
import MockGenerator
import XCTest

/// The generator on the symbol graphs of the fixture package (Tests/MockFixtures): it must write,
/// byte for byte once formatted, the mocks that the fixture compiles and tests, and refuse the
/// protocols it cannot mock with a message per requirement. `.ci/mocks.sh` runs the plugin on the
/// fixture itself and checks the same files.
final class MockGeneratorTests: XCTestCase {
  private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")
  private static let fixtureMocks = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("MockFixtures/Tests/ShapesTests/Mocks")
  private static let command =
    "swift package --allow-writing-to-package-directory generate-mocks --target Shapes "
    + "--target MainActorShapes --output Tests/ShapesTests/Mocks"

  func test_shapes_writesTheMocksTheFixtureCompiles() throws {
    try assertWritesTheCommittedMocks(
      of: "Shapes",
      [
        "AccountClientMock.swift", "LoggerMock.swift", "QuoteClientMock.swift", "ReadingMock.swift",
        "StorageMock.swift",
      ])
  }

  func test_mainActorShapes_writesTheMocksTheFixtureCompiles() throws {
    try assertWritesTheCommittedMocks(
      of: "MainActorShapes", ["NavigatorMock.swift", "SessionClientMock.swift", "TodoClientMock.swift"])
  }

  func test_mainActorShapes_isolatesEachMockAsItsProtocol() throws {
    // when
    let files = try mocks(of: "MainActorShapes")

    // then: main-actor requirements make a main-actor mock; a mixed or nonisolated protocol a
    // nonisolated one, whose main-actor requirements stay isolated
    let source = Dictionary(uniqueKeysWithValues: files.map { ($0.name, $0.contents) })
    XCTAssertTrue(source["NavigatorMock.swift"]?.contains("@MainActor final class NavigatorMock") == true)
    XCTAssertTrue(
      source["SessionClientMock.swift"]?.contains("nonisolated final class SessionClientMock") == true)
    XCTAssertTrue(source["SessionClientMock.swift"]?.contains("  @MainActor func signIn(") == true)
    XCTAssertTrue(source["TodoClientMock.swift"]?.contains("nonisolated final class TodoClientMock") == true)
  }

  func test_unmockable_namesEachRequirementAndWhy() throws {
    // when
    let result = MockGenerator.mocks(of: try graph("Unmockable"), command: "regenerate")

    // then
    guard case .failure(let failure) = result else { return XCTFail("expected a refusal, got \(result)") }
    let messages = failure.problems.map { "\($0.declaration): \($0.reason)" }
    let expected = [
      "Repository.Item: it is an associated type",
      "Repository.make(): it is static",
      "Repository.first(): it returns `T`, a generic type",
      "Repository.subscript(_:): it is a subscript",
      "Repository.each(_:): it rethrows",
      "Tagged: it refines `Swift.CustomStringConvertible`, which is declared in another module",
    ]
    for prefix in expected {
      XCTAssertTrue(
        messages.contains { $0.hasPrefix(prefix) }, "no message starts with \(prefix): \(messages)")
    }
    XCTAssertEqual(messages.count, expected.count, "\(messages)")
    XCTAssertEqual(
      failure.problems.first?.description.hasPrefix("/MockFixtures/Sources/Unmockable/Unmockable.swift:"),
      true)
  }

  func test_generating_twice_givesTheSameBytes() throws {
    // when
    let first = try mocks(of: "Shapes")
    let second = try mocks(of: "Shapes")

    // then
    XCTAssertEqual(first, second)
  }

  func test_aGraphWithoutMarkedProtocols_givesNoMock() throws {
    // given: the fixture's graph with the marker lines taken out
    let text = try String(
      contentsOf: Self.fixtures.appendingPathComponent("Shapes.symbols.json"), encoding: .utf8)
    let unmarked = try JSONDecoder().decode(
      SymbolGraph.self, from: Data(text.replacingOccurrences(of: "\"- Mockable\"", with: "\"\"").utf8))

    // when
    let result = MockGenerator.mocks(of: unmarked, command: "regenerate")

    // then
    XCTAssertEqual(try result.get(), [])
  }

  // MARK: - Helpers

  private func graph(_ module: String) throws -> SymbolGraph {
    let url = Self.fixtures.appendingPathComponent("\(module).symbols.json")
    return try JSONDecoder().decode(SymbolGraph.self, from: Data(contentsOf: url))
  }

  private func mocks(of module: String) throws -> [MockGenerator.File] {
    try MockGenerator.mocks(of: try graph(module), command: Self.command).get()
  }

  private func assertWritesTheCommittedMocks(
    of module: String, _ names: [String], file: StaticString = #filePath, line: UInt = #line
  ) throws {
    // given
    let formatter = try XCTUnwrap(
      Self.swiftFormat(), "swift-format, which ships with the toolchain, is not on PATH", file: file,
      line: line)

    // when
    let files = try mocks(of: module)

    // then
    XCTAssertEqual(files.map(\.name), names, file: file, line: line)
    for generated in files {
      let committed = Self.fixtureMocks.appendingPathComponent(generated.name)
      let formatted = try MockFolder.format(generated.contents, as: committed, with: formatter)
      XCTAssertEqual(
        formatted, try String(contentsOf: committed, encoding: .utf8),
        "\(generated.name) differs from the committed mock; run .ci/mocks.sh --update", file: file, line: line
      )
    }
  }

  /// The toolchain's `swift-format`, found as the shell would find it.
  private static func swiftFormat() -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    return path.split(separator: ":").map {
      URL(fileURLWithPath: String($0)).appendingPathComponent("swift-format")
    }
    .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }
}
