import Benchmark
import Observation
import ReactorFlow

/// `observation-unread`: an `ObservedReactor` that no view has read, 1,000,000 actions.
@MainActor
final class UnreadModel: Sendable {
  let model = ObservedReactor(TenValues())

  func send(_ count: Int) -> (Int, Sample) {
    let model = self.model
    return measured {
      for _ in 0..<count { model.send(.increment) }
      return model.reactor.currentState.value
    }
  }
}

/// `observation-memory` and `observation-floor-memory`: reactors, each with its model and one
/// tracked read of it (inside `withObservationTracking`, still observed), all alive at the end.
/// The `-plain-read` variants read once outside any tracking: the model's own part, without
/// Observation's bookkeeping of an observer.
@MainActor
final class ModelPopulation: Sendable {
  private var models: [AnyObject] = []
  let handWritten: Bool
  let tracked: Bool

  init(capacity: Int, handWritten: Bool, tracked: Bool) {
    (self.handWritten, self.tracked) = (handWritten, tracked)
    models.reserveCapacity(capacity)
  }

  func grow(to count: Int) -> Sample {
    measured {
      for _ in 0..<count {
        if handWritten {
          let model = HandWrittenModel()
          _ =
            tracked
            ? withObservationTracking {
              model.value
            } onChange: {
            } : model.value
          models.append(model)
        } else {
          let model = ObservedReactor(TenValues())
          _ =
            tracked
            ? withObservationTracking {
              model.value
            } onChange: {
            } : model.value
          models.append(model)
        }
      }
    }.1
  }

  var count: Int { models.count }

  func removeAll() {
    models.removeAll(keepingCapacity: true)
  }
}

/// `observation-unread` (1,000,000 actions), `observation-tracked-change` and `observation-floor`
/// (100,000 read-then-change cycles), `observation-memory` and `observation-floor-memory`, with
/// their `-plain-read` variants (10,000 models).
func registerObservationFloorBenchmarks() {
  let count = 1_000_000
  Benchmark(
    "observation-unread",
    configuration: .init(
      metrics: counterMetrics,
      scalingFactor: .mega,
      thresholds: thresholds(counterMetrics, unit: "action", timeTolerance: 50)
    )
  ) { benchmark in
    let fixture = await MainActor.run { UnreadModel() }
    benchmark.startMeasurement()
    let (sum, sample) = await fixture.send(count)
    benchmark.stopMeasurement()
    blackHole(sum)
    benchmark.record(sample, units: count, per: "action")
  }

  let cycles = 100_000
  let cycleMetrics: [BenchmarkMetric] = [
    .wallClock, .throughput, .mallocCountTotal, Metric.nanosecondsPer("change"), Metric.loopMallocs,
  ]
  for (name, handWritten) in [("observation-tracked-change", false), ("observation-floor", true)] {
    Benchmark(
      name,
      configuration: .init(
        metrics: cycleMetrics,
        thresholds: thresholds(cycleMetrics, unit: "change", timeTolerance: 50, mallocTolerance: 5)
      )
    ) { benchmark in
      let fixture = await MainActor.run { TrackedChanges(handWritten: handWritten) }
      benchmark.startMeasurement()
      let (sum, sample) = await MainActor.run { measured { fixture.run(cycles) } }
      benchmark.stopMeasurement()
      blackHole(sum)
      benchmark.record(sample, units: cycles, per: "change")
    }
  }

  let modelCount = 10_000
  let memoryCases = [
    ("observation-memory", false, true), ("observation-floor-memory", true, true),
    ("observation-memory-plain-read", false, false), ("observation-floor-memory-plain-read", true, false),
  ]
  for (name, handWritten, tracked) in memoryCases {
    Benchmark(
      name,
      configuration: .init(
        metrics: [.wallClock, .mallocCountTotal, Metric.bytesPerReactor, Metric.allocationsPerReactor],
        maxIterations: 10,
        thresholds: [
          .wallClock: tolerance(relative: 50),
          .mallocCountTotal: tolerance(relative: 5),
          Metric.bytesPerReactor: tolerance(absolute: 16),
          Metric.allocationsPerReactor: tolerance(absolute: 0),
        ]
      )
    ) { benchmark in
      let population = await MainActor.run {
        ModelPopulation(capacity: modelCount, handWritten: handWritten, tracked: tracked)
      }
      benchmark.startMeasurement()
      let sample = await population.grow(to: modelCount)
      benchmark.stopMeasurement()
      let alive = await population.count
      precondition(alive == modelCount)
      await population.removeAll()
      benchmark.measurement(Metric.bytesPerReactor, sample.liveBytes / modelCount)
      benchmark.measurement(Metric.allocationsPerReactor, sample.liveAllocations / modelCount)
    }
  }
}
