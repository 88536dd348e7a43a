/// A tiny seeded PRNG (Steele, Lea and Flood's SplitMix64): the same numbers for the same seed on
/// every platform and Swift version, which the standard library's generators do not promise.
struct SplitMix64 {
  private var state: UInt64

  /// Starts the sequence of the person at `index` of the page of `seed`, whatever the page size.
  init(seed: UInt64, index: Int) {
    state = seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD1B5_4A32_D192_ED03)
    state = next()
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<upperBound` by multiply-high; the bias is below 2^-40 for our bounds.
  mutating func below(_ upperBound: Int) -> Int {
    Int(truncatingIfNeeded: next().multipliedFullWidth(by: UInt64(upperBound)).high)
  }

  mutating func inRange(_ range: ClosedRange<Int>) -> Int { range.lowerBound + below(range.count) }

  mutating func pick<Element>(_ elements: [Element]) -> Element { elements[below(elements.count)] }

  /// FNV-1a: a stable 64-bit hash of a seed string (`Hasher` is randomly seeded per process).
  static func hash(_ text: String) -> UInt64 {
    text.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
  }
}
