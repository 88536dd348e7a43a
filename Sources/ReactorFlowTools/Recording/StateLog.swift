import ReactorFlow

/// What a recorder keeps of the states it does not keep as values: for each mutation, the state
/// as a recording holds it. Only the last state is kept whole, to find what the next one changed.
///
/// A state whose fields change (a `Codable` and `Equatable` state, see ``StateFields``) or whose
/// outline changes (one that is not `Equatable`) is kept as its changes, unless it is small (then
/// whole, as changes would not be shorter), or unless its changes since the last state kept whole
/// add up to more than that state (then whole again, a keyframe, so that a reader rebuilding a
/// state never applies more than about one state's worth of changes, and a recording holds at
/// most twice its changes besides its keyframes).
final class StateLog<Action: Sendable, Mutation: Sendable, State> {
  typealias Recorded = ReactorRecording<Action, Mutation, State>.RecordedState

  enum Kind {
    /// Fields' changes; the previous state's fields (`nil` when it had none: it was kept whole).
    case fields(StateFields?)
    /// Outline lines' changes; the previous state's outline.
    case outlineChanges([String])
    /// Every state's outline whole: a replay's probe, which compares each and then forgets it.
    case outlines
  }

  /// The states of the mutations, in order; `describe` returns the index of each.
  private(set) var states: [Recorded] = []
  private var kind: Kind
  /// The weight of the last state kept whole, and of the changes kept since.
  private var keyframeWeight: Int
  private var weightSinceKeyframe = 0

  /// Below this weight, a state is kept whole: its changes would not be shorter.
  static var smallWeight: Int { 64 }

  init(_ kind: Kind) {
    self.kind = kind
    switch kind {
    case .fields(let fields): keyframeWeight = fields?.weight ?? 0
    case .outlineChanges(let outline): keyframeWeight = outline.count
    case .outlines: keyframeWeight = 0
    }
  }

  /// Keeps `state` and returns its index in ``states``.
  func append(_ state: State) -> Int {
    switch kind {
    case .fields(let previous):
      let fields = StateFields(of: state)
      kind = .fields(fields)
      // Fields that come and go are read from a whole state, which gives the new ones' types.
      guard let fields, let previous, fields.keys == previous.keys, fields.weight >= Self.smallWeight else {
        return keyframe(.value(state), weight: fields?.weight ?? 0)
      }
      return keep(.fields(fields.changes(from: previous)), or: .value(state), weight: fields.weight)
    case .outlineChanges(let previous):
      let outline = StateDiff.outline(state, identities: false)
      kind = .outlineChanges(outline)
      guard outline.count >= Self.smallWeight, let splices = Splicing.lines(from: previous, to: outline)
      else {
        return keyframe(.outline(outline), weight: outline.count)
      }
      return keep(.lines(splices), or: .outline(outline), weight: outline.count)
    case .outlines:
      states.append(.outline(StateDiff.outline(state, identities: false)))
      return states.count - 1
    }
  }

  /// Keeps `changes`, or `whole` when they weigh as much as half the state or would take the
  /// changes since the last keyframe past it.
  private func keep(_ changes: RecordedChanges, or whole: Recorded, weight: Int) -> Int {
    let changed = changes.weight
    guard changed * 2 < weight, weightSinceKeyframe + changed <= keyframeWeight else {
      return keyframe(whole, weight: weight)
    }
    weightSinceKeyframe += changed
    states.append(.changes(.init(storage: changes)))
    return states.count - 1
  }

  private func keyframe(_ state: Recorded, weight: Int) -> Int {
    keyframeWeight = weight
    weightSinceKeyframe = 0
    states.append(state)
    return states.count - 1
  }

  /// Lets go of the outline at `index`, which a replay has compared.
  func forget(_ index: Int) {
    guard states.indices.contains(index) else { return }
    states[index] = .outline([])
  }
}
