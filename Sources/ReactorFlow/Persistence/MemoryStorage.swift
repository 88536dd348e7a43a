/// Keeps a value in memory: a ``PersistentStorage`` for tests and previews, which records what
/// is saved and fails when told to.
///
/// It is a class, so that the test that gives it to a ``StoragePersistence`` sees the saves the
/// persistence makes:
/// ```swift
/// let storage = MemoryStorage<[String]>(["tea"])
/// let cart = StoragePersistence(storage, default: [], clock: clock) { error in
///   print("warning: \(error)")
/// }
/// storage.saveError = .writeFailed(path: storage.name, reason: "the disk is full")
/// cart.shared.update { $0.append("milk") }
/// await cart.flush()
/// // cart.hasUnsavedChanges is true, cart.lastError is the error, storage.saves is []
/// ```
public final class MemoryStorage<Value: Sendable>: PersistentStorage, Sendable {
  /// The name that stands for a path in the errors it reports.
  public let name: String
  private let state: Locked<State>

  private struct State {
    var value: Value?
    var saves: [Value] = []
    var loadError: PersistenceError?
    var saveError: PersistenceError?
  }

  /// Makes a storage that holds `value`, or nothing.
  /// - Parameters:
  ///   - value: What is stored, as if saved earlier; `nil` for nothing, so that a load gives the
  ///     default.
  ///   - name: The name that stands for a path in the errors it reports.
  public init(_ value: Value? = nil, name: String = "memory") {
    self.name = name
    state = Locked(State(value: value))
  }

  /// What is stored: the latest value saved, or the one given at creation; `nil` for nothing.
  public var value: Value? {
    state.withLock { $0.value }
  }

  /// The values saved so far, oldest first; a failed save adds none.
  public var saves: [Value] {
    state.withLock { $0.saves }
  }

  /// The error that each load reports, with the default value, while it is set; `nil` (the
  /// default) to load what is stored. Set it before the persistence is made.
  public var loadError: PersistenceError? {
    get { state.withLock { $0.loadError } }
    set { state.withLock { $0.loadError = newValue } }
  }

  /// The error that each save throws, storing nothing, while it is set; `nil` (the default) to
  /// save.
  public var saveError: PersistenceError? {
    get { state.withLock { $0.saveError } }
    set { state.withLock { $0.saveError = newValue } }
  }

  /// Gives what is stored, or `defaultValue` when nothing is; `defaultValue` and ``loadError``
  /// when it is set.
  /// - Parameter defaultValue: The value when nothing is stored, or a load fails.
  /// - Returns: The value, and ``loadError``.
  public func load(default defaultValue: Value) -> (value: Value, error: PersistenceError?) {
    state.withLock { state in
      if let error = state.loadError { return (defaultValue, error) }
      return (state.value ?? defaultValue, nil)
    }
  }

  /// Stores `value` and records it in ``saves``; throws ``saveError`` instead when it is set.
  /// - Parameter value: The value.
  /// - Throws: ``saveError``, when it is set.
  public func save(_ value: Value) throws(PersistenceError) {
    let failure: PersistenceError? = state.withLock { state in
      if let error = state.saveError { return error }
      state.value = value
      state.saves.append(value)
      return nil
    }
    if let failure { throw failure }
  }
}
