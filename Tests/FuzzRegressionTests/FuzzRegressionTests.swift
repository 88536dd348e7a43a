import Foundation
import XCTest

/// Every input a fuzz target was given as a seed (`Tests/Fuzz/Corpus/<target>`) or kept after a
/// crash (`Tests/FuzzRegressions/<target>`, by `.ci/fuzz.sh`), through the same check as under
/// libFuzzer (`FuzzTarget.check(_:)`, its sources linked from the fuzz package), so that a bug
/// the fuzzer found stays fixed.
@MainActor
final class FuzzRegressionTests: XCTestCase {
  func test_keptInputs_passEveryTargetsCheck() async throws {
    try await checkEveryInput(under: "FuzzRegressions")
  }

  func test_seeds_passEveryTargetsCheck() async throws {
    try await checkEveryInput(under: "Fuzz/Corpus")
  }

  private func checkEveryInput(under folder: String) async throws {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    var checked = 0
    for target in FuzzTarget.allCases {
      let directory = tests.appendingPathComponent(folder).appendingPathComponent(target.rawValue)
      let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
      for name in names.sorted() where !name.hasPrefix(".") {
        let data = try Data(contentsOf: directory.appendingPathComponent(name))
        do {
          try await target.check(data)
        } catch {
          XCTFail("\(folder)/\(target.rawValue)/\(name): \(error)")
        }
        checked += 1
      }
    }
    XCTAssertGreaterThan(checked, 0, "no input found under Tests/\(folder)")
  }
}
