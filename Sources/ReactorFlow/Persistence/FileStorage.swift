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
/// - A write goes to a temporary file in the same directory, which is then renamed over the
///   file: a reader (in this process or another) sees the old file or the new one, never a
///   half-written one, and when two processes write, the last complete write wins.
/// - A missing file gives the default. A file that cannot be decoded (corrupt, truncated, empty)
///   or that has a newer format gives the default and a ``PersistenceError``; the file is first
///   renamed aside (`favourites.json.bad-1`, then `-2`, never over an existing file), so nothing
///   is lost.
///
/// ```swift
/// let storage = FileStorage<[Int]>(path: path)
/// try storage.save([3, 7])
/// let (favourites, error) = storage.load(default: [])
/// ```
/// ``FilePersistence`` keeps a ``SharedValue`` in one, with coalesced writes.
public struct FileStorage<Value: Codable & Sendable>: Sendable {
  /// The file's path.
  public let path: String
  /// The format this code writes and the newest it reads.
  public let format: Int

  /// Describes the file that keeps the value.
  /// - Parameters:
  ///   - path: The file's path. Its directory must exist.
  ///   - format: The format number written in the file; raise it when the value's encoding
  ///     changes in a way older versions cannot read.
  public init(path: String, format: Int = 1) {
    self.path = path
    self.format = format
  }

  private struct Header: Decodable {
    var format: Int
  }

  // MARK: - Reading

  /// Reads the value: `default` when there is no file; `default` and an error when the file
  /// cannot be used (it is then kept aside under a new name).
  /// - Parameter defaultValue: The value when there is no usable file.
  /// - Returns: The value, and the error when the file could not be used.
  public func load(default defaultValue: Value) -> (value: Value, error: PersistenceError?) {
    let data: [UInt8]
    switch Self.readFile(path) {
    case .missing:
      return (defaultValue, nil)
    case .failed(let reason):
      return (defaultValue, .readFailed(path: path, reason: reason))
    case .read(let bytes):
      data = bytes
    }
    let decoder = JSONDecoder()
    let found: Int
    do {
      found = try decoder.decode(Header.self, from: Data(data)).format
    } catch {
      return (defaultValue, keepAside { .unreadable(path: path, keptAs: $0, reason: Self.describe(error)) })
    }
    guard found <= format else {
      return (
        defaultValue,
        keepAside { .futureFormat(path: path, keptAs: $0, found: found, supported: format) }
      )
    }
    do {
      return (try decoder.decode(Stored.self, from: Data(data)).value, nil)
    } catch {
      return (defaultValue, keepAside { .unreadable(path: path, keptAs: $0, reason: Self.describe(error)) })
    }
  }

  private struct Stored: Codable {
    var format: Int
    var value: Value
  }

  /// Renames the file to the first free `<path>.bad-N` and returns `error(newPath)`.
  private func keepAside(_ error: (String) -> PersistenceError) -> PersistenceError {
    var number = 1
    while number < 10_000 {
      let candidate = "\(path).bad-\(number)"
      // `link` fails when the name exists, so a bad file never replaces another one.
      if link(path, candidate) == 0 {
        unlink(path)
        return error(candidate)
      }
      guard errno == EEXIST else {
        return .readFailed(path: path, reason: "could not keep the file aside: \(Self.systemError())")
      }
      number += 1
    }
    return .readFailed(path: path, reason: "could not keep the file aside: too many bad files")
  }

  // MARK: - Writing

  /// Writes the value: to a temporary file, flushed to the disk, then renamed over the file.
  /// - Parameter value: The value.
  /// - Throws: ``PersistenceError/writeFailed(path:reason:)``; the file is then unchanged.
  public func save(_ value: Value) throws(PersistenceError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let data: Data
    do {
      data = try encoder.encode(Stored(format: format, value: value))
    } catch {
      throw .writeFailed(path: path, reason: Self.describe(error))
    }
    try AtomicFile.replace(path, with: data)
  }

  // MARK: - System calls

  private enum ReadResult {
    case missing
    case failed(String)
    case read([UInt8])
  }

  private static func readFile(_ path: String) -> ReadResult {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      return errno == ENOENT ? .missing : .failed(systemError())
    }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        return .failed(systemError())
      }
      if count == 0 { return .read(bytes) }
      bytes.append(contentsOf: chunk[..<count])
    }
  }

  private static func systemError() -> String {
    String(cString: strerror(errno))
  }

  private static func describe(_ error: any Error) -> String {
    switch error {
    case DecodingError.dataCorrupted(let context):
      return "not valid JSON: \(context.debugDescription)"
    case DecodingError.keyNotFound(let key, _):
      return "no \"\(key.stringValue)\""
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
      let at = context.codingPath.map(\.stringValue).joined(separator: ".")
      return "unexpected content at \(at.isEmpty ? "the top" : at)"
    default:
      return "\(error)"
    }
  }
}
