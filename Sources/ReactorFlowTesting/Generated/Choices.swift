/// The random choices a generated run is made of, each a number below a bound, drawn from a
/// seeded generator or replayed from a run kept earlier.
///
/// Every value of a run comes from these numbers, and a smaller number always means a simpler
/// value (the first listed case, the low end of a range, a shorter duration). The shrinker
/// therefore edits numbers, never values: it deletes a step's numbers, or lowers one, and replays
/// the run. A replayed number that no longer fits its bound (an earlier edit changed which
/// generator reads it) is clamped to the bound; a missing one reads as zero, the simplest value.
struct Choices {
  /// The generator of new numbers, used when `isRandom` (else missing numbers are zero).
  private var random: SplitMix64
  private let isRandom: Bool
  /// The numbers to replay, one list per step.
  private let replayed: [[UInt64]]
  /// The current step's list, and the position in it.
  private var current: [UInt64] = []
  private var position = 0
  /// Every number read so far, replayed or new, as it was used (clamped), all steps in a row:
  /// the runner notes where each step starts.
  private(set) var drawn: [UInt64] = []

  /// Draws new numbers from `seed`.
  init(seed: UInt64) {
    random = SplitMix64(seed: seed)
    isRandom = true
    replayed = []
  }

  /// Replays `steps`, one list of numbers per step; numbers a step lacks read as zero.
  init(replaying steps: [[UInt64]]) {
    random = SplitMix64(seed: 0)
    isRandom = false
    replayed = steps
  }

  /// Starts step `index`: its replayed numbers, if any, come next.
  mutating func beginStep(_ index: Int) {
    position = 0
    current = index < replayed.count ? replayed[index] : []
  }

  /// A number in `0..<bound`; `bound` must be at least one.
  mutating func draw(below bound: UInt64) -> UInt64 {
    let value: UInt64
    if position < current.count {
      value = min(current[position], bound &- 1)
    } else if isRandom {
      // Lemire's multiply-shift: no division, and a bias that is nil for the bounds tests use.
      value = random.next().multipliedFullWidth(by: bound).high
    } else {
      value = 0
    }
    position += 1
    drawn.append(value)
    return value
  }
}

/// Sebastiano Vigna's SplitMix64: a fast, seedable generator whose every seed gives a good
/// sequence, which is all a test needs (not a cryptographic one).
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed &>> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed &>> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed &>> 31)
  }

  /// The seed of run `index` of a test seeded with `seed`: runs do not share a sequence.
  static func seed(ofRun index: Int, in seed: UInt64) -> UInt64 {
    var generator = SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD1B5_4A32_D192_ED03))
    return generator.next()
  }
}
