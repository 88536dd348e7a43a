/// Keeps a ``SharedValue`` in a file: it loads the value at creation and writes every change,
/// coalesced, on an injected clock.
///
/// Changes made within `delay` of the first unwritten one are written together, once, with the
/// latest value: a thousand changes in a burst are one write. ``flush()`` writes what is not
/// written yet at once; call it when the app goes to the background, or before a command-line
/// program exits.
/// ```swift
/// let favourites = FilePersistence(
///   FileStorage<Set<Int>>(path: path), default: [], clock: ContinuousClock()
/// ) { error in print("warning: \(error)") }
/// let reactor = PeopleReactor(favourites: favourites.shared)
/// // ...
/// await favourites.flush()
/// ```
/// Errors (a bad file found at creation, a failed write) go to `onError`; the value goes on from
/// its default or its latest change. When the file could not be read or kept aside at creation
/// (``PersistenceError/readFailed(path:reason:)``), nothing is ever written to it: what it holds
/// may be all the user has, so the changes stay in memory only (``savesChanges`` is `false`).
/// Confirm a change to the user only when ``hasUnsavedChanges`` is `false` after ``flush()``.
///
/// One persistence writes a file at a time: the first one made takes an advisory lock
/// (`favourites.json.lock`, beside the file) and holds it while it lives. Another one made
/// meanwhile, in this process or another (a second window, a second run of a command-line
/// program), reads the file but writes nothing: it reports ``PersistenceError/inUse(path:)``
/// at once and keeps its changes in memory only. So no confirmed change is ever overwritten by a
/// session that did not see it.
///
/// It is ``StoragePersistence`` with a ``FileStorage`` (``persistence``), under the name it has
/// always had; a ``KeyValueStorage`` or a ``MemoryStorage`` goes to ``StoragePersistence``.
///
/// Keep the persistence alive as long as changes must be written: it holds the shared value,
/// and the shared value does not hold it.
@MainActor
public final class FilePersistence<Value: Codable & Sendable> {
  /// The value, loaded from the file; its changes are written back.
  public let shared: SharedValue<Value>
  /// Where the value is kept.
  public let storage: FileStorage<Value>
  /// The persistence that loads and writes the value, holds the file's lock, and keeps the
  /// error state: each property of this one is its.
  public let persistence: StoragePersistence<FileStorage<Value>>
  /// The number of writes done so far, successful or not.
  public var writeCount: Int { persistence.writeCount }
  /// Whether changes are written to the file: `false` when the file could not be read or kept
  /// aside at creation, or when another persistence writes it. The changes then stay in memory,
  /// and the file is left as it is.
  public let savesChanges: Bool
  /// The latest problem: the one found at creation, or the latest failed write; `nil` again
  /// after a successful write.
  public var lastError: PersistenceError? { persistence.lastError }

  /// Loads the value from `storage` (or uses `defaultValue`) and writes its changes back.
  /// - Parameters:
  ///   - storage: The file.
  ///   - defaultValue: The value when the file is missing or cannot be used.
  ///   - clock: The clock that times the coalescing delay; a `TestClock` in tests.
  ///   - delay: How long after a change the write happens; the changes meanwhile join it.
  ///   - onError: Receives a bad file found now (already kept aside, or left as it is when it
  ///     could not be read), the file's use by another persistence, and failed writes.
  public init<C: Clock<Duration>>(
    _ storage: FileStorage<Value>,
    default defaultValue: Value,
    clock: C,
    delay: Duration = .seconds(1),
    onError: @escaping @MainActor (PersistenceError) -> Void
  ) {
    persistence = StoragePersistence(
      storage, default: defaultValue, clock: clock, delay: delay, onError: onError)
    shared = persistence.shared
    self.storage = storage
    savesChanges = persistence.savesChanges
  }

  /// Whether a change has not been written yet, or a write is in progress.
  public var hasUnwrittenChanges: Bool { persistence.hasUnwrittenChanges }

  /// Whether the latest change is not on disk: it is not written yet, or its write failed, or
  /// the persistence does not save changes (``savesChanges``).
  public var hasUnsavedChanges: Bool { persistence.hasUnsavedChanges }

  /// Writes the latest change now, if it is not written yet, and returns when it is on disk
  /// (renamed into place), or its write failed. Changes made while it waits are written too.
  /// Then ``hasUnsavedChanges`` says whether the latest change is on disk.
  public func flush() async {
    await persistence.flush()
  }
}
