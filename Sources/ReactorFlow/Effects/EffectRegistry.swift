/// The running effects of one reactor, by serial number and by cancellation identifier, and its
/// open throttle windows.
///
/// The runtime creates it with its first effect: a reactor whose actions are all synchronous never
/// pays for it. Not generic, so that registering an effect looks up no generic metadata.
@MainActor
@usableFromInline
final class EffectRegistry {
  struct RunningEffect {
    let task: Task<Void, Never>
    /// The identifiers it is registered under.
    let ids: EffectIDs
    /// Whether an action started it, directly: such an effect joins the action's group and
    /// counts in `activeCount`. An external stream and a task nested inside another effect do
    /// not.
    let isActionEffect: Bool
  }

  /// The running effects registered under one identifier. An identifier names one effect at a
  /// time in the common uses (one per effect, or `cancelInFlight`'s latest), kept inline: a set
  /// would be one more allocation per identifier for as long as its effect runs.
  enum Serials {
    case one(Int)
    case many(Set<Int>)

    mutating func insert(_ serial: Int) {
      switch self {
      case .one(let first):
        if first != serial { self = .many([first, serial]) }
      case .many(var serials):
        // Out of `self` while it grows, so that the set is not copied.
        self = .one(serial)
        serials.insert(serial)
        self = .many(serials)
      }
    }

    /// Removes `serial`; `false` when no serial is left.
    mutating func remove(_ serial: Int) -> Bool {
      switch self {
      case .one(let first):
        return first != serial
      case .many(var serials):
        self = .one(serial)
        serials.remove(serial)
        self = .many(serials)
        return !serials.isEmpty
      }
    }

    func forEach(_ body: (Int) -> Void) {
      switch self {
      case .one(let serial): body(serial)
      case .many(let serials): for serial in serials { body(serial) }
      }
    }
  }

  /// A serial number as the key of `running`, hashed with one multiplication rather than SipHash:
  /// the start, the cancel and the end of every effect look it up, and removing a key from a
  /// dictionary rehashes the keys after it. Serials are handed out in order by this registry, not
  /// chosen by anyone who could aim them at one bucket; consecutive ones fall in consecutive
  /// buckets, spread, as multiplying by an odd number permutes the low bits.
  struct Serial: Hashable {
    let value: Int

    init(_ value: Int) {
      self.value = value
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(value)
    }

    // The requirement that `Dictionary` calls; `hash(into:)` stays for other hashers. The factor
    // is 2^64 over the golden ratio, odd.
    func _rawHashValue(seed: Int) -> Int {
      (value ^ seed) &* -7_046_029_254_386_353_131
    }
  }

  private var running: [Serial: RunningEffect] = [:]
  private var runningByID: [EffectID: Serials] = [:]
  private var nextSerial = 0
  /// The throttle windows that are open, each closed by its task.
  @usableFromInline var throttleWindows: [EffectID: Task<Void, Never>] = [:]

  /// A number for the next effect, unique in this registry.
  @usableFromInline
  func makeSerial() -> Int {
    defer { nextSerial &+= 1 }
    return nextSerial
  }

  @usableFromInline
  func register(_ task: Task<Void, Never>, serial: Int, ids: EffectIDs, isActionEffect: Bool) {
    running[Serial(serial)] = RunningEffect(task: task, ids: ids, isActionEffect: isActionEffect)
    ids.forEach { id in
      if let index = runningByID.index(forKey: id) {
        runningByID.values[index].insert(serial)
      } else {
        runningByID[id] = .one(serial)
      }
    }
  }

  @usableFromInline
  func didFinish(serial: Int) {
    guard let effect = running.removeValue(forKey: Serial(serial)) else { return }
    effect.ids.forEach { id in forget(serial, under: id) }
  }

  /// Cancels every running effect registered under `id`, and forgets them.
  ///
  /// A cancelled effect is forgotten here rather than when its task ends: its elements are
  /// dropped from now on, so it no longer counts as running, and its task's end then finds
  /// nothing left to forget.
  @usableFromInline
  func cancel(id: EffectID) {
    guard let serials = runningByID.removeValue(forKey: id) else { return }
    serials.forEach { serial in
      guard let effect = running.removeValue(forKey: Serial(serial)) else { return }
      effect.ids.forEach { other in
        if other != id { forget(serial, under: other) }
      }
      effect.task.cancel()
    }
  }

  private func forget(_ serial: Int, under id: EffectID) {
    guard let index = runningByID.index(forKey: id) else { return }
    if !runningByID.values[index].remove(serial) { runningByID.remove(at: index) }
  }

  /// The number of running effects that actions started (not external streams, not nested tasks),
  /// without those that were cancelled: their elements are dropped whether or not their tasks
  /// have ended yet.
  var activeCount: Int {
    running.values.reduce(0) { $0 + (!$1.isActionEffect || $1.task.isCancelled ? 0 : 1) }
  }

  /// The effects it knows of, those cancelled other than by identifier included until their
  /// tasks end (for tests).
  var runningCount: Int { running.count }

  @usableFromInline
  init() {}

  func cancelAll() {
    for effect in running.values { effect.task.cancel() }
    for window in throttleWindows.values { window.cancel() }
  }
}

/// The cancellation identifiers of one effect, from the `cancellable`s around it. Most effects have
/// none or one, kept inline: an array would be one more allocation to start such an effect, and
/// one that stays live while it runs.
@usableFromInline
enum EffectIDs: Sendable {
  case empty
  case one(EffectID)
  case many([EffectID])

  /// These identifiers and `id`, last.
  @inlinable
  func appending(_ id: EffectID) -> EffectIDs {
    switch self {
    case .empty: .one(id)
    case .one(let first): .many([first, id])
    case .many(let ids): .many(ids + [id])
    }
  }

  /// The identifiers, outermost first (for inspection's ``InspectedEffect``).
  @usableFromInline
  var array: [EffectID] {
    switch self {
    case .empty: []
    case .one(let id): [id]
    case .many(let ids): ids
    }
  }

  func forEach(_ body: (EffectID) -> Void) {
    switch self {
    case .empty: return
    case .one(let id): body(id)
    case .many(let ids): for id in ids { body(id) }
    }
  }
}
