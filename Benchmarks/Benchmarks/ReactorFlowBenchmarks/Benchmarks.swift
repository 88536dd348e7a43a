import Benchmark

// Reactors are isolated to the main actor, and the harness runs a benchmark's closure on a thread
// of its own: each case makes its fixture before `startMeasurement()`, then does the timed work in
// one call on the main actor. The harness's metrics (wall clock, throughput, mallocs)
// cover that call, hop included; the custom metrics (`ns/action`, `mallocs in loop`, ...) are read
// on the main actor right around the work, and divided by its unit (see Measure.swift).

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput, .mallocCountTotal],
    timeUnits: .nanoseconds,
    warmupIterations: 1,
    maxDuration: .seconds(5),
    maxIterations: 25
  )

  // MARK: baseline

  // The floor: a struct reduced through a non-inlined function, 1,000,000 times.
  let baselineCount = 1_000_000
  let baselineMetrics: [BenchmarkMetric] = [
    .wallClock, .throughput, .mallocCountTotal, Metric.nanosecondsPer("action"),
  ]
  Benchmark(
    "baseline",
    configuration: .init(
      metrics: baselineMetrics,
      scalingFactor: .mega,
      thresholds: thresholds(baselineMetrics, unit: "action", timeTolerance: 50)
    )
  ) { benchmark in
    let start = ContinuousClock.now
    var state = BaselineState()
    for _ in 0..<baselineCount {
      state = baselineReduce(state)
    }
    blackHole(state.value)
    let elapsed = Sample(duration: start.duration(to: .now))
    benchmark.measurement(Metric.nanosecondsPer("action"), elapsed.nanoseconds / baselineCount)
  }

  // MARK: counter-sync, counter-fanout, counter-fanout-state

  // One key-path observer (`observe(\.value)`) and 1,000,000 actions, scaled by a million so that
  // the harness's own columns read per action too; a hundred key-path observers, or a hundred
  // whole-state observers of the `Equatable` state, and 100,000 actions. One iteration is all the
  // actions.
  let counterCases:
    [(name: String, kind: ObserverKind, observers: Int, actions: Int, scaling: BenchmarkScalingFactor)] = [
      ("counter-sync", .keyPath, 1, 1_000_000, .mega),
      ("counter-fanout", .keyPath, 100, 100_000, .one),
      ("counter-fanout-state", .wholeState, 100, 100_000, .one),
    ]
  for counter in counterCases {
    let (kind, observers, actions) = (counter.kind, counter.observers, counter.actions)
    Benchmark(
      counter.name,
      configuration: .init(
        metrics: counterMetrics,
        scalingFactor: counter.scaling,
        thresholds: thresholds(counterMetrics, unit: "action", timeTolerance: 50)
      )
    ) { benchmark in
      let fixture = await MainActor.run { ObservedCounter(observerCount: observers, kind: kind) }
      benchmark.startMeasurement()
      let (sum, sample) = await fixture.send(actions)
      benchmark.stopMeasurement()
      blackHole(sum)
      benchmark.record(sample, units: actions, per: "action")
    }
  }

  // MARK: effect-roundtrip and hop-floor

  // 10,000 `await reactor.send(.roundTrip).finish()`, whose effect is
  // `.run { send in await send(.increaseValue) }`, against 10,000 bare hops from the main actor to
  // a `@concurrent` function and back: the floor of any asynchronous round trip on this machine
  // (`hop`: a main-actor function's loop; `hop-floor`: the same loop in a closure that `measured`
  // runs), and against 10,000 such hops each in a main-actor task that the main actor awaits
  // (`task-floor`: what the runtime charges any awaited effect task).
  let roundTrips = 10_000
  let roundTripMetrics: [BenchmarkMetric] = [
    .wallClock, .throughput, .mallocCountTotal, Metric.nanosecondsPer("round trip"), Metric.loopMallocs,
  ]
  let roundTripCases: [(String, @MainActor @Sendable (Int) async -> (Int, Sample))] = [
    ("hop", { await measuredBareHops($0) }),
    ("effect-roundtrip", { await RoundTripCounter().run($0) }),
    ("hop-floor", { await HopFloor().run($0) }),
    ("task-floor", { await measuredTaskHops($0) }),
  ]
  for (name, run) in roundTripCases {
    Benchmark(
      name,
      configuration: .init(
        metrics: roundTripMetrics,
        thresholds: thresholds(roundTripMetrics, unit: "round trip", timeTolerance: 50, mallocTolerance: 10)
      )
    ) { benchmark in
      benchmark.startMeasurement()
      let (sum, sample) = await run(roundTrips)
      benchmark.stopMeasurement()
      blackHole(sum)
      benchmark.record(sample, units: roundTrips, per: "round trip")
    }
  }

  // MARK: values-stream

  // One consumer of `values(of: \.value)`, a task off the main actor, 100,000 actions, until it
  // has seen the last value.
  let valuesActions = 100_000
  let valuesMetrics: [BenchmarkMetric] = [
    .wallClock, .throughput, .mallocCountTotal, Metric.nanosecondsPer("element"), Metric.loopMallocs,
  ]
  Benchmark(
    "values-stream",
    configuration: .init(
      metrics: valuesMetrics,
      thresholds: thresholds(valuesMetrics, unit: "element", timeTolerance: 50, mallocTolerance: 25)
    )
  ) { benchmark in
    let fixture = await MainActor.run { ValuesStreamCounter() }
    benchmark.startMeasurement()
    let (last, sample) = await fixture.run(actions: valuesActions)
    benchmark.stopMeasurement()
    blackHole(last)
    benchmark.record(sample, units: valuesActions, per: "element")
  }

  // MARK: state-stream, and its floor

  // One and ten `AsyncStream` consumers of `reactor.state`, each a task off the main actor, and
  // 100,000 actions, timed until every consumer has seen every state and reported per element
  // per consumer. `asyncstream-floor` runs the same consumers on bare `AsyncStream`s that the
  // main actor yields to directly, no reactor: what `state` cost before it had a buffer of its own.
  let streamActions = 100_000
  let streamCases: [(name: String, makeFixture: @MainActor @Sendable () -> any StreamFixture)] = [
    ("state-stream", { StreamedCounter() }),
    ("asyncstream-floor", { BareStreams() }),
  ]
  for (name, makeFixture) in streamCases {
    for consumers in [1, 10] {
      let unit = "element/consumer"
      let metrics: [BenchmarkMetric] = [
        .wallClock, .throughput, .mallocCountTotal, Metric.nanosecondsPer(unit), Metric.loopMallocs,
      ]
      Benchmark(
        name,
        configuration: .init(
          metrics: metrics,
          tags: ["consumers": "\(consumers)"],
          // The consumers share two cores with the main actor: wider spread than the rest.
          thresholds: thresholds(metrics, unit: unit, timeTolerance: 50, mallocTolerance: 25)
        )
      ) { benchmark in
        let fixture = await MainActor.run { makeFixture() }
        benchmark.startMeasurement()
        let (total, sample) = await fixture.run(actions: streamActions, consumers: consumers)
        benchmark.stopMeasurement()
        blackHole(total)
        benchmark.record(sample, units: streamActions * consumers, per: unit)
      }
    }
  }

  // MARK: memory

  // 100,000 counters, each with one key-path observer and after one action, all alive at the end of the
  // timed region: bytes allocated minus bytes freed in it, divided by 100,000, is the live heap per
  // reactor (requested sizes, without malloc's own per-chunk overhead).
  let reactorCount = 100_000
  Benchmark(
    "memory",
    configuration: .init(
      metrics: [
        .wallClock, .mallocCountTotal, .memoryLeakedBytes, Metric.bytesPerReactor,
        Metric.allocationsPerReactor,
      ],
      maxIterations: 10,
      thresholds: [
        .wallClock: tolerance(relative: 50),
        .mallocCountTotal: tolerance(relative: 5),
        .memoryLeakedBytes: tolerance(relative: 5),
        Metric.bytesPerReactor: tolerance(absolute: 16),
        Metric.allocationsPerReactor: tolerance(absolute: 0),
      ]
    )
  ) { benchmark in
    let population = await MainActor.run { CounterPopulation(capacity: reactorCount) }
    benchmark.startMeasurement()
    let sample = await population.grow(to: reactorCount)
    benchmark.stopMeasurement()
    let alive = await population.count
    precondition(alive == reactorCount)
    await population.removeAll()
    benchmark.measurement(Metric.bytesPerReactor, sample.liveBytes / reactorCount)
    benchmark.measurement(Metric.allocationsPerReactor, sample.liveAllocations / reactorCount)
  }

  registerRandomUserBenchmarks()
  registerObservationBenchmarks()
  registerObservationFloorBenchmarks()
  registerCompositionBenchmarks()
  registerSharedValueBenchmarks()
}

/// The metrics of the counter cases: the harness's, then this package's per-action ones.
let counterMetrics: [BenchmarkMetric] = [
  .wallClock, .throughput, .mallocCountTotal, Metric.nanosecondsPer("action"), Metric.loopMallocs,
]

/// Regression tolerances, for `thresholds check` against the stored p90s in `Thresholds/` and for
/// `baseline check` between two runs (p50 and p90).
///
/// Wall time on a shared 2-core machine moves by 10-30 % between runs, so it gets a loose relative
/// tolerance; allocation counts are near-deterministic and get tight ones: 5 % for the harness's
/// count (which includes the hop to the main actor), and none for a synchronous timed loop's
/// (`mallocTolerance: 0`), which must stay at exactly 0.
func thresholds(
  _ metrics: [BenchmarkMetric],
  unit: String,
  timeTolerance: Double,
  mallocTolerance: Double = 0
) -> [BenchmarkMetric: BenchmarkThresholds] {
  let all: [BenchmarkMetric: BenchmarkThresholds] = [
    .wallClock: tolerance(relative: timeTolerance),
    .throughput: tolerance(relative: timeTolerance),
    Metric.nanosecondsPer(unit): tolerance(relative: timeTolerance),
    .mallocCountTotal: tolerance(relative: max(mallocTolerance, 5)),
    // A synchronous loop must stay at exactly its count (0 for the counters): any change shows.
    Metric.loopMallocs: mallocTolerance == 0
      ? tolerance(absolute: 0) : tolerance(relative: mallocTolerance),
  ]
  return all.filter { metrics.contains($0.key) }
}

/// The same tolerance at p50 and p90 (static threshold checks compare p90s). The harness flags a
/// metric that breaks either tolerance, so give one or the other.
func tolerance(relative: Double? = nil, absolute: Int? = nil) -> BenchmarkThresholds {
  BenchmarkThresholds(
    relative: relative.map { [.p50: $0, .p90: $0] } ?? [:],
    absolute: absolute.map { [.p50: $0, .p90: $0] } ?? [:])
}
