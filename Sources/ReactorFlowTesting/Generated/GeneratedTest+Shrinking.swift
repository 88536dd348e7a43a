extension GeneratedTest {
  /// Shrinks a failing run, given as the numbers of each step, to a smaller one that breaks the
  /// same invariant: first by deleting steps, in halves, then quarters, down to single steps
  /// (delta debugging); then by lowering each number, to zero or as low as a binary search
  /// finds; then by moving simpler steps before others, so that steps whose order does not
  /// matter come out in one order. A change is kept only when the replay still breaks the
  /// invariant and the result is smaller (fewer steps, or the same steps with a lower number
  /// first), so shrinking ends. The result is minimal for these changes: no step can be deleted,
  /// no number lowered and no two neighbours swapped, which is not always the shortest sequence.
  /// - Returns: The smallest run found, and how many replays it took.
  func shrink(
    _ original: [[UInt64]], invariant: Int, _ location: SourceLocation
  ) async -> (steps: [[UInt64]], replays: Int) {
    var current = original
    var replays = 0

    /// Replays `candidate`; keeps it (as it was actually drawn, and cut at the breach) when it
    /// breaks the invariant and is smaller.
    func attempt(_ candidate: [[UInt64]]) async -> Bool {
      guard replays < shrinkLimit else { return false }
      replays += 1
      var choices = Choices(replaying: candidate)
      let result = await execute(&choices, limit: candidate.count, coverage: nil, location)
      guard case .broke(let breach) = result.outcome, breach.invariant == invariant else { return false }
      let replayed = Self.split(choices.drawn, at: result.stepStarts, through: breach.step)
      guard Self.isSmaller(replayed, than: current) else { return false }
      current = replayed
      return true
    }

    var improved = true
    while improved && replays < shrinkLimit {
      improved = false
      var size = max(current.count / 2, 1)
      while size >= 1 && !current.isEmpty {
        var start = 0
        while start < current.count {
          var candidate = current
          candidate.removeSubrange(start..<min(start + size, candidate.count))
          if await attempt(candidate) {
            improved = true
          } else {
            start += size
          }
        }
        size /= 2
      }
      var step = 0
      while step < current.count {
        var position = 0
        while step < current.count && position < current[step].count {
          let value = current[step][position]
          if value > 0 {
            var candidate = current
            candidate[step][position] = 0
            if await attempt(candidate) {
              improved = true
            } else {
              // The lowest value that still fails, between one that does not and one that does.
              var low: UInt64 = 0
              var high = value
              while high - low > 1 && step < current.count && position < current[step].count {
                let middle = low + (high - low) / 2
                var candidate = current
                candidate[step][position] = middle
                if await attempt(candidate) {
                  improved = true
                  high = middle
                } else {
                  low = middle
                }
              }
            }
          }
          position += 1
        }
        step += 1
      }
      var index = 0
      while index + 1 < current.count {
        var candidate = current
        candidate.swapAt(index, index + 1)
        if Self.isSmaller(candidate, than: current), await attempt(candidate) {
          improved = true
        }
        index += 1
      }
    }
    return (current, replays)
  }

  /// Whether `candidate` is a smaller run than `current`: fewer steps, or as many with the first
  /// differing number lower.
  static func isSmaller(_ candidate: [[UInt64]], than current: [[UInt64]]) -> Bool {
    if candidate.count != current.count { return candidate.count < current.count }
    let flat = candidate.joined()
    let currentFlat = current.joined()
    for (number, currentNumber) in zip(flat, currentFlat) where number != currentNumber {
      return number < currentNumber
    }
    return flat.count < currentFlat.count
  }
}
