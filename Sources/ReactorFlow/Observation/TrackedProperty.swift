import Observation

/// One part of the state that a view read through an ``ObservedReactor``: how to tell whether a
/// new state changed it, and how to tell the registrar that it did.
///
/// Built once, on the first read of its key path, by inlinable code, so that its closures are
/// compiled for the concrete state and value types in the module that uses the model: checking it
/// on a new state looks up no generic metadata and allocates nothing. A class, so that the loop
/// over the properties can call its closures through an unretained reference (see
/// `ObservedReactor.update(_:)`).
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@usableFromInline
final class TrackedProperty<Subject: Observable, State> {
  /// Whether the property differs between the previous state and the new one. The states are
  /// passed by address so that no state is copied (a copy retains every reference in it).
  @usableFromInline let hasChanged: (_ old: UnsafePointer<State>, _ new: UnsafePointer<State>) -> Bool
  /// Tells the registrar that the property changed (`willSet` and `didSet` of its key).
  @usableFromInline let signal: (Subject) -> Void
  /// The registrar's key: a `KeyPath<Subject, Value>`, stored without its value type.
  @usableFromInline let key: AnyKeyPath
  /// For an integer or a `Bool` stored at a fixed offset in the state: the offset and the size
  /// of the value, which the loop compares in place instead of calling `hasChanged`. Otherwise
  /// the size is 0.
  @usableFromInline let inline: (offset: Int, size: Int)

  @inlinable
  init(
    key: AnyKeyPath,
    inline: (offset: Int, size: Int) = (0, 0),
    hasChanged: @escaping (_ old: UnsafePointer<State>, _ new: UnsafePointer<State>) -> Bool,
    signal: @escaping (Subject) -> Void
  ) {
    self.key = key
    self.inline = inline
    self.hasChanged = hasChanged
    self.signal = signal
  }

  /// Tells the registrar that a property changed: `willSet` then `didSet`, what
  /// `withMutation(of:keyPath:_:)` does around an empty body, without its generic closure call
  /// (44 instructions of its 396 per change, with no observer, in `callgrind`).
  @inlinable
  static func signalChange<Value>(
    of key: KeyPath<Subject, Value>,
    in subject: Subject,
    to registrar: ObservationRegistrar
  ) {
    registrar.willSet(subject, keyPath: key)
    registrar.didSet(subject, keyPath: key)
  }

  /// Whether values of this type are equal exactly when their bytes are: the integers and
  /// `Bool`, which most view state is made of.
  @inlinable
  static func isComparedByBytes<Value>(_: Value.Type) -> Bool {
    Value.self == Int.self || Value.self == UInt.self || Value.self == Bool.self
      || Value.self == Int64.self || Value.self == UInt64.self || Value.self == Int32.self
      || Value.self == UInt32.self || Value.self == Int16.self || Value.self == UInt16.self
      || Value.self == Int8.self || Value.self == UInt8.self
  }

  /// A property compared with `==`.
  @inlinable
  static func equatable<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>,
    key: KeyPath<Subject, Value>,
    registrar: ObservationRegistrar
  ) -> TrackedProperty {
    let hasChanged: (UnsafePointer<State>, UnsafePointer<State>) -> Bool
    var inline = (offset: 0, size: 0)
    if let offset = MemoryLayout<State>.offset(of: keyPath) {
      if isComparedByBytes(Value.self) { inline = (offset, MemoryLayout<Value>.size) }
      // A path of stored struct properties: the value is at a fixed offset in the state, and
      // reading it there is a load, where applying the key path goes through the runtime's
      // generic projection, which looks up type metadata on every call.
      hasChanged = { old, new in
        UnsafeRawPointer(old).load(fromByteOffset: offset, as: Value.self)
          != UnsafeRawPointer(new).load(fromByteOffset: offset, as: Value.self)
      }
    } else {
      hasChanged = { $0.pointee[keyPath: keyPath] != $1.pointee[keyPath: keyPath] }
    }
    return TrackedProperty(
      key: key,
      inline: inline,
      hasChanged: hasChanged,
      signal: { signalChange(of: key, in: $0, to: registrar) })
  }

  /// A pulse: changed by every assignment, even of an equal value.
  @inlinable
  static func pulse<Value>(
    _ keyPath: KeyPath<State, Pulse<Value>>,
    key: KeyPath<Subject, Pulse<Value>>,
    registrar: ObservationRegistrar
  ) -> TrackedProperty {
    TrackedProperty(
      key: key,
      hasChanged: {
        $0.pointee[keyPath: keyPath].valueUpdatedCount != $1.pointee[keyPath: keyPath].valueUpdatedCount
      },
      signal: { signalChange(of: key, in: $0, to: registrar) })
  }

  /// A property that cannot be compared: changed by every new state.
  @inlinable
  static func always<Value>(
    key: KeyPath<Subject, Value>,
    registrar: ObservationRegistrar
  ) -> TrackedProperty {
    TrackedProperty(
      key: key,
      hasChanged: { _, _ in true },
      signal: { signalChange(of: key, in: $0, to: registrar) })
  }
}

/// A tracked property in the loop of `ObservedReactor.update(_:)`, with its flags.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@usableFromInline
struct TrackedSlot<Subject: Observable, State> {
  @usableFromInline let property: TrackedProperty<Subject, State>
  /// The property's `inline` comparison, copied here so that the loop reads it without
  /// following the reference.
  @usableFromInline let inline: (offset: Int, size: Int)
  /// Whether a view read the property since its last change was signalled.
  @usableFromInline var isArmed = true
  /// Whether the property changed and the registrar has yet to be told.
  @usableFromInline var needsSignal = false

  @inlinable
  init(_ property: TrackedProperty<Subject, State>) {
    self.property = property
    self.inline = property.inline
  }
}
