/// A stream of events that many consumers receive, for events that several reactors share (a user
/// signed out, a to-do was edited on another screen).
///
/// ReactorKit apps use a `PublishSubject` in a service that many reactors merge; an `AsyncStream`
/// has one consumer, so ReactorFlow ships this instead. Each access to ``events`` is a new
/// subscriber that receives every event posted from then on, in order; nothing is replayed.
/// ```swift
/// final class TodoStore: Sendable {
///   let changes = EventBus<TodoChange>()
///   func rename(_ id: Int, to title: String) { changes.post(.renamed(id, title)) }
/// }
/// ```
/// In each reactor that shows to-dos:
/// ```swift
/// func externalMutations() -> Effect<Mutation> {
///   .sequence(service.changes.events.map { Mutation.apply($0) })
/// }
/// ```
/// A subscriber's events are buffered without limit, so posting never waits; a subscription ends
/// when its consumer stops iterating or its task is cancelled (for a reactor's external stream:
/// when the reactor is released), or when ``finish()`` is called.
public final class EventBus<Event: Sendable>: Sendable {
  private struct Subscribers {
    var continuations: [Int: AsyncStream<Event>.Continuation] = [:]
    var nextID = 0
    var isFinished = false
  }

  private let subscribers = Locked(Subscribers())

  /// Creates a bus with no subscribers.
  public init() {}

  /// A new subscription: the events posted from now on, in order.
  public var events: AsyncStream<Event> {
    let (stream, continuation) = AsyncStream.makeStream(of: Event.self)
    let id: Int? = subscribers.withLock { subscribers in
      guard !subscribers.isFinished else { return nil }
      let id = subscribers.nextID
      subscribers.nextID += 1
      subscribers.continuations[id] = continuation
      return id
    }
    guard let id else {
      continuation.finish()
      return stream
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.subscribers.withLock { $0.continuations.removeValue(forKey: id) }
    }
    return stream
  }

  /// The number of live subscriptions.
  public var subscriberCount: Int {
    subscribers.withLock { $0.continuations.count }
  }

  /// Delivers `event` to every current subscriber.
  /// - Parameter event: The event.
  public func post(_ event: Event) {
    let continuations = subscribers.withLock { Array($0.continuations.values) }
    for continuation in continuations { continuation.yield(event) }
  }

  /// Ends every subscription after its buffered events; later subscriptions end at once.
  public func finish() {
    let continuations = subscribers.withLock { subscribers in
      subscribers.isFinished = true
      return Array(subscribers.continuations.values)
    }
    for continuation in continuations { continuation.finish() }
  }
}
