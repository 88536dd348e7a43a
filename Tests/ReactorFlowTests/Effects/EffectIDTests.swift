import ReactorFlow
import XCTest

final class EffectIDTests: XCTestCase {
  private struct Name: Hashable, Sendable { let value: String }

  private let values: [any Hashable & Sendable] = [
    1, 2, -1, Int.max, Int.min, UInt8(1), Int64(-1), UInt.max, UInt64(2), Int32(2),
    "search", "", "1", Name(value: "search"), Name(value: "1"), true,
  ]

  func test_equality_everyPairOfValues_isTheEqualityOfTheirAnyHashables() {
    for lhs in values {
      for rhs in values {
        let expected = AnyHashable(lhs) == AnyHashable(rhs)
        XCTAssertEqual(EffectID(lhs) == EffectID(rhs), expected, "\(lhs) and \(rhs)")
      }
    }
  }

  func test_hash_equalIdentifiersOfDifferentTypes_hashAlike() {
    for lhs in values {
      for rhs in values where EffectID(lhs) == EffectID(rhs) {
        XCTAssertEqual(EffectID(lhs).hashValue, EffectID(rhs).hashValue, "\(lhs) and \(rhs)")
      }
    }
    XCTAssertEqual(Set([EffectID(1), EffectID(UInt8(1)), EffectID(Int64(1))]).count, 1)
  }

  func test_base_ofEachKind_isTheWrappedValue() {
    XCTAssertEqual(EffectID(7).base, AnyHashable(7))
    XCTAssertEqual(EffectID("load").base, AnyHashable("load"))
    XCTAssertEqual(EffectID(Name(value: "a")).base, AnyHashable(Name(value: "a")))
    XCTAssertEqual("\(EffectID(7).base)", "7")
  }

  func test_init_fromAnIdentifier_keepsIt() {
    XCTAssertEqual(EffectID(EffectID(3)), EffectID(3))
    XCTAssertEqual(EffectID(EffectID("a")).base, AnyHashable("a"))
    XCTAssertEqual(EffectID(EffectID(Name(value: "a"))), EffectID(Name(value: "a")))
  }
}
