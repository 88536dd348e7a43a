#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Android)
  import Android
#endif

/// The system calls of ``FileStorage`` (and of ``AtomicFile``, which writes for it) that a test
/// replaces: to make a failure happen that it
/// cannot cause otherwise (the tests run as root, for whom no permission fails), or to pause a
/// write in progress.
///
/// Each returns what the system call returns, and sets `errno` when it fails.
package struct FileSystemCalls: Sendable {
  /// Opens a file for reading: `open(path, flags)`.
  package var open: @Sendable (_ path: String, _ flags: Int32) -> Int32
  /// Gives a file a second name, failing when that name exists: `link(from, to)`.
  package var link: @Sendable (_ from: String, _ to: String) -> Int32
  /// Moves a file over another, in one step: `rename(from, to)`.
  package var rename: @Sendable (_ from: String, _ to: String) -> Int32
  /// Flushes an open file or directory to the disk: `fsync(descriptor)`.
  package var fsync: @Sendable (_ descriptor: Int32) -> Int32

  /// Makes a set of calls.
  /// - Parameters:
  ///   - open: Opens a file for reading.
  ///   - link: Gives a file a second name.
  ///   - rename: Moves a file over another.
  ///   - fsync: Flushes an open file or directory to the disk.
  package init(
    open: @escaping @Sendable (String, Int32) -> Int32 = FileSystemCalls.system.open,
    link: @escaping @Sendable (String, String) -> Int32 = FileSystemCalls.system.link,
    rename: @escaping @Sendable (String, String) -> Int32 = FileSystemCalls.system.rename,
    fsync: @escaping @Sendable (Int32) -> Int32 = FileSystemCalls.system.fsync
  ) {
    self.open = open
    self.link = link
    self.rename = rename
    self.fsync = fsync
  }

  private init(
    system open: @escaping @Sendable (String, Int32) -> Int32,
    link: @escaping @Sendable (String, String) -> Int32,
    rename: @escaping @Sendable (String, String) -> Int32,
    fsync: @escaping @Sendable (Int32) -> Int32
  ) {
    self.open = open
    self.link = link
    self.rename = rename
    self.fsync = fsync
  }

  /// The system's own calls.
  package static let system = FileSystemCalls(
    system: { path, flags in
      #if canImport(Darwin)
        Darwin.open(path, flags)
      #elseif canImport(Glibc)
        Glibc.open(path, flags)
      #elseif canImport(Musl)
        Musl.open(path, flags)
      #else
        Android.open(path, flags)
      #endif
    },
    link: { from, to in
      #if canImport(Darwin)
        Darwin.link(from, to)
      #elseif canImport(Glibc)
        Glibc.link(from, to)
      #elseif canImport(Musl)
        Musl.link(from, to)
      #else
        Android.link(from, to)
      #endif
    },
    rename: { from, to in
      #if canImport(Darwin)
        Darwin.rename(from, to)
      #elseif canImport(Glibc)
        Glibc.rename(from, to)
      #elseif canImport(Musl)
        Musl.rename(from, to)
      #else
        Android.rename(from, to)
      #endif
    },
    fsync: { descriptor in
      #if canImport(Darwin)
        Darwin.fsync(descriptor)
      #elseif canImport(Glibc)
        Glibc.fsync(descriptor)
      #elseif canImport(Musl)
        Musl.fsync(descriptor)
      #else
        Android.fsync(descriptor)
      #endif
    })
}
