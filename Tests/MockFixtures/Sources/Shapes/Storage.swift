import Foundation

/// Reads files: the protocol that ``Storage`` refines.
///
/// - Mockable
public protocol Reading: Sendable {
  /// The bytes at `path`.
  func read(path: String) async throws -> Data
}

/// Reads and writes files: a protocol that inherits a requirement from another.
///
/// - Mockable
public protocol Storage: Reading {
  /// Writes `data` at `path`.
  func write(_ data: Data, to path: String) async throws
  /// Forgets everything; `mutating`, as a value type's witness would need.
  mutating func reset()
}

/// Writes lines: an internal protocol that is not `Sendable`, mocked through `@testable import`.
///
/// - Mockable
protocol Logger {
  /// Appends a line.
  func log(_ message: String, level: Int)
  /// The lines so far.
  var lines: [String] { get }
}
