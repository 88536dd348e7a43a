import Benchmark
import Observation
import ReactorFlow

/// `keypath-observer`: the reference, one `Equatable` key path observed the plain way.
@MainActor
final class KeyPathObserved: Sendable {
  let reactor = TenValues()
  let tally = Tally()
  private var token: ObservationToken?

  init() {
    let tally = self.tally
    token = reactor.observe(\.value) { tally.sum &+= $0 }
  }

  func send(_ count: Int) -> (Int, Sample) {
    let reactor = self.reactor
    return measured {
      for _ in 0..<count { reactor.send(.increment) }
      return tally.sum
    }
  }
}

/// `observation-bridge`: an `ObservedReactor` whose ten properties a view read (one
/// `withObservationTracking` over all ten, as a SwiftUI body does), then 1,000,000 mutations of
/// one of them without the view rendering again: the first is signalled (the view is invalidated),
/// the others compare the properties the view still observes and find nothing to signal.
///
/// `observation-bridge-rereads`: the same, but the changed property is read again before each
/// mutation (outside any tracking, so that Observation's own bookkeeping is not timed), so that
/// every mutation also signals a change to the registrar: the cost when each mutation changes
/// something a view has read since the previous one.
@MainActor
final class BridgeObserved: Sendable {
  let model = ObservedReactor(TenValues())
  let invalidations = Tally()
  let rereads: Bool

  init(rereads: Bool) {
    self.rereads = rereads
    let model = self.model
    let invalidations = self.invalidations
    withObservationTracking {
      _ = (model.value, model.value1, model.value2, model.value3, model.value4, model.value5)
      _ = (model.value6, model.value7, model.value8, model.value9)
    } onChange: {
      MainActor.assumeIsolated { invalidations.sum += 1 }
    }
  }

  func send(_ count: Int) -> (Int, Sample) {
    let model = self.model
    let (sum, sample) = measured {
      var sum = 0
      if rereads {
        for _ in 0..<count {
          sum &+= model.value
          model.send(.increment)
        }
      } else {
        for _ in 0..<count { model.send(.increment) }
      }
      return sum &+ model.value
    }
    precondition(invalidations.sum == 1, "the view was invalidated \(invalidations.sum) times")
    return (sum, sample)
  }
}

/// `keypath-observer`, `observation-bridge` and `observation-bridge-rereads`: 1,000,000 actions
/// each.
func registerObservationBenchmarks() {
  let count = 1_000_000
  Benchmark(
    "keypath-observer",
    configuration: .init(
      metrics: counterMetrics,
      scalingFactor: .mega,
      thresholds: thresholds(counterMetrics, unit: "action", timeTolerance: 50)
    )
  ) { benchmark in
    let fixture = await MainActor.run { KeyPathObserved() }
    benchmark.startMeasurement()
    let (sum, sample) = await fixture.send(count)
    benchmark.stopMeasurement()
    blackHole(sum)
    benchmark.record(sample, units: count, per: "action")
  }

  for (name, rereads) in [("observation-bridge", false), ("observation-bridge-rereads", true)] {
    Benchmark(
      name,
      configuration: .init(
        metrics: counterMetrics,
        scalingFactor: .mega,
        thresholds: thresholds(counterMetrics, unit: "action", timeTolerance: 50)
      )
    ) { benchmark in
      let fixture = await MainActor.run { BridgeObserved(rereads: rereads) }
      benchmark.startMeasurement()
      let (sum, sample) = await fixture.send(count)
      benchmark.stopMeasurement()
      blackHole(sum)
      benchmark.record(sample, units: count, per: "action")
    }
  }
}
