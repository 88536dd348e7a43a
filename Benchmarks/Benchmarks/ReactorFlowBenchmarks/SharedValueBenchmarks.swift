import Benchmark
import Foundation
import ReactorFlow

/// `shared-value`: a change of a `SharedValue` that 100 observed reactors read, against the same
/// fan-out through an `EventBus` they merge as an external stream (both per reactor reached), and
/// the memory that reading a shared value adds to a reactor. `persisted-write-1000`: 1,000
/// changes of a 1,000-element value kept by `FilePersistence`, coalesced into one write, and the
/// time of that write (encode, write, fsync, rename).
func registerSharedValueBenchmarks() {
  let readers = 100
  let changes = 1_000
  let posts = 100
  let population = 1_000
  let sharedMetrics: [BenchmarkMetric] = [
    // `mallocCountTotal` turns the harness's malloc counter on, which the per-reactor bytes read.
    .wallClock, .mallocCountTotal, Metric.nanosecondsPer("reactor (shared)"),
    Metric.nanosecondsPer("reactor (bus)"), Metric.bytesPerReactor, Metric.allocationsPerReactor,
  ]
  Benchmark(
    "shared-value",
    configuration: .init(
      metrics: sharedMetrics,
      maxIterations: 10,
      thresholds: [
        .wallClock: tolerance(relative: 50),
        .mallocCountTotal: tolerance(relative: 10),
        Metric.nanosecondsPer("reactor (shared)"): tolerance(relative: 50),
        Metric.nanosecondsPer("reactor (bus)"): tolerance(relative: 50),
        Metric.bytesPerReactor: tolerance(absolute: 16),
        Metric.allocationsPerReactor: tolerance(absolute: 0),
      ]
    )
  ) { benchmark in
    let shared = await MainActor.run { FanOut(readers: readers, throughBus: false) }
    let bus = await MainActor.run { FanOut(readers: readers, throughBus: true) }
    benchmark.startMeasurement()
    let (reductions, sharedSample) = await shared.measuredChanges(changes)
    let (posted, busSample) = await bus.measuredPosts(posts)
    // Inside the measurement: the harness counts allocations only between start and stop.
    let added = await SharedReaderPopulation.addedMemory(readers: population)
    benchmark.stopMeasurement()
    precondition(reductions == changes * readers && posted == posts * readers)
    benchmark.measurement(
      Metric.nanosecondsPer("reactor (shared)"), sharedSample.nanoseconds / (changes * readers))
    benchmark.measurement(Metric.nanosecondsPer("reactor (bus)"), busSample.nanoseconds / (posts * readers))
    benchmark.measurement(Metric.bytesPerReactor, added.liveBytes / population)
    benchmark.measurement(Metric.allocationsPerReactor, added.liveAllocations / population)
  }

  let writeMetrics: [BenchmarkMetric] = [
    .wallClock, .mallocCountTotal, Metric.nanosecondsPer("write"), Metric.writesPerThousandChanges,
  ]
  Benchmark(
    "persisted-write-1000",
    configuration: .init(
      metrics: writeMetrics,
      maxIterations: 25,
      thresholds: [
        .wallClock: tolerance(relative: 100),
        .mallocCountTotal: tolerance(relative: 10),
        Metric.nanosecondsPer("write"): tolerance(relative: 100),
        Metric.writesPerThousandChanges: tolerance(absolute: 0),
      ]
    )
  ) { benchmark in
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("persisted-write-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("value.json").path
    benchmark.startMeasurement()
    let (writes, sample) = await PersistedWrite.thousandChangesThenFlush(path: path)
    benchmark.stopMeasurement()
    benchmark.measurement(Metric.nanosecondsPer("write"), sample.nanoseconds)
    benchmark.measurement(Metric.writesPerThousandChanges, writes)
  }
}

extension FanOut {
  func measuredChanges(_ count: Int) -> (Int, Sample) {
    measured { changeShared(count) }
  }

  func measuredPosts(_ count: Int) async -> (Int, Sample) {
    while bus.subscriberCount < busReaders.count { await Task.yield() }
    return await measured { await postOnBus(count) }
  }
}

@MainActor
enum SharedReaderPopulation {
  /// The live heap that `readers` started reactors take when they read a shared value, minus
  /// what the same reactors take when they share nothing: what a shared value adds per reactor.
  static func addedMemory(readers: Int) -> Sample {
    let number = SharedValue(0)
    var plain: [SharedNumberReader] = []
    var sharing: [SharedNumberReader] = []
    plain.reserveCapacity(readers)
    sharing.reserveCapacity(readers)
    let alone = measured {
      for _ in 0..<readers {
        let reader = SharedNumberReader(number: nil)
        _ = reader.currentState
        plain.append(reader)
      }
    }.1
    let shared = measured {
      for _ in 0..<readers {
        let reader = SharedNumberReader(number: number)
        _ = reader.currentState
        sharing.append(reader)
      }
    }.1
    precondition(number.subscriberCount == readers)
    withExtendedLifetime((plain, sharing)) {}
    return Sample(
      liveBytes: shared.liveBytes - alone.liveBytes,
      liveAllocations: shared.liveAllocations - alone.liveAllocations)
  }
}

@MainActor
enum PersistedWrite {
  /// 1,000 changes of a 1,000-element value within the coalescing delay, then a flush: returns
  /// the number of writes (one) and the flush's sample (the one write).
  static func thousandChangesThenFlush(path: String) async -> (Int, Sample) {
    let persistence = FilePersistence(
      FileStorage<[Int]>(path: path), default: Array(0..<1_000), clock: ContinuousClock(),
      delay: .seconds(3_600)
    ) { error in fatalError("\(error)") }
    for index in 0..<1_000 { persistence.shared.update { $0[index] += 1 } }
    let (_, sample) = await measured { await persistence.flush() }
    return (persistence.writeCount, sample)
  }
}

extension Metric {
  static let writesPerThousandChanges = BenchmarkMetric.custom(
    "writes/1000 changes", polarity: .prefersSmaller, useScalingFactor: false)
}
