/// What went wrong with the file that keeps a value (``FileStorage``).
///
/// A file that cannot be read is never overwritten: it is kept aside under a new name, next to
/// the original, and the value starts from its default.
public enum PersistenceError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file is not a value of this format: corrupt, truncated or empty. It was renamed to
  /// `keptAs`.
  case unreadable(path: String, keptAs: String, reason: String)
  /// The file was written by a newer version of the app (its format is `found`, this version
  /// reads up to `supported`). It was renamed to `keptAs`.
  case futureFormat(path: String, keptAs: String, found: Int, supported: Int)
  /// The file could not be read or moved aside (permissions, a directory in the way): nothing
  /// was changed.
  case readFailed(path: String, reason: String)
  /// A write failed; the file holds the last complete write, if any.
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
      "\(path) could not be read (\(reason)); the default is used"
    case .writeFailed(let path, let reason):
      "\(path) could not be written (\(reason))"
    }
  }
}
