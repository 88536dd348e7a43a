import XCTest

@testable import ReactorFlow

/// The change log writes integers with its own digits, as bytes and as strings: both must read
/// exactly as the standard library's `description`.
final class DecimalDigitsTests: XCTestCase {
  func test_signedValues_readAsTheirDescription() {
    for value in Self.signedValues {
      XCTAssertEqual(DecimalDigits.string(value.magnitude, negative: value < 0), String(value))
      XCTAssertEqual(Self.bytes { $0.appendDecimal(value) }, String(value))
    }
  }

  func test_unsignedValues_readAsTheirDescription() {
    for value in Self.unsignedValues {
      XCTAssertEqual(DecimalDigits.string(value, negative: false), String(value))
      XCTAssertEqual(Self.bytes { $0.appendDecimal(value, negative: false) }, String(value))
    }
  }

  func test_manyValuesInOneBuffer_readAsTheirDescriptions() {
    // Enough values to make the buffer grow past its first capacity.
    let values = Self.signedValues
    let written = Self.bytes { buffer in
      for value in values {
        buffer.appendDecimal(value)
        buffer.append(byte: UInt8(ascii: " "))
      }
    }
    XCTAssertEqual(written, values.map { "\(String($0)) " }.joined())
  }

  /// What `body` adds to a buffer, read back as a string.
  private static func bytes(_ body: (StandardErrorBuffer) -> Void) -> String {
    var written: [UInt8] = []
    let buffer = StandardErrorBuffer(capacity: 8) { written.append(contentsOf: $0) }
    body(buffer)
    buffer.flush()
    return String(decoding: written, as: UTF8.self)
  }

  /// Every length of digits at its edges (0, 9, 10, 99, 100, ...), the extremes, and a spread of
  /// values from a fixed pseudo-random sequence.
  private static let unsignedValues: [UInt64] = {
    var values: [UInt64] = [0, 1, UInt64.max, UInt64.max - 1]
    var power: UInt64 = 1
    for _ in 0..<20 {
      values += [power, power &* 9, power - 1, power + 1]
      guard power <= UInt64.max / 10 else { break }
      power *= 10
    }
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for _ in 0..<500 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      values.append(state >> (state % 60))
    }
    return values
  }()

  private static let signedValues: [Int64] = {
    var values: [Int64] = [Int64.min, Int64.min + 1, Int64.max, -1, 0]
    for value in unsignedValues where value <= UInt64(Int64.max) {
      values += [Int64(value), -Int64(value)]
    }
    return values
  }()
}
