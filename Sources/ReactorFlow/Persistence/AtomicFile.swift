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
  /// Writes `data` to a temporary file in the directory of `path`, flushed to the disk, then
  /// renamed over `path`: a reader sees the old file or the new one, never a half-written one,
  /// and a failed write (a full disk) leaves the old file whole.
  /// - Throws: ``PersistenceError/writeFailed(path:reason:)`` with the system's reason (such as
  ///   "No space left on device"); `path` is then unchanged and no temporary file is left.
  package static func replace(_ path: String, with data: Data) throws(PersistenceError) {
    // The name's start only, so that a name near the system's limit can still be written.
    let start = String(String.UnicodeScalarView(fileName(of: path).unicodeScalars.prefix(32)))
    let temporary = "\(directory(of: path))/.\(start).\(getpid()).\(UInt64.random(in: 0...UInt64.max)).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw .writeFailed(path: path, reason: systemError()) }
    var failure: String?
    data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count, let base = buffer.baseAddress {
        let written = write(descriptor, base + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = systemError()
          return
        }
        offset += written
      }
    }
    if failure == nil, fsync(descriptor) != 0 { failure = systemError() }
    close(descriptor)
    if failure == nil, rename(temporary, path) != 0 { failure = systemError() }
    if let failure {
      unlink(temporary)
      throw .writeFailed(path: path, reason: failure)
    }
  }

  private static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  private static func fileName(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  private static func systemError() -> String {
    String(cString: strerror(errno))
  }
}
