/// What an inspector knows about one running effect: its number, its identifiers, and where it
/// was built.
///
/// The source location is the call of ``Effect/run(priority:operation:catch:fileID:line:)``,
/// ``Effect/task(priority:operation:fileID:line:)`` or ``Effect/sequence(_:fileID:line:)`` that
/// made the effect's asynchronous part.
public struct EffectInfo: Sendable, Hashable, CustomStringConvertible {
  /// The effect's number, unique among the effects of its reactor.
  public let serial: Int
  /// The identifiers the effect was made cancellable with, outermost first.
  public let ids: [EffectID]
  /// The file (`#fileID`) where the effect was built, or `"?"` when it is not known.
  public let fileID: String
  /// The line where the effect was built, or 0 when it is not known.
  public let line: Int

  /// Describes an effect.
  /// - Parameters:
  ///   - serial: The effect's number within its reactor.
  ///   - ids: Its cancellation identifiers.
  ///   - fileID: The file where it was built.
  ///   - line: The line where it was built.
  init(serial: Int, ids: [EffectID], fileID: String, line: Int) {
    self.serial = serial
    self.ids = ids
    self.fileID = fileID
    self.line = line
  }

  /// A label for the effect: its identifiers if it has any, else where it was built.
  public var label: String {
    guard ids.isEmpty else { return ids.map { "\($0.base)" }.joined(separator: "/") }
    return "\(fileName):\(line)"
  }

  /// `effect #3 "load" (MainReactor.swift:42)`.
  public var description: String {
    let name = ids.isEmpty ? "" : " \"\(label)\""
    return "effect #\(serial)\(name) (\(fileName):\(line))"
  }

  /// The file's name without its module.
  var fileName: Substring {
    fileID.split(separator: "/").last ?? Substring(fileID)
  }
}

/// Where an asynchronous effect was built.
@usableFromInline
struct EffectSite: Sendable {
  @usableFromInline let fileID: StaticString
  @usableFromInline let line: UInt

  @inlinable
  init(fileID: StaticString, line: UInt) {
    self.fileID = fileID
    self.line = line
  }
}

/// The effect whose task is running, for the inspection of the mutations it sends.
/// An inspected effect's description, boxed: the task of an effect that nothing inspects then
/// carries one `nil` reference instead of room for the description.
@usableFromInline
final class EffectReport: Sendable {
  let info: EffectInfo

  init(_ info: EffectInfo) {
    self.info = info
  }
}

@usableFromInline
enum InspectedEffect {
  @TaskLocal static var current: EffectInfo?

  /// Runs `operation` with the effect as the current one, on the main actor like the rest of the
  /// effect's task: a hop off it and back would be main-actor work the testing module cannot see.
  @usableFromInline
  @MainActor
  static func running(
    _ report: EffectReport, _ operation: @MainActor () async -> EffectOutcome
  ) async -> EffectOutcome {
    await $current.withValue(report.info, operation: operation)
  }
}
