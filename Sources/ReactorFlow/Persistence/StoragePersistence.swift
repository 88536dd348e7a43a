/// Keeps a ``SharedValue`` in a ``PersistentStorage``: it loads the value at creation and writes
/// every change, coalesced, on an injected clock.
///
/// Changes made within `delay` of the first unwritten one are written together, once, with the
/// latest value: a thousand changes in a burst are one write. ``flush()`` writes what is not
/// written yet at once; call it when the app goes to the background, or before a command-line
/// program exits. The same persistence serves every storage:
/// ```swift
/// let cart = StoragePersistence(
///   MemoryStorage<[String]>(), default: [], clock: clock
/// ) { error in print("warning: \(error)") }
/// cart.shared.update { $0.append("tea") }
/// await cart.flush()
/// ```
/// Errors (bad data found at creation, a failed write) go to `onError`; the value goes on from
/// its default or its latest change. When the storage reports
/// ``PersistenceError/readFailed(path:reason:)`` at creation, nothing is ever written to it: what
/// it holds may be all the user has, so the changes stay in memory only (``savesChanges`` is
/// `false`). Confirm a change to the user only when ``hasUnsavedChanges`` is `false` after
/// ``flush()``.
///
/// A ``FileStorage`` has one writer at a time: the persistence takes the file's lock before it
/// reads it (see ``FilePersistence``, which is this persistence with a file).
///
/// Keep the persistence alive as long as changes must be written: it holds the shared value,
/// and the shared value does not hold it.
@MainActor
public final class StoragePersistence<Storage: PersistentStorage> {
  /// The value, loaded from the storage; its changes are written back.
  public let shared: SharedValue<Storage.Value>
  /// Where the value is kept.
  public let storage: Storage
  /// The number of writes done so far, successful or not.
  public private(set) var writeCount = 0
  /// Whether changes are written to the storage: `false` when it could not be read at creation
  /// (``PersistenceError/readFailed(path:reason:)``), or when another persistence writes it
  /// (``PersistenceError/inUse(path:)``). The changes then stay in memory, and the storage is
  /// left as it is.
  public let savesChanges: Bool
  /// The latest problem: the one found at creation, or the latest failed write; `nil` again
  /// after a successful write.
  public private(set) var lastError: PersistenceError?

  private let delay: Duration
  private let sleep: @Sendable (Duration) async throws -> Void
  private let onError: @MainActor (PersistenceError) -> Void
  /// What keeps this persistence the storage's one writer while it lives (a file's lock).
  private let claim: AnyObject?
  private var token: ObservationToken?
  /// The latest change not written yet.
  private var unwritten: Storage.Value?
  /// The number of changes made so far.
  private var changeNumber = 0
  /// The number of the latest change known to be saved.
  private var savedNumber = 0
  /// The wait before the next write, while one is scheduled.
  private var timer: Task<Void, Never>?
  /// The write in progress, which goes on while changes arrive.
  private var writer: Task<Void, Never>?

  /// Loads the value from `storage` (or uses `defaultValue`) and writes its changes back.
  /// - Parameters:
  ///   - storage: Where the value is kept.
  ///   - defaultValue: The value when nothing is stored, or what is stored cannot be used.
  ///   - clock: The clock that times the coalescing delay; a `TestClock` in tests.
  ///   - delay: How long after a change the write happens; the changes meanwhile join it.
  ///   - onError: Receives bad data found now (already kept aside, or left as it is when it
  ///     could not be read), the storage's use by another persistence, and failed writes.
  public init<C: Clock<Duration>>(
    _ storage: Storage,
    default defaultValue: Storage.Value,
    clock: C,
    delay: Duration = .seconds(1),
    onError: @escaping @MainActor (PersistenceError) -> Void
  ) {
    self.storage = storage
    self.delay = delay
    self.sleep = { try await clock.sleep(for: $0) }
    self.onError = onError
    // Claimed before the read, so that no write of the previous owner can come between them.
    let (claim, refusal) = (storage as? any WriterClaiming)?.claimWriter() ?? (nil, nil)
    self.claim = claim
    let (value, error) = storage.load(default: defaultValue)
    shared = SharedValue(value)
    if case .readFailed = error { savesChanges = false } else { savesChanges = refusal == nil }
    lastError = refusal ?? error
    if let error { onError(error) }
    if let refusal { onError(refusal) }
    token = shared.observe { [weak self] value in self?.changed(value) }
  }

  isolated deinit {
    timer?.cancel()
  }

  /// Whether a change has not been written yet, or a write is in progress.
  public var hasUnwrittenChanges: Bool { unwritten != nil || writer != nil }

  /// Whether the latest change is not saved: it is not written yet, or its write failed, or the
  /// persistence does not save changes (``savesChanges``).
  public var hasUnsavedChanges: Bool { savedNumber != changeNumber }

  /// Writes the latest change now, if it is not written yet, and returns when it is saved, or
  /// its write failed. Changes made while it waits are written too. Then ``hasUnsavedChanges``
  /// says whether the latest change is saved.
  public func flush() async {
    timer?.cancel()
    timer = nil
    startWriting()
    while let writer {
      await EffectHost.wait(for: writer)
    }
  }

  private func changed(_ value: Storage.Value) {
    changeNumber += 1
    guard savesChanges else { return }
    unwritten = value
    guard timer == nil, writer == nil else { return }
    let delay = self.delay
    let sleep = self.sleep
    timer = EffectHost.startTask { [weak self] in
      do {
        try await EffectHost.runBody { try await sleep(delay) }
      } catch {
        return  // Cancelled by a flush, which writes instead.
      }
      self?.timer = nil
      self?.startWriting()
    }
  }

  private func startWriting() {
    guard writer == nil, unwritten != nil else { return }
    // Holds the persistence, and so its claim, until the last write has returned.
    writer = EffectHost.startTask { [self] in
      while let value = unwritten {
        unwritten = nil
        let number = changeNumber
        let storage = self.storage
        let result: Result<Void, PersistenceError> = await Self.write(value, to: storage)
        writeCount += 1
        switch result {
        case .success:
          savedNumber = number
          lastError = nil
        case .failure(let error):
          lastError = error
          onError(error)
        }
      }
      writer = nil
    }
  }

  /// Encodes and writes off the main actor.
  private static func write(_ value: Storage.Value, to storage: Storage) async -> Result<
    Void, PersistenceError
  > {
    let outcome = Locked<Result<Void, PersistenceError>>(.success(()))
    do {
      try await EffectHost.runBody {
        let result = Result { () throws(PersistenceError) in try storage.save(value) }
        outcome.withLock { $0 = result }
      }
    } catch {
      // `runBody` throws only what the body throws, and it throws nothing.
    }
    return outcome.withLock { $0 }
  }
}
