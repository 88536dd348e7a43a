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

/// A file that keeps one `Codable` value, as JSON with its format number.
///
/// - A write goes to a temporary file in the same directory, flushed to the disk, which is then
///   renamed over the file, and the directory is flushed too: a reader (in this process or
///   another) sees the old file or the new one, never a half-written one, and a write that
///   returned survives a crash. When two processes write, the last complete write wins
///   (``FilePersistence`` lets only one process write a file).
/// - A missing file gives the default. A file that cannot be decoded (corrupt, truncated, empty)
///   or that has a newer format gives the default and a ``PersistenceError``; the file is first
///   renamed aside (`favourites.json.bad-1`, then `-2`, never over an existing file), so nothing
///   is lost.
/// - A file that cannot be read, or not kept aside, is never replaced: ``load(default:)`` reports
///   ``PersistenceError/readFailed(path:reason:)`` and ``save(_:)`` refuses to write over it.
///   Neither is anything that is not a regular file (a FIFO, a device, a directory): it is
///   never opened in a way that could block, never renamed and never replaced.
/// - A symbolic link is followed: the file it leads to is read and replaced, and the link stays.
/// - A read-only file (no write permission for anyone) is read but never replaced. A replaced
///   file keeps its permissions.
/// - A temporary file that a crashed process left behind (`.favourites.json.<pid>.<n>.tmp`) is
///   removed by the next load or save.
///
/// ```swift
/// let storage = FileStorage<[Int]>(path: path)
/// try storage.save([3, 7])
/// let (favourites, error) = storage.load(default: [])
/// ```
/// A file of an earlier format is read through the ``FileMigration``s given, one format at a
/// time; a file of a later format is kept aside.
///
/// ``FilePersistence`` keeps a ``SharedValue`` in one, with coalesced writes.
public struct FileStorage<Value: Codable & Sendable>: PersistentStorage, Sendable {
  /// The file's path.
  public let path: String
  /// The format this code writes and the newest it reads.
  public let format: Int
  /// The migrations of the formats this code no longer writes, each to the next format.
  public let migrations: [FileMigration]
  /// The system calls a test replaces.
  package let system: FileSystemCalls

  /// Describes the file that keeps the value.
  /// - Parameters:
  ///   - path: The file's path. Its directory must exist.
  ///   - format: The format number written in the file; raise it when the value's encoding
  ///     changes in a way older versions cannot read.
  public init(path: String, format: Int = 1) {
    self.init(path: path, format: format, migrations: [], system: .system)
  }

  /// Describes the file that keeps the value, and how the files of its earlier formats are read.
  /// - Parameters:
  ///   - path: The file's path. Its directory must exist.
  ///   - format: The format number written in the file.
  ///   - migrations: One migration from each earlier format to the next: a file of an earlier
  ///     format goes through each in turn up to `format`. A format without one is decoded as
  ///     the current value.
  public init(path: String, format: Int, migrations: [FileMigration]) {
    self.init(path: path, format: format, migrations: migrations, system: .system)
  }

  /// Describes the file that keeps the value, reached through `system`.
  /// - Parameters:
  ///   - path: The file's path.
  ///   - format: The format number written in the file.
  ///   - migrations: The migrations of the earlier formats.
  ///   - system: The system calls to use.
  package init(
    path: String, format: Int = 1, migrations: [FileMigration] = [], system: FileSystemCalls
  ) {
    self.path = path
    self.format = format
    self.migrations = migrations
    self.system = system
  }

  /// Takes the lock that makes this process the one writer of the file (see ``FileLock``),
  /// beside the end of its symbolic links; none when the file is there but not a regular file.
  package func lockWriter() -> FileLock.Outcome {
    guard case .success(let target) = AtomicFile.resolve(path) else { return .unavailable }
    var info = stat()
    if lstat(target, &info) == 0, AtomicFile.notRegular(info.st_mode) != nil { return .unavailable }
    return FileLock.take(for: target)
  }

  // MARK: - Reading

  /// Reads the value: `default` when there is no file; `default` and an error when the file
  /// cannot be used (it is then kept aside under a new name), or cannot be read (it is then left
  /// as it is, and ``save(_:)`` will not replace it).
  /// - Parameter defaultValue: The value when there is no usable file.
  /// - Returns: The value, and the error when the file could not be used.
  public func load(default defaultValue: Value) -> (value: Value, error: PersistenceError?) {
    let target: String
    switch AtomicFile.resolve(path) {
    case .failure(let failure): return (defaultValue, .readFailed(path: path, reason: failure.reason))
    case .success(let resolved): target = resolved
    }
    AtomicFile.removeLeftovers(of: target)
    let data: [UInt8]
    switch readFile(target) {
    case .missing:
      return (defaultValue, nil)
    case .failed(let reason):
      return (defaultValue, .readFailed(path: path, reason: reason))
    case .read(let bytes):
      data = bytes
    }
    switch Envelope<Value>.decode(Data(data), format: format, migrations: migrations) {
    case .value(let value):
      return (value, nil)
    case .unreadable(let reason):
      return (defaultValue, keepAside(target) { .unreadable(path: path, keptAs: $0, reason: reason) })
    case .futureFormat(let found):
      return (
        defaultValue,
        keepAside(target) { .futureFormat(path: path, keptAs: $0, found: found, supported: format) }
      )
    }
  }

  /// Renames `target` to the first free `<path>.bad-N` and returns `error(newPath)`.
  private func keepAside(_ target: String, _ error: (String) -> PersistenceError) -> PersistenceError {
    var number = 1
    while number < 10_000 {
      let candidate = "\(target).bad-\(number)"
      // `link` fails when the name exists, so a bad file never replaces another one.
      if system.link(target, candidate) == 0 {
        unlink(target)
        return error(candidate)
      }
      guard errno == EEXIST else {
        return .readFailed(path: path, reason: "it could not be kept aside: \(Self.systemError())")
      }
      number += 1
    }
    return .readFailed(path: path, reason: "it could not be kept aside: too many bad files")
  }

  // MARK: - Writing

  /// Writes the value: to a temporary file, flushed to the disk, then renamed over the file, and
  /// the directory flushed (`AtomicFile`, which the package's other writers of files share).
  /// - Parameter value: The value.
  /// - Throws: ``PersistenceError/writeFailed(path:reason:)``; the file is then unchanged (unless
  ///   only the flush of the directory failed, after the rename). The file is not replaced when
  ///   it cannot be read, is read-only, or is not a regular file; a symbolic link is followed, and
  ///   the file it leads to is replaced.
  public func save(_ value: Value) throws(PersistenceError) {
    let data = try Envelope.encode(value, format: format, path: path)
    // Only the state file refuses a file it cannot read: such a file was never loaded, so
    // replacing it would lose what it holds. A recording or a timeline is new output, written
    // over whatever was there, like any other command's output file.
    try AtomicFile.replace(path, with: data, system: system) { target in
      let descriptor = system.open(target, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
      guard descriptor >= 0 else { return "it cannot be read: \(Self.systemError())" }
      close(descriptor)
      return nil
    }
  }

  // MARK: - System calls

  private enum ReadResult {
    case missing
    case failed(String)
    case read([UInt8])
  }

  private func readFile(_ target: String) -> ReadResult {
    // Checked before opening: opening a FIFO or a device can block or act on the device.
    var info = stat()
    guard lstat(target, &info) == 0 else {
      return errno == ENOENT ? .missing : .failed(Self.systemError())
    }
    if let kind = AtomicFile.notRegular(info.st_mode) {
      return .failed("it is \(kind), not a regular file")
    }
    let descriptor = system.open(target, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
    guard descriptor >= 0 else {
      return errno == ENOENT ? .missing : .failed(Self.systemError())
    }
    defer { close(descriptor) }
    // Checked again on what was opened, in case the path changed in between.
    guard fstat(descriptor, &info) == 0 else { return .failed(Self.systemError()) }
    if let kind = AtomicFile.notRegular(info.st_mode) {
      return .failed("it is \(kind), not a regular file")
    }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        return .failed(Self.systemError())
      }
      if count == 0 { return .read(bytes) }
      bytes.append(contentsOf: chunk[..<count])
    }
  }

  private static func systemError() -> String {
    String(cString: strerror(errno))
  }
}

extension FileStorage: WriterClaiming {
  /// Takes the file's lock (``lockWriter()``): held, it keeps the persistence the one writer;
  /// held by another, the persistence reads the file and writes nothing.
  package func claimWriter() -> (holder: AnyObject?, refusal: PersistenceError?) {
    switch lockWriter() {
    case .held(let lock): (lock, nil)
    case .heldElsewhere: (nil, .inUse(path: path))
    case .unavailable: (nil, nil)  // The writes fail on their own, and say so.
    }
  }
}
