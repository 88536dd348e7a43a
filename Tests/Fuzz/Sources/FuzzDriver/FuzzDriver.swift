import Foundation
import FuzzTargets

/// What every libFuzzer executable's `LLVMFuzzerTestOneInput` does: runs one target's check on
/// the main actor and waits for it, turning a broken property into a crash that libFuzzer keeps.
public enum FuzzDriver {
  /// Checks one input; called by libFuzzer on the main thread.
  /// - Parameters:
  ///   - target: The decoder.
  ///   - bytes: The input.
  ///   - count: Its length.
  /// - Returns: 0, libFuzzer's "keep going".
  public static func run(_ target: FuzzTarget, _ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    MainActor.assumeIsolated {
      let outcome = Outcome()
      Task { @MainActor in
        do {
          try await target.check(data)
        } catch {
          outcome.failure = "\(error)"
        }
        outcome.isDone = true
        // Serving the main queue does not end a turn of the run loop, a performed block does.
        RunLoop.main.perform {}
      }
      // The check's main-actor work is queued on the main thread, which this loop serves.
      while !outcome.isDone {
        _ = RunLoop.main.run(mode: .default, before: .distantFuture)
      }
      if let failure = outcome.failure { fatalError("fuzz-\(target.rawValue): \(failure)") }
    }
    return 0
  }

  @MainActor
  private final class Outcome {
    var isDone = false
    var failure: String?
  }
}

extension FuzzDriver {
  /// libFuzzer's `LLVMFuzzerTestOneInput`.
  public typealias TestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

  /// Runs libFuzzer with the command line's options on `testOneInput`: the executable's `main`.
  ///
  /// SwiftPM links an executable with its entry point renamed to `<module>_main` (so that tests
  /// can link it), which leaves libFuzzer's own `main` out; each executable defines that symbol
  /// and comes here.
  public static func main(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ testOneInput: TestOneInput
  ) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, testOneInput)
  }
}

/// libFuzzer's entry point for a program with its own `main` (declared here: libFuzzer has no
/// module map); its arguments are pointers, which Swift passes as C does.
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ testOneInput: FuzzDriver.TestOneInput
) -> CInt
