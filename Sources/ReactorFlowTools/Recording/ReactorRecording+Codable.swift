import ReactorFlow

extension ReactorRecording: Codable where Action: Codable, Mutation: Codable {
  private enum CodingKeys: String, CodingKey {
    case formatVersion, reactorType, types, initialState, initialOutline, steps
  }

  private enum StepKeys: String, CodingKey {
    case time, action, mutation, fromEffect, state, outline, changes, outlineChanges
  }

  private enum ChangeKeys: String, CodingKey {
    case field, value, splices
  }

  private enum SpliceKeys: String, CodingKey {
    case at, remove, insert
  }

  /// Decodes a recording, after checking its version and its types: a recording of another
  /// format or of another reactor throws a ``RecordingError`` before anything else is read, and
  /// changes that do not fit the state before them throw
  /// ``RecordingError/malformedStep(step:reason:)``.
  /// - Parameter decoder: The decoder.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let version = try container.decode(Int.self, forKey: .formatVersion)
    guard (Self.oldestReadableVersion...Self.formatVersion).contains(version) else {
      throw RecordingError.unsupportedFormat(version: version, supported: Self.formatVersion)
    }
    let reactorType = try container.decode(String.self, forKey: .reactorType)
    let types = try container.decode(String.self, forKey: .types)
    guard types == Self.types else {
      throw RecordingError.otherReactor(recorded: "\(reactorType) (\(types))", expected: Self.types)
    }
    let initialState = try Self.decodeState(
      from: container, value: .initialState, outline: .initialOutline)
    // What the changes of the next step apply to: checked as each step is read, so that a
    // recording that decodes also rebuilds.
    var shape = ChangeShape(initialState)
    var stepsContainer = try container.nestedUnkeyedContainer(forKey: .steps)
    var steps: [Step] = []
    while !stepsContainer.isAtEnd {
      let step = try stepsContainer.nestedContainer(keyedBy: StepKeys.self)
      let time = try step.decode(Duration.self, forKey: .time)
      if step.contains(.action) {
        steps.append(Step(time: time, event: .action(try step.decode(Action.self, forKey: .action))))
        continue
      }
      let mutation = try step.decode(Mutation.self, forKey: .mutation)
      let fromEffect = try step.decode(Bool.self, forKey: .fromEffect)
      let state: RecordedState
      if step.contains(.changes) || step.contains(.outlineChanges) {
        do {
          state = .changes(
            .init(
              storage: step.contains(.changes)
                ? .fields(try Self.decodeFieldChanges(from: step, shape: &shape))
                : .lines(try Self.decodeLineChanges(from: step, shape: &shape))))
        } catch let error as ChangesError {
          throw RecordingError.malformedStep(step: steps.count + 1, reason: error.reason)
        } catch let error as DecodingError {
          throw RecordingError.malformedStep(step: steps.count + 1, reason: Self.reason(error))
        }
      } else {
        state = try Self.decodeState(from: step, value: .state, outline: .outline)
        shape = ChangeShape(state)
      }
      steps.append(Step(time: time, event: .mutation(mutation, fromEffect: fromEffect, state: state)))
    }
    self.init(reactorType: reactorType, initialState: initialState, steps: steps)
  }

  /// Encodes the recording with its format version and its types. A state kept as a value is
  /// written as its own encoding when `State` is `Codable`, and as its outline otherwise; changes
  /// are written as <doc:RecordingFormat> describes.
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
      case .mutation(let mutation, let fromEffect, .changes(let changes)):
        try container.encode(mutation, forKey: .mutation)
        try container.encode(fromEffect, forKey: .fromEffect)
        try Self.encode(changes.storage, into: &container)
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
    case .changes:
      throw EncodingError.invalidValue(
        state, .init(codingPath: container.codingPath, debugDescription: "the initial state must be whole"))
    }
  }

  private static func encode(
    _ changes: RecordedChanges, into container: inout KeyedEncodingContainer<StepKeys>
  ) throws {
    switch changes {
    case .fields(let changes):
      var list = container.nestedUnkeyedContainer(forKey: .changes)
      for change in changes {
        var item = list.nestedContainer(keyedBy: ChangeKeys.self)
        try item.encode(change.key, forKey: .field)
        switch change.kind {
        case .value(let value):
          try item.encode(value, forKey: .value)
        case .elements(let splices):
          var splicesContainer = item.nestedUnkeyedContainer(forKey: .splices)
          for splice in splices {
            var spliceContainer = splicesContainer.nestedContainer(keyedBy: SpliceKeys.self)
            try spliceContainer.encode(splice.at, forKey: .at)
            try spliceContainer.encode(splice.removed, forKey: .remove)
            try spliceContainer.encode(splice.inserted, forKey: .insert)
          }
        }
      }
    case .lines(let splices):
      var list = container.nestedUnkeyedContainer(forKey: .outlineChanges)
      for splice in splices {
        var spliceContainer = list.nestedContainer(keyedBy: SpliceKeys.self)
        try spliceContainer.encode(splice.at, forKey: .at)
        try spliceContainer.encode(splice.removed, forKey: .remove)
        try spliceContainer.encode(splice.inserted, forKey: .insert)
      }
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

  /// What a decoding error says, in a few words: which key is missing or wrong.
  private static func reason(_ error: DecodingError) -> String {
    switch error {
    case .keyNotFound(let key, _): "no \"\(key.stringValue)\" in a change"
    case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
      "\(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
    @unknown default: "\(error)"
    }
  }

  /// Reads a step's changes of fields, each decoded as the type of its field, and checks them
  /// against `shape`, which they then change.
  private static func decodeFieldChanges(
    from step: KeyedDecodingContainer<StepKeys>, shape: inout ChangeShape
  ) throws -> [FieldChange] {
    guard var types = shape.fields else {
      throw ChangesError(reason: "changes of fields, but the state before them has no fields")
    }
    var list = try step.nestedUnkeyedContainer(forKey: .changes)
    var changes: [FieldChange] = []
    while !list.isAtEnd {
      let item = try list.nestedContainer(keyedBy: ChangeKeys.self)
      let key = try item.decode(String.self, forKey: .field)
      guard let field = types[key] else { throw ChangesError(reason: "the state has no field \"\(key)\"") }
      guard item.contains(.splices) else {
        func decode<Value: Codable>(_: Value.Type) throws -> any Codable {
          try item.decode(Value.self, forKey: .value)
        }
        let value = try decode(field.type)
        types[key]?.count = (value as? any SplicedArray).flatMap { ($0 as? any Collection)?.count }
        changes.append(FieldChange(key: key, kind: .value(value)))
        continue
      }
      guard let arrayType = field.type as? any SplicedArray.Type, let count = field.count else {
        throw ChangesError(reason: "elements of the field \"\(key)\", which is not an array")
      }
      var splicesContainer = try item.nestedUnkeyedContainer(forKey: .splices)
      var splices: [ElementSplice] = []
      while !splicesContainer.isAtEnd {
        let splice = try splicesContainer.nestedContainer(keyedBy: SpliceKeys.self)
        let inserted = try arrayType.decodeElements(from: splice, forKey: .insert)
        splices.append(
          ElementSplice(
            at: try splice.decode(Int.self, forKey: .at),
            removed: try splice.decode(Int.self, forKey: .remove),
            inserted: inserted.elements, count: inserted.count))
      }
      types[key]?.count = try Splicing.count(
        after: splices.lazy.map { (at: $0.at, removed: $0.removed, inserted: $0.count) }, from: count)
      changes.append(FieldChange(key: key, kind: .elements(splices)))
    }
    shape.fields = types
    return changes
  }

  /// Reads a step's changes of outline lines and checks them against `shape`.
  private static func decodeLineChanges(
    from step: KeyedDecodingContainer<StepKeys>, shape: inout ChangeShape
  ) throws -> [LineSplice] {
    guard let count = shape.lines else {
      throw ChangesError(reason: "changes of outline lines, but the state before them is not an outline")
    }
    var list = try step.nestedUnkeyedContainer(forKey: .outlineChanges)
    var splices: [LineSplice] = []
    while !list.isAtEnd {
      let splice = try list.nestedContainer(keyedBy: SpliceKeys.self)
      splices.append(
        LineSplice(
          at: try splice.decode(Int.self, forKey: .at), removed: try splice.decode(Int.self, forKey: .remove),
          inserted: try splice.decode([String].self, forKey: .insert)))
    }
    shape.lines = try Splicing.count(
      after: splices.lazy.map { (at: $0.at, removed: $0.removed, inserted: $0.inserted.count) }, from: count)
    return splices
  }
}

/// What a step's changes apply to, as far as reading them goes: the type of each field of the
/// state before them and the count of each array field, or the count of its outline's lines.
private struct ChangeShape {
  var fields: [String: (type: any Codable.Type, count: Int?)]?
  var lines: Int?

  init<Action, Mutation, State>(_ state: ReactorRecording<Action, Mutation, State>.RecordedState) {
    switch state {
    case .value(let value):
      fields = StateFields(of: value).map { fields in
        Dictionary(
          zip(
            fields.keys,
            fields.values.map { value in
              (type(of: value), (value as? any SplicedArray).flatMap { ($0 as? any Collection)?.count })
            }),
          uniquingKeysWith: { first, _ in first })
      }
    case .outline(let lines):
      self.lines = lines.count
    case .changes:
      break
    }
  }
}
