/// A reactor's session: the actions sent to it and the mutations its effects sent, in order, with
/// their times and the state each mutation published. `Codable` when `Action` and `Mutation` are.
///
/// Make one with ``Reactor/recordSession(clock:)``; replay it with ``Reactor/replay(_:)``, which
/// feeds it to a fresh reactor with effects off and checks that the reactor reaches the same
/// states, step for step. `reduce` is synchronous and pure, so a replay is exact.
///
/// The states are kept as outlines (the lines of a `dump`), not as values: any state can be
/// recorded, and a divergence reads as a diff. A reactor held in the state is its type alone.
public struct ReactorRecording<Action: Sendable, Mutation: Sendable>: Sendable {
  /// The version of the format this library writes and reads. A recording of a later version
  /// does not decode: ``RecordingError/unsupportedFormat(version:supported:)``.
  public static var formatVersion: Int { 1 }

  /// One thing that happened.
  public enum Event: Sendable {
    /// An action was sent to the reactor (by `send` or by its external actions).
    case action(Action)
    /// A mutation was reduced: one of the action's own (`fromEffect == false`), which the replay
    /// produces again, or one an effect sent, which the replay feeds in. `state` is the outline
    /// of the state it published.
    case mutation(Mutation, fromEffect: Bool, state: [String])
  }

  /// One step: an event and when it happened, since the recording started.
  public struct Step: Sendable {
    /// When it happened, on the recorder's clock.
    public var time: Duration
    /// What happened.
    public var event: Event

    /// Creates a step.
    /// - Parameters:
    ///   - time: When it happened.
    ///   - event: What happened.
    public init(time: Duration, event: Event) {
      self.time = time
      self.event = event
    }
  }

  /// The reactor's type, for example `RandomUserCore.MainReactor`.
  public var reactorType: String
  /// The outline of the state when the recording started.
  public var initialState: [String]
  /// Everything that happened, in order.
  public var steps: [Step]

  /// Creates a recording.
  /// - Parameters:
  ///   - reactorType: The reactor's type, as `String(reflecting:)` writes it.
  ///   - initialState: The outline of the state at the start.
  ///   - steps: What happened.
  public init(reactorType: String, initialState: [String], steps: [Step] = []) {
    self.reactorType = reactorType
    self.initialState = initialState
    self.steps = steps
  }

  /// The `Action` and `Mutation` types a recording of this type holds, checked when decoding.
  static var eventTypes: String {
    "\(String(reflecting: Action.self)), \(String(reflecting: Mutation.self))"
  }
}

/// Why a recording cannot be used. Nothing was changed when one of these is thrown.
public enum RecordingError: Error, Equatable, CustomStringConvertible {
  /// The recording was made by a later version of ReactorFlow.
  case unsupportedFormat(version: Int, supported: Int)
  /// The recording is of another reactor (or of other `Action` and `Mutation` types).
  case otherReactor(recorded: String, expected: String)
  /// The reactor to replay into has already changed its state or runs effects: a replay needs a
  /// fresh reactor.
  case reactorAlreadyStarted(String)
  /// The recording does not start from the reactor's initial state.
  case differentInitialState(diff: String)

  /// The error, in one sentence that says what to do.
  public var description: String {
    switch self {
    case .unsupportedFormat(let version, let supported):
      "the recording has format version \(version), but this ReactorFlow reads up to version "
        + "\(supported): replay it with the version that made it, or record it again"
    case .otherReactor(let recorded, let expected):
      "the recording is of \(recorded), not of \(expected)"
    case .reactorAlreadyStarted(let type):
      "\(type) has already been used: replay into a reactor that was just created"
    case .differentInitialState(let diff):
      "the recording does not start from the reactor's initial state (− recorded, + now):\n\(diff)"
    }
  }
}

// MARK: - Codable

extension ReactorRecording.Event: Codable where Action: Codable, Mutation: Codable {}
extension ReactorRecording.Step: Codable where Action: Codable, Mutation: Codable {}

extension ReactorRecording: Codable where Action: Codable, Mutation: Codable {
  private enum CodingKeys: String, CodingKey {
    case formatVersion, reactorType, eventTypes, initialState, steps
  }

  /// Decodes a recording, after checking its version and its types: a recording of a later
  /// format or of another reactor throws a ``RecordingError`` before anything else is read.
  /// - Parameter decoder: The decoder.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let version = try container.decode(Int.self, forKey: .formatVersion)
    guard version <= Self.formatVersion else {
      throw RecordingError.unsupportedFormat(version: version, supported: Self.formatVersion)
    }
    let reactorType = try container.decode(String.self, forKey: .reactorType)
    let eventTypes = try container.decode(String.self, forKey: .eventTypes)
    guard eventTypes == Self.eventTypes else {
      throw RecordingError.otherReactor(
        recorded: "\(reactorType) (\(eventTypes))", expected: Self.eventTypes)
    }
    self.init(
      reactorType: reactorType,
      initialState: try container.decode([String].self, forKey: .initialState),
      steps: try container.decode([Step].self, forKey: .steps))
  }

  /// Encodes the recording with its format version and its types.
  /// - Parameter encoder: The encoder.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(Self.formatVersion, forKey: .formatVersion)
    try container.encode(reactorType, forKey: .reactorType)
    try container.encode(Self.eventTypes, forKey: .eventTypes)
    try container.encode(initialState, forKey: .initialState)
    try container.encode(steps, forKey: .steps)
  }
}
