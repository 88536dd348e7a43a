import ReactorFlow

/// A reactor's session: the actions sent to it and the mutations its effects sent, in order, with
/// their times and the state each mutation published. `Codable` when `Action` and `Mutation` are.
///
/// Make one with `Reactor.recordSession(clock:)`; replay it with `Reactor.replay(_:)`, which
/// feeds it to a fresh reactor with effects off and checks that the reactor reaches the same
/// states, step for step. `reduce` is synchronous and pure, so a replay is exact.
///
/// An `Equatable` state is kept as a value, compared with `==` and written as its own encoding
/// when it is `Codable`; any other state is kept as its stable outline (see ``RecordedState``).
/// <doc:RecordingFormat> describes the file.
public struct ReactorRecording<Action: Sendable, Mutation: Sendable, State> {
  /// The version of the format this library writes and reads. A recording of another version
  /// does not decode: ``RecordingError/unsupportedFormat(version:supported:)``.
  public static var formatVersion: Int { 2 }

  /// A state as the recording holds it.
  public enum RecordedState {
    /// The state itself: what is kept when `State` is `Equatable`, and read back from a file
    /// when it is also `Codable`. A replay compares it with `==`. A class instance the state
    /// holds is kept by reference, as the state holds it.
    case value(State)
    /// The state's stable outline, one line per value: what is kept otherwise. A replay compares
    /// it with the replayed state's outline, which shows what the state's mirror shows (stored
    /// properties, or a type's `customMirror`) and never a type's private storage; it cannot see
    /// what a value's description leaves out, nor the identity of a class instance or a reactor.
    case outline([String])
  }

  /// One thing that happened.
  public enum Event {
    /// An action was sent to the reactor (by `send` or by its external actions).
    case action(Action)
    /// A mutation was reduced: one of the action's own (`fromEffect == false`), which the replay
    /// produces again, or one an effect sent, which the replay feeds in. `state` is the state it
    /// published.
    case mutation(Mutation, fromEffect: Bool, state: RecordedState)
  }

  /// One step: an event and when it happened, since the recording started.
  public struct Step {
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
  /// The state when the recording started.
  public var initialState: RecordedState
  /// Everything that happened, in order.
  public var steps: [Step]

  /// Creates a recording.
  /// - Parameters:
  ///   - reactorType: The reactor's type, as `String(reflecting:)` writes it.
  ///   - initialState: The state at the start.
  ///   - steps: What happened.
  public init(reactorType: String, initialState: RecordedState, steps: [Step] = []) {
    self.reactorType = reactorType
    self.initialState = initialState
    self.steps = steps
  }

  /// The `Action`, `Mutation` and `State` types a recording of this type holds, checked when
  /// decoding.
  static var types: String {
    "\(String(reflecting: Action.self)), \(String(reflecting: Mutation.self)), "
      + String(reflecting: State.self)
  }
}

extension ReactorRecording: Sendable where State: Sendable {}
extension ReactorRecording.RecordedState: Sendable where State: Sendable {}
extension ReactorRecording.Event: Sendable where State: Sendable {}
extension ReactorRecording.Step: Sendable where State: Sendable {}

extension Reactor {
  /// This reactor's recordings: `MainReactor.Recording` is
  /// `ReactorRecording<MainReactor.Action, MainReactor.Mutation, MainReactor.State>`.
  public typealias Recording = ReactorRecording<Action, Mutation, State>
}

/// Why a recording cannot be used. Nothing was changed when one of these is thrown.
public enum RecordingError: Error, Equatable, CustomStringConvertible {
  /// The recording was made in another format: by a later version of ReactorFlow, or by an
  /// earlier one whose format this version no longer reads.
  case unsupportedFormat(version: Int, supported: Int)
  /// The recording is of another reactor (or of other `Action`, `Mutation` or `State` types).
  case otherReactor(recorded: String, expected: String)
  /// The reactor to replay into has already changed its state or runs effects: a replay needs a
  /// fresh reactor.
  case reactorAlreadyStarted(String)
  /// The recording does not start from the reactor's initial state.
  case differentInitialState(diff: String)

  /// The error, in one sentence that says what to do.
  public var description: String {
    switch self {
    case .unsupportedFormat(let version, let supported) where version > supported:
      "the recording has format version \(version), but this ReactorFlow reads version "
        + "\(supported): replay it with the version that made it, or record it again"
    case .unsupportedFormat(let version, let supported):
      "the recording has format version \(version), which this ReactorFlow no longer reads (it "
        + "reads version \(supported)): record the session again"
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

extension ReactorRecording: Codable where Action: Codable, Mutation: Codable {
  private enum CodingKeys: String, CodingKey {
    case formatVersion, reactorType, types, initialState, initialOutline, steps
  }

  private enum StepKeys: String, CodingKey {
    case time, action, mutation, fromEffect, state, outline
  }

  /// Decodes a recording, after checking its version and its types: a recording of another
  /// format or of another reactor throws a ``RecordingError`` before anything else is read.
  /// - Parameter decoder: The decoder.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let version = try container.decode(Int.self, forKey: .formatVersion)
    guard version == Self.formatVersion else {
      throw RecordingError.unsupportedFormat(version: version, supported: Self.formatVersion)
    }
    let reactorType = try container.decode(String.self, forKey: .reactorType)
    let types = try container.decode(String.self, forKey: .types)
    guard types == Self.types else {
      throw RecordingError.otherReactor(recorded: "\(reactorType) (\(types))", expected: Self.types)
    }
    let initialState = try Self.decodeState(
      from: container, value: .initialState, outline: .initialOutline)
    var stepsContainer = try container.nestedUnkeyedContainer(forKey: .steps)
    var steps: [Step] = []
    while !stepsContainer.isAtEnd {
      let step = try stepsContainer.nestedContainer(keyedBy: StepKeys.self)
      let time = try step.decode(Duration.self, forKey: .time)
      if step.contains(.action) {
        steps.append(Step(time: time, event: .action(try step.decode(Action.self, forKey: .action))))
      } else {
        let mutation = try step.decode(Mutation.self, forKey: .mutation)
        let fromEffect = try step.decode(Bool.self, forKey: .fromEffect)
        let state = try Self.decodeState(from: step, value: .state, outline: .outline)
        steps.append(Step(time: time, event: .mutation(mutation, fromEffect: fromEffect, state: state)))
      }
    }
    self.init(reactorType: reactorType, initialState: initialState, steps: steps)
  }

  /// Encodes the recording with its format version and its types. A state kept as a value is
  /// written as its own encoding when `State` is `Codable`, and as its outline otherwise.
  /// - Parameter encoder: The encoder.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(Self.formatVersion, forKey: .formatVersion)
    try container.encode(reactorType, forKey: .reactorType)
    try container.encode(Self.types, forKey: .types)
    try Self.encode(initialState, into: &container, value: .initialState, outline: .initialOutline)
    var stepsContainer = container.nestedUnkeyedContainer(forKey: .steps)
    for step in steps {
      var container = stepsContainer.nestedContainer(keyedBy: StepKeys.self)
      try container.encode(step.time, forKey: .time)
      switch step.event {
      case .action(let action):
        try container.encode(action, forKey: .action)
      case .mutation(let mutation, let fromEffect, let state):
        try container.encode(mutation, forKey: .mutation)
        try container.encode(fromEffect, forKey: .fromEffect)
        try Self.encode(state, into: &container, value: .state, outline: .outline)
      }
    }
  }

  private static func encode<Key: CodingKey>(
    _ state: RecordedState, into container: inout KeyedEncodingContainer<Key>, value: Key, outline: Key
  ) throws {
    switch state {
    case .value(let state):
      if State.self is any Decodable.Type, let encodable = state as? any Encodable {
        try container.encode(encodable, forKey: value)
      } else {
        try container.encode(StateDiff.outline(state, identities: false), forKey: outline)
      }
    case .outline(let lines):
      try container.encode(lines, forKey: outline)
    }
  }

  private static func decodeState<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, value: Key, outline: Key
  ) throws -> RecordedState {
    guard container.contains(value) else {
      return .outline(try container.decode([String].self, forKey: outline))
    }
    guard let type = State.self as? any Decodable.Type,
      let state = try container.decode(type, forKey: value) as? State
    else {
      throw DecodingError.dataCorruptedError(
        forKey: value, in: container,
        debugDescription: "the recording holds states as values, but \(State.self) is not Decodable")
    }
    return .value(state)
  }
}
