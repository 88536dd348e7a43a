import Benchmark
import Synchronization

// A prototype, not ReactorFlow's code: what `reactor.state` could be built on to meet the
// state-stream budget while keeping its type, `AsyncStream<State>`. A buffer of its own, behind
// `AsyncStream(unfolding:)`, and compiled for the concrete `State`, in place of the standard
// library's stream storage (which `asyncstream-floor` measures). What it leaves out, and a real
// one needs: ending when the consumer stops iterating or its task is cancelled, and a buffer
// that releases what it consumed.

/// One consumer's queue of elements: the producer pushes, the consumer's `next()` pops or waits.
final class UnfoldBuffer<Element: Sendable>: Sendable {
  struct Storage: ~Copyable {
    var elements: [Element] = []
    var head = 0
    var waiter: UnsafeContinuation<Element?, Never>?
    var finished = false

    mutating func pop() -> Element?? {
      if head < elements.count {
        let element = elements[head]
        head += 1
        if head == elements.count { elements.removeAll(keepingCapacity: true); head = 0 }
        return .some(element)
      }
      return finished ? .some(nil) : nil
    }
  }
  private let storage = Mutex(Storage())

  func push(_ element: Element) {
    let waiter = storage.withLock { storage -> UnsafeContinuation<Element?, Never>? in
      if let waiter = storage.waiter {
        storage.waiter = nil
        return waiter
      }
      storage.elements.append(element)
      return nil
    }
    waiter?.resume(returning: element)
  }

  func finish() {
    let waiter = storage.withLock { storage -> UnsafeContinuation<Element?, Never>? in
      storage.finished = true
      defer { storage.waiter = nil }
      return storage.waiter
    }
    waiter?.resume(returning: nil)
  }

  func next() async -> Element? {
    if let popped = storage.withLock({ $0.pop() }) { return popped }
    return await withUnsafeContinuation { continuation in
      let popped = storage.withLock { storage -> Element?? in
        if let popped = storage.pop() { return popped }
        storage.waiter = continuation
        return nil
      }
      if let popped { continuation.resume(returning: popped) }
    }
  }
}

/// `count` elements pushed by the main actor to `consumerCount` unfolding streams.
@MainActor
final class UnfoldStreams: Sendable {
  func run(elements count: Int, consumers consumerCount: Int) async -> (Int, Sample) {
    await measured { await stream(elements: count, consumers: consumerCount) }
  }

  private func stream(elements count: Int, consumers consumerCount: Int) async -> Int {
    var buffers: [UnfoldBuffer<Counter.State>] = []
    var consumers: [Task<Int, Never>] = []
    for _ in 0..<consumerCount {
      let buffer = UnfoldBuffer<Counter.State>()
      buffers.append(buffer)
      let states = AsyncStream<Counter.State>(unfolding: { await buffer.next() })
      consumers.append(
        Task.detached {
          var last = 0
          for await state in states { last = state.value }
          return last
        })
    }
    var state = Counter.State()
    for _ in 0..<count {
      state.value += 1
      for buffer in buffers { buffer.push(state) }
    }
    for buffer in buffers { buffer.finish() }
    var total = 0
    for consumer in consumers { total &+= await consumer.value }
    return total
  }
}

/// `unfolding-stream`: the prototype, with the same consumers and count as `asyncstream-floor`.
func registerUnfoldingStreamBenchmarks(elements count: Int) {
  for consumers in [1, 10] {
    let unit = "element/consumer"
    let metrics: [BenchmarkMetric] = [
      .wallClock, .throughput, .mallocCountTotal, Metric.nanosecondsPer(unit), Metric.loopMallocs,
    ]
    Benchmark(
      "unfolding-stream",
      configuration: .init(
        metrics: metrics,
        tags: ["consumers": "\(consumers)"],
        // Time only: its few allocations (the buffer's growth) depend on how the threads race.
        thresholds: thresholds(
          [.wallClock, .throughput, Metric.nanosecondsPer(unit)], unit: unit, timeTolerance: 50)
      )
    ) { benchmark in
      let fixture = await MainActor.run { UnfoldStreams() }
      benchmark.startMeasurement()
      let (total, sample) = await fixture.run(elements: count, consumers: consumers)
      benchmark.stopMeasurement()
      blackHole(total)
      benchmark.record(sample, units: count * consumers, per: unit)
    }
  }
}
