import Observation

/// One part of the state that a view read through an ``ObservedReactor``: the last value seen and
/// how to tell the registrar that it changed.
///
/// Built once, on the first read of its key path, with everything specialized for the value's
/// type, so that checking it on a new state allocates nothing.
@MainActor
@usableFromInline
final class TrackedProperty<Subject: Observable, State> {
  /// Reads the value in a new state and keeps it; returns whether it differs from the last one.
  @usableFromInline let update: (State) -> Bool
  /// Tells the registrar that the value changed (`willSet` and `didSet` of the property's key).
  @usableFromInline let signal: (Subject) -> Void
  /// The registrar's key: a `KeyPath<Subject, Value>`, stored without its value type.
  let key: AnyKeyPath

  init(key: AnyKeyPath, update: @escaping (State) -> Bool, signal: @escaping (Subject) -> Void) {
    self.key = key
    self.update = update
    self.signal = signal
  }

  /// A property compared with `==`: a new state changes it only when the value differs.
  static func equatable<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>,
    initial: Value,
    key: KeyPath<Subject, Value>,
    registrar: ObservationRegistrar
  ) -> TrackedProperty {
    var last = initial
    return TrackedProperty(
      key: key,
      update: { state in
        let value = state[keyPath: keyPath]
        guard value != last else { return false }
        last = value
        return true
      },
      signal: { registrar.withMutation(of: $0, keyPath: key) {} })
  }

  /// A pulse: a new state changes it when a value was assigned, even an equal one.
  static func pulse<Value>(
    _ keyPath: KeyPath<State, Pulse<Value>>,
    initial: Pulse<Value>,
    key: KeyPath<Subject, Pulse<Value>>,
    registrar: ObservationRegistrar
  ) -> TrackedProperty {
    var lastCount = initial.valueUpdatedCount
    return TrackedProperty(
      key: key,
      update: { state in
        let count = state[keyPath: keyPath].valueUpdatedCount
        guard count != lastCount else { return false }
        lastCount = count
        return true
      },
      signal: { registrar.withMutation(of: $0, keyPath: key) {} })
  }

  /// A property that cannot be compared: every new state changes it.
  static func always<Value>(
    key: KeyPath<Subject, Value>,
    registrar: ObservationRegistrar
  ) -> TrackedProperty {
    TrackedProperty(
      key: key,
      update: { _ in true },
      signal: { registrar.withMutation(of: $0, keyPath: key) {} })
  }
}
