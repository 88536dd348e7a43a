import Foundation
import GitHubSearchCore
import XCTest

/// The demo program: what its previews show, in process and as the built `githubsearch-demo`.
final class GitHubSearchDemoTests: XCTestCase {
  static let expected = [
    "# a stubbed reactor with a fixed state",
    "search: reactor",
    "  ReactorKit/ReactorKit",
    "  devxoul/RxTodo",
    "  loading more…",
    "sent: updateQuery(reactorflow), loadNextPage",
    "# a reactor with the preview client",
    "search: swift",
    "  swift/repo-1",
    "  swift/repo-2",
    "  swift/repo-3",
    "  swift/repo-4",
    "  swift/repo-5",
    "  swift/repo-6",
    "  swift/repo-7",
    "  swift/repo-8",
    "  swift/repo-9",
    "next page: none",
  ]

  func test_demo_showsBothPreviews() async {
    let shown = await GitHubSearchDemo.run()
    XCTAssertEqual(shown, Self.expected)
  }

  func test_demoProgram_printsBothPreviews() throws {
    // given
    let executable = try XCTUnwrap(Self.locate(), "githubsearch-demo was not built")
    let process = Process()
    process.executableURL = executable
    let output = Pipe()
    process.standardOutput = output
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }

    // when
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    guard exited.wait(timeout: .now() + 60) == .success else {
      process.terminate()
      return XCTFail("githubsearch-demo did not exit within 60 s")
    }

    // then
    XCTAssertEqual(process.terminationStatus, 0)
    XCTAssertEqual(String(decoding: data, as: UTF8.self), Self.expected.joined(separator: "\n") + "\n")
  }

  /// `githubsearch-demo` next to the test bundle (the build products of `swift test`, whatever its
  /// `--scratch-path`), or in `<package>/.build/debug`.
  private static func locate() -> URL? {
    var directories: [URL] = []
    if let executable = Bundle.main.executableURL {
      directories.append(executable.deletingLastPathComponent())
    }
    for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
      directories.append(bundle.bundleURL.deletingLastPathComponent())
    }
    let package = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    directories.append(package.appendingPathComponent(".build/debug"))
    return directories.map { $0.appendingPathComponent("githubsearch-demo") }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }
}
