#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Android)
  import Android
#endif

/// How ``FileStorage`` writes a file, shared with the package's other writers of whole files
/// (the sample's recordings and timelines): a failed write must never leave a torn file.
package enum AtomicFile {
  /// Replaces the file at `path` with `data`: a temporary file in the same directory
  /// (`.NAME.<pid>.<random>.tmp`), flushed to the disk, renamed over the file, and the directory
  /// flushed. A reader sees the old file or the new one, never a half-written one; a failed write
  /// (a full disk) leaves the old file whole, and a write that returned survives a crash.
  ///
  /// - A symbolic link is followed: the file it leads to is replaced, and the link stays.
  /// - Anything that is not a regular file (a FIFO, a device, a directory) is refused, never
  ///   opened, renamed or replaced; so is a read-only file (no write permission for anyone: a
  ///   rename would get around what the owner meant, for root too).
  /// - The replacement keeps the permissions of the file it replaces.
  /// - The temporary files of `path` that a crashed process left behind are removed first.
  ///
  /// - Parameters:
  ///   - path: The file's path; its directory must exist.
  ///   - data: The new content.
  ///   - system: The system calls to use (a test's).
  ///   - refusal: Why the existing regular file `target` (the end of the links) must not be
  ///     replaced, if it must not: what a caller refuses beyond the above.
  /// - Throws: ``PersistenceError/writeFailed(path:reason:)`` with the system's reason (such as
  ///   "No space left on device"); `path` is then unchanged and no temporary file is left, unless
  ///   only the flush of the directory failed, after the rename.
  package static func replace(
    _ path: String, with data: Data, system: FileSystemCalls = .system,
    refusing refusal: (_ target: String) -> String? = { _ in nil }
  ) throws(PersistenceError) {
    let target: String
    switch resolve(path) {
    case .failure(let failure): throw .writeFailed(path: path, reason: failure.reason)
    case .success(let resolved): target = resolved
    }
    removeLeftovers(of: target)
    let permissions = try replaceablePermissions(of: target, path: path, refusal: refusal)
    let directory = directory(of: target)
    let temporary =
      "\(directory)/\(temporaryPrefix(of: target))\(getpid()).\(UInt64.random(in: 0...UInt64.max)).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
    guard descriptor >= 0 else { throw .writeFailed(path: path, reason: systemError()) }
    var failure: String?
    // The replacement keeps the permissions of the file it replaces: a private file stays private.
    if let permissions, fchmod(descriptor, permissions) != 0 { failure = systemError() }
    data.withUnsafeBytes { buffer in
      var offset = 0
      while failure == nil, offset < buffer.count, let base = buffer.baseAddress {
        let written = write(descriptor, base + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = systemError()
          return
        }
        offset += written
      }
    }
    if failure == nil, system.fsync(descriptor) != 0 { failure = systemError() }
    close(descriptor)
    if failure == nil, system.rename(temporary, target) != 0 { failure = systemError() }
    if let failure {
      unlink(temporary)
      throw .writeFailed(path: path, reason: failure)
    }
    // Without it, a crash soon after could leave the directory naming the old file.
    if let reason = flushDirectory(directory, system: system) {
      throw .writeFailed(path: path, reason: "the folder could not be flushed to the disk: \(reason)")
    }
  }

  /// Checks that the file at `target` may be replaced, and returns its permissions (`nil` when
  /// there is no file).
  private static func replaceablePermissions(
    of target: String, path: String, refusal: (String) -> String?
  ) throws(PersistenceError) -> mode_t? {
    var info = stat()
    guard lstat(target, &info) == 0 else {
      if errno == ENOENT { return nil }
      throw .writeFailed(path: path, reason: systemError())
    }
    if let kind = notRegular(info.st_mode) {
      throw .writeFailed(path: path, reason: "it is \(kind), not a regular file")
    }
    // Root may write any file: the permissions say what the owner meant.
    if info.st_mode & 0o222 == 0 {
      throw .writeFailed(path: path, reason: "it is read-only")
    }
    if let reason = refusal(target) { throw .writeFailed(path: path, reason: reason) }
    return info.st_mode & 0o7777
  }

  private static func flushDirectory(_ directory: String, system: FileSystemCalls) -> String? {
    let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return systemError() }
    defer { close(descriptor) }
    return system.fsync(descriptor) == 0 ? nil : systemError()
  }

  // MARK: - Paths

  /// Why the end of a path's symbolic links could not be found.
  package struct ResolveFailure: Error {
    /// The system's reason, or "too many symbolic links".
    package var reason: String
    init(_ reason: String) { self.reason = reason }
  }

  /// The file that `path` leads to: `path` itself, or the end of its symbolic links (which may
  /// not exist yet).
  package static func resolve(_ path: String) -> Result<String, ResolveFailure> {
    var current = path
    for _ in 0..<32 {
      var info = stat()
      guard lstat(current, &info) == 0 else {
        return errno == ENOENT ? .success(current) : .failure(ResolveFailure(systemError()))
      }
      guard info.st_mode & typeMask == 0o120000 else { return .success(current) }
      var buffer = [CChar](repeating: 0, count: 4_096)
      let count = readlink(current, &buffer, buffer.count)
      guard count >= 0 else { return .failure(ResolveFailure(systemError())) }
      let destination = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current = destination.hasPrefix("/") ? destination : "\(directory(of: current))/\(destination)"
    }
    return .failure(ResolveFailure("too many symbolic links"))
  }

  private static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  private static func fileName(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  /// `.favourites.json.`: then the writer's process id, a random number and `.tmp`. The name's
  /// start only, so that a name near the system's limit can still be written.
  private static func temporaryPrefix(of target: String) -> String {
    ".\(String(String.UnicodeScalarView(fileName(of: target).unicodeScalars.prefix(32))))."
  }

  /// Removes the temporary files of `target` whose writer no longer runs: a crash between their
  /// creation and their rename left them. Best effort: one that stays is removed next time.
  package static func removeLeftovers(of target: String) {
    let directory = directory(of: target)
    let prefix = temporaryPrefix(of: target)
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
    for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
      let middle = name.dropFirst(prefix.count).dropLast(4).split(separator: ".")
      guard middle.count == 2, let pid = pid_t(middle[0]), UInt64(middle[1]) != nil else { continue }
      // A live writer, this process's included, may be about to rename its file.
      guard pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
      unlink("\(directory)/\(name)")
    }
  }

  // MARK: - File types

  private static var typeMask: mode_t { 0o170000 }

  /// What a file of `mode` is, when it is not a regular file.
  package static func notRegular(_ mode: mode_t) -> String? {
    switch mode & typeMask {
    case 0o100000: nil
    case 0o040000: "a directory"
    case 0o010000: "a FIFO"
    case 0o020000: "a character device"
    case 0o060000: "a block device"
    case 0o140000: "a socket"
    case 0o120000: "a symbolic link"
    default: "a special file"
    }
  }

  private static func systemError() -> String {
    String(cString: strerror(errno))
  }
}
