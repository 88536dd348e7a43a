/// A value that several reactors read and write: the signed-in user, the settings, a cart, the
/// favourites.
///
/// Read it synchronously with ``value``; change it with ``set(_:)`` or ``update(_:)``. Each
/// reactor that uses it receives every change as a mutation of its own, through
/// ``changes(_:fileID:line:)`` in `externalMutations()`:
/// ```swift
/// @MainActor
/// final class CartSizeReactor: Reactor {
///   enum Mutation: Sendable { case setCount(Int) }
///   struct State: Equatable, Sendable { var count: Int }
///
///   let runtime = Runtime()
///   private let cart: SharedValue<[String]>
///
///   init(cart: SharedValue<[String]>) { self.cart = cart }
///
///   var initialState: State { State(count: cart.value.count) }
///
///   func externalMutations() -> Effect<Mutation> {
///     cart.changes { .setCount($0.count) }
///   }
///
///   func reduce(state: State, mutation: Mutation) -> State {
///     switch mutation {
///     case .setCount(let count): State(count: count)
///     }
///   }
/// }
/// ```
///
/// A change is delivered like an action sent with `send`: on the main actor, synchronously (when
/// ``set(_:)`` returns, every reactor that uses the value has reduced it, unless it was busy
/// processing; it then reduces it right after its current work), and in the order the changes
/// were made, in every reactor. A change made while another is being delivered (by a reactor's
/// observer, say) waits until every reactor has the first one. Since a change is a mutation of the
/// reactor, it shows in `inspect`, the change log, the trace, recordings and tests, like any
/// other.
///
/// The value holds its reactors weakly: a reactor that is released stops receiving changes and
/// is forgotten at the next one. Make one value per app (or per test) and pass it to the reactors
/// that use it in `init`; there is no process-wide default.
@MainActor
public final class SharedValue<Value: Sendable> {
  // The delivery loop is inlinable, so that it is specialized for the value's type where it is
  // used: unspecialized, it looked up generic metadata on every change for every reactor
  // (CONTRIBUTING.md, Performance idioms: the inlinable loop).

  /// The value; ``value`` reads it.
  @usableFromInline var storage: Value
  /// In the order they subscribed, the order of delivery.
  @usableFromInline var subscribers: [SharedValueSubscriber<Value>] = []
  var nextID = 0
  /// The number of changes made so far.
  @usableFromInline var changeCount: UInt64 = 0
  /// Changes made while another was being delivered, with their numbers, oldest first.
  @usableFromInline var pending: [(number: UInt64, value: Value)] = []
  @usableFromInline var isDelivering = false
  /// Whether a delivery found a subscriber gone, or one was cancelled: prune at the next chance.
  @usableFromInline var needsPruning = false

  /// Creates a shared value.
  /// - Parameter value: Its first value.
  public init(_ value: Value) {
    self.storage = value
  }

  /// The current value: always the latest change, even while changes are being delivered.
  public var value: Value { storage }

  /// The number of reactors and observers that receive changes now (released reactors and
  /// cancelled observations are not counted).
  public var subscriberCount: Int {
    prune()
    return subscribers.count
  }

  // MARK: - Changing the value

  /// Replaces the value, and delivers the change to every reactor that uses it.
  /// - Parameter newValue: The new value.
  @inlinable
  public func set(_ newValue: Value) {
    storage = newValue
    changeCount &+= 1
    pending.append((changeCount, newValue))
    guard !isDelivering else { return }
    deliverPending()
  }

  /// Changes the value in place, and delivers the change to every reactor that uses it.
  ///
  /// ```swift
  /// cart.update { $0.append("tea") }
  /// ```
  /// When `body` throws, the value does not change and nothing is delivered.
  /// - Parameter body: Changes the value.
  /// - Returns: What `body` returns.
  @discardableResult
  public func update<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    var copy = storage
    let result = try body(&copy)
    set(copy)
    return result
  }

  /// Delivers the pending changes, oldest first, each to every subscriber before the next.
  @inlinable
  func deliverPending() {
    isDelivering = true
    var index = 0
    while index < pending.count {
      let change = pending[index]
      index += 1
      // Over the subscribers of now: one that subscribes meanwhile reads the value itself.
      for subscriber in subscribers where subscriber.since < change.number && !subscriber.isCancelled {
        if !subscriber.deliver(change.value) {
          subscriber.isCancelled = true
          needsPruning = true
        }
      }
    }
    pending.removeAll(keepingCapacity: true)
    isDelivering = false
    if needsPruning { prune() }
  }

  // MARK: - Receiving changes

  /// An effect that delivers every later change of the value to the reactor, as the mutation
  /// `transform` makes of it. Return it from `externalMutations()` (or `externalActions()`, for
  /// an action).
  ///
  /// The reactor receives the changes made after it started, for as long as it lives; read
  /// ``value`` where the reactor makes its state (`var initialState: State { ... }`) for the
  /// value it starts with. The subscription ends with the reactor, not with `cancel(id:)`.
  /// - Parameters:
  ///   - transform: Makes the reactor's mutation from the new value.
  ///   - fileID: Where the effect is built, for inspection (``InspectedEffect``); leave the default.
  ///   - line: The line where the effect is built; leave the default.
  /// - Returns: The effect.
  @inlinable
  public nonisolated func changes<Element: Sendable>(
    _ transform: @escaping @Sendable (Value) -> Element,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Effect<Element> {
    Effect(
      operation: .subscribe { [self] owner, deliver in
        self.subscribe(owner: owner) { deliver(transform($0)) }
      },
      site: EffectSite(fileID: fileID, line: line))
  }

  /// Calls `onChange` with every later change of the value, in order, until the token is
  /// cancelled or released. For what is not a reactor: a file that keeps the value, a log.
  /// - Parameter onChange: Receives each new value.
  /// - Returns: The token that keeps the observation alive.
  public func observe(_ onChange: @escaping @MainActor (Value) -> Void) -> ObservationToken {
    let id = subscribe(owner: nil) { value in
      onChange(value)
      return true
    }
    return ObservationToken(source: self, id: id)
  }

  @usableFromInline
  @discardableResult
  func subscribe(owner: AnyObject?, _ deliver: @escaping @MainActor (Value) -> Bool) -> Int {
    if needsPruning { prune() }
    let id = nextID
    nextID += 1
    subscribers.append(SharedValueSubscriber(id: id, owner: owner, since: changeCount, deliver: deliver))
    return id
  }

  /// Forgets the subscribers whose reactor is gone or whose observation was cancelled.
  @usableFromInline
  func prune() {
    guard !isDelivering else { return }
    needsPruning = false
    subscribers.removeAll { !$0.isLive }
  }
}

/// One reactor (or observer) that receives the changes of a ``SharedValue``.
@MainActor
@usableFromInline
final class SharedValueSubscriber<Value> {
  let id: Int
  /// The object whose lifetime bounds the subscription; `nil` once it is gone. Read only to
  /// count subscribers: a delivery finds a released reactor by `deliver` returning `false`.
  weak var owner: AnyObject?
  /// Whether the subscription has an owner at all (an observation token has none).
  let isOwned: Bool
  /// The number of the last change the subscriber already has: it receives later ones only.
  @usableFromInline let since: UInt64
  /// Delivers a change; `false` when the subscriber is gone.
  @usableFromInline let deliver: @MainActor (Value) -> Bool
  @usableFromInline var isCancelled = false

  init(id: Int, owner: AnyObject?, since: UInt64, deliver: @escaping @MainActor (Value) -> Bool) {
    self.id = id
    self.owner = owner
    self.isOwned = owner != nil
    self.since = since
    self.deliver = deliver
  }

  var isLive: Bool { !isCancelled && (!isOwned || owner != nil) }
}

extension SharedValue: ObservationSource {
  func removeObservation(id: Int) {
    for subscriber in subscribers where subscriber.id == id { subscriber.isCancelled = true }
    needsPruning = true
    prune()
  }
}
