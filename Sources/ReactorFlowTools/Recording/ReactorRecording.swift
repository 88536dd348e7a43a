import ReactorFlow

/// A reactor's session: the actions sent to it and the mutations its effects sent, in order, with
/// their times and the state each mutation published. `Codable` when `Action` and `Mutation` are.
///
/// Make one with `Reactor.recordSession(clock:)`; replay it with `Reactor.replay(_:)`, which
/// feeds it to a fresh reactor with effects off and checks that the reactor reaches the same
/// states, step for step. `reduce` is synchronous and pure, so a replay is exact.
///
/// An `Equatable` state is kept as a value, compared with `==` and written as its own encoding
/// when it is `Codable`; any other state is kept as its stable outline (see ``RecordedState``). A
/// large state is kept as its changes from the state before it (``StateChanges``), with the whole
/// state now and then: a step costs about what it changed, not the state's size.
/// <doc:RecordingFormat> describes the file.
public struct ReactorRecording<Action: Sendable, Mutation: Sendable, State> {
  /// The version of the format this library writes. It reads this one and version 2 (every
  /// state whole); a recording of another version does not decode:
  /// ``RecordingError/unsupportedFormat(version:supported:)``.
  public static var formatVersion: Int { 3 }

  /// The oldest version this library still reads.
  static var oldestReadableVersion: Int { 2 }

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
    /// The state's changes from the state recorded before it (the previous mutation's, or the
    /// initial state): what is kept of a large state, when the changes are smaller than it. A
    /// replay rebuilds the recorded state from them and compares it as a value (field by field)
    /// or as an outline, as the state before it was kept.
    case changes(StateChanges)
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
  /// A step cannot be read or applied: changes that do not fit the state before them (an index
  /// out of range, a negative count, an unknown field), or a state of the wrong kind. The file was
  /// cut or edited. `step` counts from 1, as ``ReplayDivergence/step`` does; 0 is the initial
  /// state.
  case malformedStep(step: Int, reason: String)

  /// The error, in one sentence that says what to do.
  public var description: String {
    switch self {
    case .unsupportedFormat(let version, let supported) where version > supported:
      "the recording has format version \(version), but this ReactorFlow reads version "
        + "\(supported): replay it with the version that made it, or record it again"
    case .unsupportedFormat(let version, let supported):
      "the recording has format version \(version), which this ReactorFlow no longer reads (it "
        + "reads versions \(ReactorRecording<Never, Never, Never>.oldestReadableVersion) to \(supported)): "
        + "record the session again"
    case .otherReactor(let recorded, let expected):
      "the recording is of \(recorded), not of \(expected)"
    case .reactorAlreadyStarted(let type):
      "\(type) has already been used: replay into a reactor that was just created"
    case .differentInitialState(let diff):
      "the recording does not start from the reactor's initial state (− recorded, + now):\n\(diff)"
    case .malformedStep(let step, let reason):
      "the recording's \(step == 0 ? "initial state" : "step \(step)") cannot be used (\(reason)): the file "
        + "was cut or edited; record the session again"
    }
  }
}
