import Benchmark
import ReactorFlow

/// A child of `children-1000`: a count; each increment announces the new count to its parent.
@MainActor
final class CellCounter: OutputReactor {
  enum Action: Sendable { case increment }
  struct State: Equatable, Sendable { var value = 0 }

  let initialState = State()
  let runtime = Runtime()

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    state.value += 1
    return state
  }

  func output(for mutation: Action) -> Int? { currentState.value }
}

/// The parent of `children-1000`: its cells in a keyed collection, a stack, and what the last
/// change of a cell announced.
@MainActor
final class CellList: Reactor {
  enum Action: Sendable {
    case add(id: Int)
    case cellChanged(id: Int, value: Int)
    case push
    case pop
  }

  enum Mutation: Sendable {
    case insert(Child<CellCounter>, id: Int)
    case cellChanged(id: Int, value: Int)
    case push(Child<CellCounter>)
    case pop
  }

  struct State: Equatable, Sendable {
    var cells = Children<Int, CellCounter>()
    var path = ChildStack<CellCounter>()
    var lastChangedID = -1
    var changes = 0
  }

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .add(let id):
      return .send(.insert(adopt(CellCounter()) { .cellChanged(id: id, value: $0) }, id: id))
    case .cellChanged(let id, let value):
      return .send(.cellChanged(id: id, value: value))
    case .push:
      return .send(.push(adopt(CellCounter()) { .cellChanged(id: -1, value: $0) }))
    case .pop:
      return .send(.pop)
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .insert(let cell, let id): state.cells.append(cell, id: id)
    case .cellChanged(let id, _):
      state.lastChangedID = id
      state.changes += 1
    case .push(let cell): state.path.push(cell)
    case .pop: state.path.pop()
    }
    return state
  }
}

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
