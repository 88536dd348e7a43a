import Foundation

/// An input decoder under fuzzing, named as `.ci/fuzz.sh` and the kept inputs'
/// folders (`Tests/FuzzRegressions/<name>`) name it.
///
/// ``check(_:)`` is the whole of what one input does: the libFuzzer executables call it for every
/// input the fuzzer makes, and `FuzzRegressionTests` calls it for every kept one, so a crash that
/// was found stays fixed.
public enum FuzzTarget: String, CaseIterable, Sendable {
  /// A `--record` file, replayed as `randomuser --replay` does.
  case recording
  /// A randomuser.me response body, and what randomuser prints of it.
  case response
  /// The lines typed in `randomuser --interactive`.
  case line
  /// The trace writers, on a session whose actions, mutations, effect and state hold the input.
  case trace
  /// The state file of `randomuser --interactive`, opened, starred into and saved.
  case state
  /// The `randomuser` command line, parsed as the binary parses it (and run when harmless).
  case commandline

  /// Feeds `data` to the decoder and checks what must hold for any input.
  /// - Throws: ``FuzzFailure`` when a property does not hold (a crash stops the process itself).
  @MainActor
  public func check(_ data: Data) async throws(FuzzFailure) {
    switch self {
    case .recording: try await RecordingFuzz.check(data)
    case .response: try ResponseFuzz.check(data)
    case .line: try await LineFuzz.check(data)
    case .trace: try TraceFuzz.check(data)
    case .state: try await StateFuzz.check(data)
    case .commandline: try await CommandLineFuzz.check(data)
    }
  }
}

/// A property that an input broke: the fuzzer stops on it as on a crash, a regression test fails.
public struct FuzzFailure: Error, CustomStringConvertible {
  /// What did not hold.
  public let description: String

  init(_ description: String) {
    self.description = description
  }
}
