import Foundation
import XCTest

/// Every Swift snippet of README.md, of the DocC articles and landing pages, and of the doc
/// comments in `Sources/` (which DocC shows on the symbols' pages) is compiled by a test: each
/// must appear verbatim, at any indentation, in a file under `Tests/` (its leading `import` lines
/// among that file's imports). A snippet that drifts from the code the tests compile fails here.
///
/// Four kinds of block are not Swift that these test targets can compile, and are named here, not
/// skipped silently: package manifest excerpts (`.package(...)`, `.target(...)`); SwiftUI
/// views, UIKit view controllers and SwiftUI controls given a binding's `.swiftUI` (Linux has
/// none of them; `DrivingViewsArticleTests` and `CompositionArticleTests` run the same
/// `ObservedReactor` reads and bindings); and the
/// side-by-side columns of `MigratingFromReactorKit.md` (indented inside `@Row`/`@Column`;
/// one side is ReactorKit and RxSwift), whose ReactorFlow side `MigrationGuideTests` and
/// `MigrationGuideTestingTests` compile in their own shape.
final class DocCSnippetTests: XCTestCase {
  /// The package's root: this file is Tests/ReactorFlowTests/Docs/DocCSnippetTests.swift.
  private static let package = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The catalogs whose pages are checked: every page of each, so that a new article is too.
  private static let catalogs = [
    "Sources/ReactorFlow/ReactorFlow.docc",
    "Sources/ReactorFlowTools/ReactorFlowTools.docc",
    "Sources/ReactorFlowTesting/ReactorFlowTesting.docc",
  ]

  func test_everySnippet_appearsVerbatimInATest() throws {
    // given
    let tests = try Self.testSources()
    XCTAssertGreaterThan(tests.count, 50, "the test sources were not found")
    var checked = 0

    for (page, text) in try Self.pages() + [Self.readme()] {
      for snippet in Self.snippets(in: text) where !snippet.isManifest && !snippet.isAppleView {
        // when
        let match = tests.first { snippet.appears(in: $0.lines) }

        // then
        checked += 1
        XCTAssertNotNil(
          match,
          """
          \(page):\(snippet.line): this snippet is not in any test file; copy it, verbatim, into \
          the test that compiles it:
          \(snippet.lines.joined(separator: "\n"))
          """)
      }
    }
    XCTAssertGreaterThanOrEqual(checked, 15, "fewer snippets than the pages hold were found")
  }

  /// The same rule for the ` ```swift ` blocks of the doc comments in `Sources/`, which DocC shows
  /// on the symbols' pages: each is compiled, verbatim, by a test (most in `SymbolSnippetTests`).
  func test_everyDocCommentSnippet_appearsVerbatimInATest() throws {
    // given
    let tests = try Self.testSources()
    var checked = 0

    for (file, text) in try Self.docComments() {
      for snippet in Self.snippets(in: text) where !snippet.isAppleView {
        // when
        let match = tests.first { snippet.appears(in: $0.lines) }

        // then
        checked += 1
        XCTAssertNotNil(
          match,
          """
          \(file):\(snippet.line): this doc-comment snippet is not in any test file; copy it, \
          verbatim, into the test that compiles it:
          \(snippet.lines.joined(separator: "\n"))
          """)
      }
    }
    XCTAssertGreaterThanOrEqual(checked, 50, "fewer snippets than the doc comments hold were found")
  }

  func test_manifestExcerpts_holdNothingButManifestLines() throws {
    // The rule that leaves manifest excerpts out must not hide code a test should compile.
    var excerpts = 0
    for (page, text) in try Self.pages() + [Self.readme()] {
      for snippet in Self.snippets(in: text) where snippet.isManifest {
        excerpts += 1
        for word in ["func ", "class ", "struct ", "enum ", "XCT", "await "] {
          XCTAssertFalse(snippet.lines.contains { $0.contains(word) }, "\(page):\(snippet.line): \(word)")
        }
      }
    }
    XCTAssertGreaterThan(excerpts, 0)
  }

  // MARK: - Reading snippets

  private struct Snippet {
    /// The line of the page where the code starts.
    let line: Int
    let imports: [String]
    let lines: [String]

    var isManifest: Bool {
      lines.contains { line in
        [".package(", ".target(", ".testTarget(", ".product("].contains { line.contains($0) }
      }
    }

    /// A SwiftUI view (`struct Name: View {`) or a UIKit view controller
    /// (`final class Name: UIViewController, ...`), or SwiftUI controls given a binding's
    /// `.swiftUI`, which Linux cannot compile.
    var isAppleView: Bool {
      guard let first = lines.first else { return false }
      let isSwiftUIView = first.hasPrefix("struct ") && first.hasSuffix(": View {")
      let isViewController = first.hasPrefix("final class ") && first.contains("ViewController, ReactorView")
      let isSwiftUIOnly = first == "#if canImport(SwiftUI)"
      let usesSwiftUIBinding = lines.contains { $0.contains(".swiftUI)") }
      return isSwiftUIView || isViewController || isSwiftUIOnly || usesSwiftUIBinding
    }

    /// Whether `file` holds the snippet's lines in a row, each with the same indentation, and
    /// imports what the snippet imports. A trailing `//` comment may be aligned with more spaces
    /// in the snippet than the two that `swift format` leaves before it in a test.
    func appears(in file: [String]) -> Bool {
      guard let first = lines.first.map(Self.aligned) else { return true }
      guard imports.allSatisfy(file.contains) else { return false }
      for start in file.indices where Self.aligned(file[start]).hasSuffix(first) {
        let indent = Self.aligned(file[start]).dropLast(first.count)
        guard indent.allSatisfy({ $0 == " " }), start + lines.count <= file.count else { continue }
        let matches = lines.indices.allSatisfy { offset in
          let line = Self.aligned(file[start + offset])
          return lines[offset].isEmpty
            ? line.allSatisfy(\.isWhitespace) : line == indent + Self.aligned(lines[offset])
        }
        if matches { return true }
      }
      return false
    }

    /// `line` with two spaces before its trailing `//` comment, however many it had.
    private static func aligned(_ line: String) -> String {
      guard let comment = line.range(of: " //") else { return line }
      let code = line[..<comment.lowerBound].reversed().drop { $0 == " " }.reversed()
      guard code.contains(where: { $0 != " " }) else { return line }
      return String(code) + "  " + line[line.index(after: comment.lowerBound)...]
    }
  }

  /// The ` ```swift ` blocks that start at the beginning of a line (the migration guide's columns
  /// are indented), with their leading imports split off.
  private static func snippets(in text: String) -> [Snippet] {
    var snippets: [Snippet] = []
    var current: (line: Int, lines: [String])?
    for (index, line) in text.components(separatedBy: "\n").enumerated() {
      if current == nil, line.hasPrefix("```swift") {
        current = (index + 2, [])
      } else if let block = current, line.hasPrefix("```") {
        let imports = Array(block.lines.prefix { $0.hasPrefix("import ") })
        let body = block.lines.dropFirst(imports.count).drop { $0.isEmpty }
        snippets.append(Snippet(line: block.line, imports: imports, lines: Array(body)))
        current = nil
      } else {
        current?.lines.append(line)
      }
    }
    return snippets
  }

  /// The doc comments of every Swift file under `Sources/`, one text per file: each `///` line
  /// without its `/// ` and indentation, and every other line empty, so that a snippet's line is
  /// its line in the file and a block never runs on past its comment.
  private static func docComments() throws -> [(path: String, text: String)] {
    let sources = package.appendingPathComponent("Sources")
    guard let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) else {
      return []
    }
    var comments: [(path: String, text: String)] = []
    for case let file as URL in files where file.pathExtension == "swift" {
      let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n").map { line in
        let code = line.drop { $0 == " " }
        guard code.hasPrefix("///") else { return "" }
        let comment = code.dropFirst(3)
        return String(comment.hasPrefix(" ") ? comment.dropFirst() : comment)
      }
      let path = "Sources/" + file.path.dropFirst(sources.path.count + 1)
      comments.append((path, lines.joined(separator: "\n")))
    }
    XCTAssertGreaterThan(comments.count, 50, "the sources were not found")
    return comments.sorted { $0.path < $1.path }
  }

  /// The package's README.md, whose snippets are held to the same rule as the articles'.
  private static func readme() throws -> (path: String, text: String) {
    let file = package.appendingPathComponent("README.md")
    return ("README.md", try String(contentsOf: file, encoding: .utf8))
  }

  /// Every Markdown page of the catalogs, with its path from the package root.
  private static func pages() throws -> [(path: String, text: String)] {
    var pages: [(path: String, text: String)] = []
    for catalog in catalogs {
      let folder = package.appendingPathComponent(catalog)
      guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
        continue
      }
      for case let file as URL in files where file.pathExtension == "md" {
        let path = catalog + "/" + file.path.dropFirst(folder.path.count + 1)
        pages.append((path, try String(contentsOf: file, encoding: .utf8)))
      }
    }
    XCTAssertGreaterThanOrEqual(pages.count, 6, "the catalogs' pages were not found")
    return pages.sorted { $0.path < $1.path }
  }

  private static func testSources() throws -> [(path: String, lines: [String])] {
    let tests = package.appendingPathComponent("Tests")
    guard let files = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil) else {
      return []
    }
    var sources: [(path: String, lines: [String])] = []
    for case let file as URL in files where file.pathExtension == "swift" {
      let text = try String(contentsOf: file, encoding: .utf8)
      sources.append((file.path, text.components(separatedBy: "\n")))
    }
    return sources
  }
}
