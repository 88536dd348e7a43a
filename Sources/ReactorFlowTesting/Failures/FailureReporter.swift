// The only place, with XCTestCase+ReactorExpectations.swift, that imports a test framework: every
// other file reports through `reportFailure(_:at:)`.
import XCTest

#if canImport(Testing)
  import Testing
#endif

/// Where failures go: the innermost ``captureFailures(isolation:_:)``, else the running test.
enum FailureReporter {
  /// The collector of the innermost ``captureFailures(isolation:_:)``, if any.
  @TaskLocal static var capture: FailureCollector?
}

/// Reports a failure to the innermost capture, to Swift Testing when a Swift Testing test is
/// running, and to XCTest otherwise.
func reportFailure(_ message: String, at location: SourceLocation) {
  if let capture = FailureReporter.capture {
    capture.append(
      TestFailure(
        message: message,
        fileID: "\(location.fileID)",
        filePath: "\(location.filePath)",
        line: location.line,
        column: location.column))
    return
  }
  #if canImport(Testing)
    if Test.current != nil {
      Issue.record(
        Comment(rawValue: message),
        sourceLocation: Testing.SourceLocation(
          fileID: "\(location.fileID)",
          filePath: "\(location.filePath)",
          line: Int(location.line),
          column: Int(location.column)))
      return
    }
  #endif
  XCTFail(message, file: location.filePath, line: location.line)
}

/// Collects the failures reported inside one ``captureFailures(isolation:_:)``.
final class FailureCollector: Sendable {
  private let failures = Locked<[TestFailure]>([])

  func append(_ failure: TestFailure) {
    failures.withLock { $0.append(failure) }
  }

  var all: [TestFailure] {
    failures.withLock { $0 }
  }
}
