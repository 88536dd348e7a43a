import Benchmark
import ReactorFlow

/// `children-1000`: a parent with 1,000 adopted cells, observed the way a list view does (a
/// key-path observer of the cells and one of the last change).
@MainActor
final class ChildrenFixture: Sendable {
  nonisolated static let childCount = 1_000

  let parent = CellList()
  let tally = Tally()
  private var tokens: [ObservationToken] = []
  /// The cells, in order, so that the timed loops do not look them up.
  private var cells: [CellCounter] = []
  /// As many cells that no parent adopted, for the cost of a child's change alone.
  private let orphans = (0..<ChildrenFixture.childCount).map { _ in CellCounter() }

  init() {
    let tally = self.tally
    tokens.append(parent.observe(\.cells) { tally.sum &+= $0.count })
    tokens.append(parent.observe(\.lastChangedID) { tally.sum &+= $0 })
    cells.reserveCapacity(Self.childCount)
    for orphan in orphans { orphan.send(.increment) }
  }

  /// Adds the 1,000 cells, each started by one action (whose output reaches the parent): the
  /// live heap they added, cells and the parent's bookkeeping together.
  func grow() -> Sample {
    let parent = self.parent
    return measured {
      for id in 0..<Self.childCount {
        parent.send(.add(id: id))
        parent.currentState.cells[id: id]?.send(.increment)
      }
    }.1
  }

  /// Keeps the cells outside the timed region's lookups.
  func collectCells() {
    cells = parent.currentState.cells.map(\.reactor)
  }

  /// Each cell changes `rounds` times; each change is announced to the parent, which reduces it.
  func changeEachCell(rounds: Int) -> (Int, Sample) {
    let cells = self.cells
    return measured {
      for _ in 0..<rounds {
        for cell in cells { cell.send(.increment) }
      }
      return tally.sum
    }
  }

  /// The same changes on cells that no parent adopted: the child's part of the cost.
  func changeEachOrphan(rounds: Int) -> (Int, Sample) {
    let orphans = self.orphans
    return measured {
      for _ in 0..<rounds {
        for orphan in orphans { orphan.send(.increment) }
      }
      return orphans[0].currentState.value
    }
  }

  /// `count` round trips: push an adopted child on the stack, then pop it (it is released).
  func pushPop(_ count: Int) -> (Int, Sample) {
    let parent = self.parent
    return measured {
      for _ in 0..<count {
        parent.send(.push)
        parent.send(.pop)
      }
      return parent.currentState.path.count
    }
  }

  func removeAll() {
    tokens.removeAll()
    cells.removeAll()
  }
}

func registerCompositionBenchmarks() {
  let childCount = ChildrenFixture.childCount
  let metrics: [BenchmarkMetric] = [
    .wallClock, .mallocCountTotal, .memoryLeakedBytes, Metric.bytesPerChild, Metric.allocationsPerChild,
    Metric.nanosecondsPer("child change"), Metric.nanosecondsPer("orphan change"),
    Metric.nanosecondsPer("push-pop"),
  ]
  let rounds = 100
  let roundTrips = 10_000
  Benchmark(
    "children-1000",
    configuration: .init(
      metrics: metrics,
      maxIterations: 10,
      thresholds: [
        .wallClock: tolerance(relative: 50),
        Metric.bytesPerChild: tolerance(absolute: 16),
        Metric.allocationsPerChild: tolerance(absolute: 0),
        Metric.nanosecondsPer("child change"): tolerance(relative: 50),
        Metric.nanosecondsPer("orphan change"): tolerance(relative: 50),
        Metric.nanosecondsPer("push-pop"): tolerance(relative: 50),
      ]
    )
  ) { benchmark in
    let fixture = await MainActor.run { ChildrenFixture() }
    benchmark.startMeasurement()
    let grown = await fixture.grow()
    await fixture.collectCells()
    let (sum, changed) = await fixture.changeEachCell(rounds: rounds)
    let (value, alone) = await fixture.changeEachOrphan(rounds: rounds)
    let (depth, pushPop) = await fixture.pushPop(roundTrips)
    benchmark.stopMeasurement()
    blackHole(sum &+ value &+ depth)
    await fixture.removeAll()
    benchmark.measurement(Metric.bytesPerChild, grown.liveBytes / childCount)
    benchmark.measurement(Metric.allocationsPerChild, grown.liveAllocations / childCount)
    benchmark.measurement(
      Metric.nanosecondsPer("child change"), changed.nanoseconds / (rounds * childCount))
    benchmark.measurement(
      Metric.nanosecondsPer("orphan change"), alone.nanoseconds / (rounds * childCount))
    benchmark.measurement(Metric.nanosecondsPer("push-pop"), pushPop.nanoseconds / roundTrips)
  }
}
