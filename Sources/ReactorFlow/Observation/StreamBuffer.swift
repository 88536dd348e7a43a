/// One consumer's queue of elements for ``Reactor/state`` and its relatives: the main actor
/// pushes, the consumer's task pops or waits.
///
/// The stream built on it is an `AsyncStream`, through `AsyncStream(unfolding:)`: the buffer
/// keeps every element until the consumer takes it, and tells the producer when the consumer is
/// gone.
final class StreamBuffer<Element: Sendable>: Sendable {
  /// Everything the lock protects.
  struct Queue: Sendable {
    var elements: [Element] = []
    var head = 0
    var waiter: UnsafeContinuation<Element?, Never>?
    /// The producer is done (the reactor went away): drain what is buffered, then end.
    var isFinished = false
    /// The consumer is gone (stopped iterating, released the stream, or was cancelled).
    var isTerminated = false

    init() {}

    /// Removes the oldest buffered element.
    mutating func pop() -> Element? {
      guard head < elements.count else { return nil }
      let element = elements[head]
      head += 1
      if head == elements.count {
        elements.removeAll(keepingCapacity: true)
        head = 0
      }
      return element
    }

    /// Takes the waiting consumer, if any.
    mutating func takeWaiter() -> UnsafeContinuation<Element?, Never>? {
      defer { waiter = nil }
      return waiter
    }
  }

  /// What a consumer that asks for an element gets at once.
  enum Next {
    case element(Element)
    case end
    case wait
  }

  let queue = Locked(Queue())

  init() {}

  /// Buffers an element, or hands it to a waiting consumer. Returns `false` once the consumer is
  /// gone, so that the producer stops feeding it.
  func push(_ element: Element) -> Bool {
    let (isTerminated, waiter) = queue.withLock { queue -> (Bool, UnsafeContinuation<Element?, Never>?) in
      if queue.isTerminated { return (true, nil) }
      if let waiter = queue.takeWaiter() { return (false, waiter) }
      queue.elements.append(element)
      return (false, nil)
    }
    if isTerminated { return false }
    waiter?.resume(returning: element)
    return true
  }

  /// Ends the stream after the buffered elements.
  func finish() {
    let waiter = queue.withLock { queue in
      queue.isFinished = true
      return queue.takeWaiter()
    }
    waiter?.resume(returning: nil)
  }

  /// Ends the stream now and drops the buffered elements.
  func terminate() {
    let waiter = queue.withLock { queue in
      queue.isTerminated = true
      queue.elements.removeAll()
      queue.head = 0
      return queue.takeWaiter()
    }
    waiter?.resume(returning: nil)
  }

  /// The next element, waiting for one if needed; `nil` at the end or when the task is cancelled.
  func next() async -> Element? {
    switch queue.withLock({ Self.next(in: &$0) }) {
    case .element(let element): return element
    case .end: return nil
    case .wait: break
    }
    return await withTaskCancellationHandler {
      await withUnsafeContinuation { (continuation: UnsafeContinuation<Element?, Never>) in
        let next = queue.withLock { queue in
          let next = Self.next(in: &queue)
          if case .wait = next { queue.waiter = continuation }
          return next
        }
        switch next {
        case .element(let element): continuation.resume(returning: element)
        case .end: continuation.resume(returning: nil)
        case .wait: break
        }
      }
    } onCancel: {
      terminate()
    }
  }

  /// The oldest element, the end, or nothing yet.
  static func next(in queue: inout Queue) -> Next {
    if let element = queue.pop() { return .element(element) }
    return queue.isFinished || queue.isTerminated ? .end : .wait
  }

  /// An `AsyncStream` that reads this buffer and terminates it when the stream is released.
  func makeStream() -> AsyncStream<Element> {
    let consumer = StreamConsumer(buffer: self)
    return AsyncStream(unfolding: { await consumer.buffer.next() }, onCancel: { consumer.buffer.terminate() })
  }
}

/// Owned only by a stream's unfolding closure: when the consumer releases the stream (it stopped
/// iterating, or never started), this goes away and tells the producer to stop feeding it.
final class StreamConsumer<Element: Sendable>: Sendable {
  let buffer: StreamBuffer<Element>

  init(buffer: StreamBuffer<Element>) {
    self.buffer = buffer
  }

  deinit {
    buffer.terminate()
  }
}
