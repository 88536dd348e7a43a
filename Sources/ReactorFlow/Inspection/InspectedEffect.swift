/// Names the effect that an event comes from: its number, its identifiers, and where it was
/// built.
///
/// The source location is the call of ``Effect/run(priority:operation:catch:fileID:line:)``,
/// ``Effect/task(priority:operation:fileID:line:)`` or ``Effect/sequence(_:fileID:line:)`` that
/// made the effect's asynchronous part.
public struct InspectedEffect: Sendable, Hashable, CustomStringConvertible {
  /// The effect's number, unique among the effects of its reactor.
  public let serial: Int
  /// The identifiers the effect was made cancellable with, outermost first.
  public let ids: [EffectID]
  /// The file (`#fileID`) where the effect was built, or `"?"` when it is not known.
  public let fileID: String
  /// The line where the effect was built, or 0 when it is not known.
  public let line: Int

  /// Names an effect.
  /// - Parameters:
  ///   - serial: The effect's number within its reactor.
  ///   - ids: Its cancellation identifiers.
  ///   - site: Where it was built, if known.
  init(serial: Int, ids: [EffectID], site: EffectSite?) {
    self.serial = serial
    self.ids = ids
    self.fileID = site.map { "\($0.fileID)" } ?? "?"
    self.line = site.map { Int($0.line) } ?? 0
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

  /// The inspected effect whose task is running, for the report of the mutations it sends.
  @TaskLocal static var current: InspectedEffect?

  /// Runs an effect's task with the effect as the current one, on the main actor like the rest of
  /// the task: a hop off it and back would be main-actor work the testing module cannot see.
  @usableFromInline
  @MainActor
  static func running(
    _ effect: InspectedEffect, _ operation: @MainActor () async -> EffectOutcome
  ) async -> EffectOutcome {
    await $current.withValue(effect, operation: operation)
  }
}

/// Where an asynchronous effect was built, kept by the effect for its ``InspectedEffect``.
@usableFromInline
struct EffectSite: Sendable {
  @usableFromInline let fileID: StaticString
  @usableFromInline let line: UInt

  @usableFromInline
  init(fileID: StaticString, line: UInt) {
    self.fileID = fileID
    self.line = line
  }
}
