import Foundation
import ReactorFlow
import ReactorFlowTools
import XCTest

/// Values whose mirrors show private storage, a set, and a type that says how it appears.
private struct Profile {
  /// Its mirror says it is one line.
  struct Handle: CustomReflectable, CustomStringConvertible {
    var raw: String
    var description: String { "@\(raw)" }
    var customMirror: Mirror { Mirror(self, children: []) }
  }

  /// Private storage only: it is shown as its description.
  struct Opaque: CustomStringConvertible {
    var _bits: UInt64 = 42
    var description: String { "opaque" }
  }

  var site = URL(string: "https://example.com/a?b=c")
  var born = Date(timeIntervalSince1970: 1_000_000_000.25)
  var id = UUID(uuidString: "12345678-1234-1234-1234-123456789ABC")
  var photo = Data([1, 2, 3])
  var tags: Set<String> = ["zeta", "alpha", "mu"]
  var handle = Handle(raw: "ada")
  var opaque = Opaque()
}

final class StateOutlineTests: XCTestCase {
  func test_outline_showsValuesNotPrivateStorage() {
    // when
    let lines = StateDiff.outline(Profile())

    // then
    XCTAssertEqual(
      lines.dropFirst(),
      [
        "  - site: https://example.com/a?b=c",
        "  - born: 2001-09-09T01:46:40.250Z",
        "  - id: 12345678-1234-1234-1234-123456789ABC",
        "  - photo: 3 bytes, FNV-1a \(Self.fnv([1, 2, 3]))",
        "  ▿ tags: 3 elements",
        "    - \"alpha\"",
        "    - \"mu\"",
        "    - \"zeta\"",
        "  - handle: @ada",
        "  - opaque: opaque",
      ])
  }

  func test_outline_dateBeforeTheEpoch_isInISO8601() {
    XCTAssertEqual(StateDiff.outline(Date(timeIntervalSince1970: -86_400 * 365)), ["- 1969-01-01T00:00:00Z"])
  }

  private static func fnv(_ bytes: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}
