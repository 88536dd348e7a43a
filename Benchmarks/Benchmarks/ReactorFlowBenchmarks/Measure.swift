import Benchmark
import MallocInterposerSwift

/// What one timed region cost, read on the main actor right around the work, so that the hop from
/// the harness's thread to the main actor is not in it.
struct Sample: Sendable {
  var duration: Duration = .zero
  /// `malloc` calls (all threads) made during the region.
  var mallocs = 0
  /// Bytes allocated minus bytes freed during the region (requested sizes).
  var liveBytes = 0
  /// Allocations made minus allocations freed during the region.
  var liveAllocations = 0

  var nanoseconds: Int {
    let (seconds, attoseconds) = duration.components
    return Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
  }
}

/// A reading of the clock and the allocation counters. The interposer counts only while the
/// harness has hooked it, which it does for every benchmark that asks for an allocation metric.
private struct Reading {
  let instant = ContinuousClock.now
  let stats = MallocInterposerSwift.getStatistics()

  func sample(since start: Reading) -> Sample {
    Sample(
      duration: start.instant.duration(to: instant),
      mallocs: stats.mallocCount - start.stats.mallocCount,
      liveBytes: (stats.mallocBytesCount - stats.freeBytesCount)
        - (start.stats.mallocBytesCount - start.stats.freeBytesCount),
      liveAllocations: (stats.mallocCount - stats.freeCount)
        - (start.stats.mallocCount - start.stats.freeCount))
  }
}

/// Runs `body` on the main actor and measures it.
@MainActor
func measured<T>(_ body: () -> T) -> (T, Sample) {
  let start = Reading()
  let result = body()
  let end = Reading()
  return (result, end.sample(since: start))
}

/// Runs `body` on the main actor and measures it, until every task it awaits has finished.
@MainActor
func measured<T>(_ body: () async -> T) async -> (T, Sample) {
  let start = Reading()
  let result = await body()
  let end = Reading()
  return (result, end.sample(since: start))
}

/// `count` bare hops, timed on the main actor: this main-actor function awaits a `@concurrent`
/// function that returns at once, with no closure, no generic context and no reactor around the
/// loop. The floor that `effect-roundtrip` is held to (at most 1.3x), measured in the same run.
@MainActor
func measuredBareHops(_ count: Int) async -> (Int, Sample) {
  let start = Reading()
  var sum = 0
  for index in 0..<count {
    sum &+= await hopOffTheMainActor(index)
  }
  let end = Reading()
  return (sum, end.sample(since: start))
}

/// `count` hops made by a task of their own: this main-actor function starts a main-actor task
/// that awaits the same `@concurrent` function, and awaits the task's value, with no reactor. The
/// floor of any effect that runs in a task and is awaited (`await reactor.send(x).finish()`): on
/// top of the hop, the awaited task's completion wakes the waiter through the global executor
/// (`completeFuture` enqueues it there), which then hops back to the main actor.
@MainActor
func measuredTaskHops(_ count: Int) async -> (Int, Sample) {
  let start = Reading()
  var sum = 0
  for index in 0..<count {
    sum &+= await Task { @MainActor in await hopOffTheMainActor(index) }.value
  }
  let end = Reading()
  return (sum, end.sample(since: start))
}

/// The custom metrics the cases report, each already divided by the case's unit of work.
enum Metric {
  /// Wall time per action (or per element per consumer), in nanoseconds, timed on the main actor.
  static func nanosecondsPer(_ unit: String) -> BenchmarkMetric {
    .custom("ns/\(unit)", polarity: .prefersSmaller, useScalingFactor: false)
  }

  /// `malloc` calls in the timed loop, in total, for all its actions. The metrics are integers, so
  /// this is not divided: a count that does not grow with the action count is 0 per action.
  static let loopMallocs = BenchmarkMetric.custom(
    "mallocs in loop", polarity: .prefersSmaller, useScalingFactor: false)

  /// Live heap bytes per reactor.
  static let bytesPerReactor = BenchmarkMetric.custom(
    "B/reactor", polarity: .prefersSmaller, useScalingFactor: false)

  /// Live heap allocations per reactor.
  static let allocationsPerReactor = BenchmarkMetric.custom(
    "allocs/reactor", polarity: .prefersSmaller, useScalingFactor: false)

  /// Live heap bytes per child reactor, with the parent's bookkeeping of it.
  static let bytesPerChild = BenchmarkMetric.custom(
    "B/child", polarity: .prefersSmaller, useScalingFactor: false)

  /// Live heap allocations per child reactor, with the parent's bookkeeping of it.
  static let allocationsPerChild = BenchmarkMetric.custom(
    "allocs/child", polarity: .prefersSmaller, useScalingFactor: false)
}

extension Benchmark {
  /// Records a sample's time per unit and its total `malloc` count.
  func record(_ sample: Sample, units: Int, per unit: String) {
    measurement(Metric.nanosecondsPer(unit), sample.nanoseconds / units)
    measurement(Metric.loopMallocs, sample.mallocs)
  }
}
