/// A failure that ReactorFlowTesting reported, as captured by ``captureFailures(isolation:_:)``.
///
/// Outside a capture, failures go to the running test framework (Swift Testing or XCTest) and are
/// not kept; inside one, they are collected so that a test can assert the messages themselves.
public struct TestFailure: Sendable, Equatable, CustomStringConvertible {
  /// What went wrong, the likely cause and the fix, as the test framework would show it.
  public var message: String
  /// The file that made the failing call, as `#fileID` gives it (`Module/File.swift`).
  public var fileID: String
  /// The full path of that file, as `#filePath` gives it.
  public var filePath: String
  /// The line of the failing call.
  public var line: UInt
  /// The column of the failing call.
  public var column: UInt

  /// Creates a failure record.
  /// - Parameters:
  ///   - message: The failure message.
  ///   - fileID: The `#fileID` of the failing call.
  ///   - filePath: The `#filePath` of the failing call.
  ///   - line: The line of the failing call.
  ///   - column: The column of the failing call.
  public init(message: String, fileID: String, filePath: String, line: UInt, column: UInt) {
    self.message = message
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// `fileID:line: message`.
  public var description: String { "\(fileID):\(line): \(message)" }
}
