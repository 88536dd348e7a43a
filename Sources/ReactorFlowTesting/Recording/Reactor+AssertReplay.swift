import ReactorFlow
import ReactorFlowTools

extension Reactor {
  /// Replays a recorded session into this reactor, which must be fresh, and reports a test
  /// failure when it cannot: the recording is of another reactor, or the replay diverges (the
  /// failure names the first differing step, with the fields that changed).
  ///
  /// A recording becomes a test in a few lines:
  /// ```swift
  /// func test_recordedSession_stillReachesTheSameStates() async throws {
  ///   let data = try Data(contentsOf: fixtures.appendingPathComponent("load.json"))
  ///   let recording = try JSONDecoder().decode(MainReactor.Recording.self, from: data)
  ///   MainReactor().assertReplays(recording)
  /// }
  /// ```
  /// - Parameters:
  ///   - recording: The session, from `recordSession(clock:)`.
  ///   - fileID: The file of the failure; leave the default.
  ///   - filePath: The file of the failure; leave the default.
  ///   - line: The line of the failure; leave the default.
  ///   - column: The column of the failure; leave the default.
  /// - Returns: Whether the replay reached every recorded state.
  @discardableResult
  public func assertReplays(
    _ recording: ReactorRecording<Action, Mutation, State>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Bool {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    do {
      try replay(recording)
      return true
    } catch {
      reportFailure("\(error)", at: location)
      return false
    }
  }
}
