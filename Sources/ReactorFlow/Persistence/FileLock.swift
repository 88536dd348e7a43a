#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Android)
  import Android
#endif

/// An advisory lock on a file's lock file (`favourites.json.lock`), held until it is released:
/// while one ``FilePersistence`` holds it, no other, in this process or another, writes the file.
///
/// `Sendable`: its one property is immutable, and the descriptor is closed only by `deinit`.
package final class FileLock: Sendable {
  private let descriptor: Int32

  /// What trying to take the lock gave.
  package enum Outcome {
    /// The lock is held until it is released.
    case held(FileLock)
    /// Another holds it.
    case heldElsewhere
    /// There is no lock to take (the folder is missing or read-only, the file is not a regular
    /// file): writes will fail or be refused on their own.
    case unavailable
  }

  private init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  deinit {
    // Closing the last descriptor of the open file releases the lock.
    close(descriptor)
  }

  /// Takes the lock of `path` without waiting: `flock` on `<path>.lock`, which is created if
  /// missing and never removed (removing it would let two processes lock two different files).
  /// - Parameter path: The file to lock (the end of its symbolic links).
  /// - Returns: The lock, or why it was not taken.
  package static func take(for path: String) -> Outcome {
    let descriptor = open("\(path).lock", O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
    guard descriptor >= 0 else { return .unavailable }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      let reason = errno
      close(descriptor)
      return reason == EWOULDBLOCK ? .heldElsewhere : .unavailable
    }
    return .held(FileLock(descriptor: descriptor))
  }
}
