/// One consumer's queue of elements for ``Reactor/state`` and its relatives: the main actor
/// pushes, the consumer's task pops or waits.
///
/// It replaces `AsyncStream`'s own storage, which runs unspecialized for the element type; this
/// one is inlinable, so it is compiled for the reactor's concrete `State` (about a quarter of the
/// cost per element in the `state-stream` benchmark). The stream built on it is still an
/// `AsyncStream`, through `AsyncStream(unfolding:)`.
@usableFromInline
final class StreamBuffer<Element: Sendable>: @unchecked Sendable {
  // `@unchecked Sendable`: every mutable property below is read and written only with `lock`
  // held.
  @usableFromInline let lock = Lock()
  @usableFromInline var elements: [Element] = []
  @usableFromInline var head = 0
  @usableFromInline var waiter: UnsafeContinuation<Element?, Never>?
  /// The producer is done (the reactor went away): drain what is buffered, then end.
  @usableFromInline var isFinished = false
  /// The consumer is gone (stopped iterating, released the stream, or was cancelled).
  @usableFromInline var isTerminated = false

  @usableFromInline
  init() {}

  /// Buffers an element, or hands it to a waiting consumer. Returns `false` once the consumer is
  /// gone, so that the producer stops feeding it.
  @inlinable
  func push(_ element: Element) -> Bool {
    lock.lock()
    if isTerminated {
      lock.unlock()
      return false
    }
    if let waiter {
      self.waiter = nil
      lock.unlock()
      waiter.resume(returning: element)
      return true
    }
    elements.append(element)
    lock.unlock()
    return true
  }

  /// Ends the stream after the buffered elements.
  @usableFromInline
  func finish() {
    lock.lock()
    isFinished = true
    let waiter = self.waiter
    self.waiter = nil
    lock.unlock()
    waiter?.resume(returning: nil)
  }

  /// Ends the stream now and drops the buffered elements.
  @usableFromInline
  func terminate() {
    lock.lock()
    isTerminated = true
    elements.removeAll()
    head = 0
    let waiter = self.waiter
    self.waiter = nil
    lock.unlock()
    waiter?.resume(returning: nil)
  }

  /// The next element, waiting for one if needed; `nil` at the end or when the task is cancelled.
  @inlinable
  func next() async -> Element? {
    lock.lock()
    if let element = popLocked() {
      lock.unlock()
      return element
    }
    let ended = isFinished || isTerminated
    lock.unlock()
    if ended { return nil }
    return await withTaskCancellationHandler {
      await withUnsafeContinuation { (continuation: UnsafeContinuation<Element?, Never>) in
        lock.lock()
        if let element = popLocked() {
          lock.unlock()
          continuation.resume(returning: element)
        } else if isFinished || isTerminated {
          lock.unlock()
          continuation.resume(returning: nil)
        } else {
          waiter = continuation
          lock.unlock()
        }
      }
    } onCancel: {
      terminate()
    }
  }

  /// Removes the oldest buffered element. Call with `lock` held.
  @inlinable
  func popLocked() -> Element? {
    guard head < elements.count else { return nil }
    let element = elements[head]
    head += 1
    if head == elements.count {
      elements.removeAll(keepingCapacity: true)
      head = 0
    }
    return element
  }

  /// An `AsyncStream` that reads this buffer and terminates it when the stream is released.
  @inlinable
  func makeStream() -> AsyncStream<Element> {
    let consumer = StreamConsumer(buffer: self)
    return AsyncStream(unfolding: { await consumer.buffer.next() }, onCancel: { consumer.buffer.terminate() })
  }
}

/// Owned only by a stream's unfolding closure: when the consumer releases the stream (it stopped
/// iterating, or never started), this goes away and tells the producer to stop feeding it.
@usableFromInline
final class StreamConsumer<Element: Sendable>: Sendable {
  @usableFromInline let buffer: StreamBuffer<Element>

  @usableFromInline
  init(buffer: StreamBuffer<Element>) {
    self.buffer = buffer
  }

  deinit {
    buffer.terminate()
  }
}
