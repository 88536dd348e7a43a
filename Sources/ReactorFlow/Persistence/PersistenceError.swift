/// What went wrong with the file that keeps a value (``FileStorage``), or with another
/// ``PersistentStorage``: for a ``KeyValueStorage``, `path` is the key and `keptAs` the key of the
/// copy.
///
/// A file that cannot be decoded is never overwritten: it is kept aside under a new name, next to
/// the original, and the value starts from its default. A file that cannot be read, or not kept
/// aside, or that is not a regular file, is not replaced either: it is left as it is, and
/// ``FilePersistence`` keeps the changes in memory only.
public enum PersistenceError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file is not a value of this format: corrupt, truncated or empty. It was renamed to
  /// `keptAs`.
  case unreadable(path: String, keptAs: String, reason: String)
  /// The file was written by a newer version of the app (its format is `found`, this version
  /// reads up to `supported`). It was renamed to `keptAs`.
  case futureFormat(path: String, keptAs: String, found: Int, supported: Int)
  /// The file could not be read or moved aside (permissions, a FIFO, a device or a directory in
  /// its place): nothing was changed, and ``FileStorage/save(_:)`` does not replace it.
  case readFailed(path: String, reason: String)
  /// Another ``FilePersistence``, in this process or another, writes the file: this one read it,
  /// and keeps its changes in memory only.
  case inUse(path: String)
  /// A write failed, or was refused (the file is read-only, cannot be read, or is not a regular
  /// file); the file holds the last complete write, if any.
  case writeFailed(path: String, reason: String)

  /// One line that says what happened and where the bad file went.
  public var description: String {
    switch self {
    case .unreadable(let path, let keptAs, let reason):
      "\(path) could not be read (\(reason)); it was kept as \(keptAs) and the default is used"
    case .futureFormat(let path, let keptAs, let found, let supported):
      "\(path) has format \(found), newer than \(supported); it was kept as \(keptAs) and the "
        + "default is used"
    case .readFailed(let path, let reason):
      "\(path) could not be read (\(reason)); the default is used and the file is left as it is"
    case .inUse(let path):
      "\(path) is in use by another session; changes are kept in memory only"
    case .writeFailed(let path, let reason):
      "\(path) could not be written (\(reason))"
    }
  }
}
