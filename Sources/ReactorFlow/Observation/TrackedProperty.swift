import Observation

/// One part of the state that a view read through an ``ObservedReactor``, and how a new state
/// changes it. Built on the first read of its key path by inlinable code, so that its comparison
/// is compiled for the concrete state and value in the module that uses the model.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@usableFromInline
struct TrackedProperty<Model: Observable, State> {
  /// The first key path object read for it, kept alive so that its identity is not reused.
  @usableFromInline let path: AnyKeyPath
  /// The last other key path object, equal to `path`, read for it (from another literal).
  @usableFromInline var alias: AnyKeyPath?
  /// The registrar's key for it: a `KeyPath<Model, Value>` (`\.state` and the path), and what
  /// tells the registrar it changed.
  @usableFromInline let key: AnyKeyPath
  @usableFromInline let signal: (Model, ObservationRegistrar) -> Void
  /// For an integer, a `Bool` or a pulse's count at a fixed offset in the state: where it is and
  /// its size, to compare in place. Otherwise the size is 0 and `hasChanged` decides.
  @usableFromInline let inline: (offset: Int, size: Int)
  /// Where the value is in the state, for a path of stored properties; otherwise -1.
  @usableFromInline let offset: Int
  @usableFromInline let hasChanged: (_ old: UnsafePointer<State>, _ new: UnsafePointer<State>) -> Bool
  /// Whether a view read it since its last change was signalled: only armed properties are
  /// compared, since Observation's observers end at the first change they are told of.
  @usableFromInline var isArmed = true
  /// Whether it changed and the registrar has yet to be told.
  @usableFromInline var needsSignal = false

  /// A property compared with `isEqual`, or, without it, changed by every new state; a pulse
  /// (`\.$alert`) is changed by every assignment, even of an equal value.
  @inlinable
  init<Value>(_ path: KeyPath<State, Value>, key: KeyPath<Model, Value>, isEqual: ((Value, Value) -> Bool)?) {
    let offset = MemoryLayout<State>.offset(of: path)
    let pulse = Value.self as? any AssignmentCounted.Type
    // An integer's or a `Bool`'s value is its bytes (`FixedWidthInteger` is a binary representation).
    let isBytes = isEqual != nil && (Value.self is any FixedWidthInteger.Type || Value.self == Bool.self)
    var (inline, hasChanged) = (
      (offset: 0, size: 0), { (_: UnsafePointer<State>, _: UnsafePointer<State>) in true }
    )
    if let offset, let count = pulse?.countOffset {
      inline = (offset + count, MemoryLayout<UInt>.size)
    } else if pulse != nil {
      hasChanged = { Self.count($0.pointee[keyPath: path]) != Self.count($1.pointee[keyPath: path]) }
    } else if let offset, isBytes {
      inline = (offset, MemoryLayout<Value>.size)
    } else if let isEqual, let offset {  // stored properties: a load, not the key path's projection
      hasChanged = {
        !isEqual(
          UnsafeRawPointer($0).load(fromByteOffset: offset, as: Value.self),
          UnsafeRawPointer($1).load(fromByteOffset: offset, as: Value.self))
      }
    } else if let isEqual {
      hasChanged = { !isEqual($0.pointee[keyPath: path], $1.pointee[keyPath: path]) }
    }
    (self.path, self.key, self.inline, self.hasChanged, self.offset) = (
      path, key, inline, hasChanged, offset ?? -1
    )
    signal = {
      $1.willSet($0, keyPath: key); $1.didSet($0, keyPath: key)
    }
  }

  /// Whether the property differs between the states at `old` and `new`.
  @inlinable
  func differs(_ old: UnsafePointer<State>, _ new: UnsafePointer<State>) -> Bool {
    let (offset, oldBytes, newBytes) = (inline.offset, UnsafeRawPointer(old), UnsafeRawPointer(new))
    func differ<Bits: FixedWidthInteger>(_: Bits.Type) -> Bool {
      oldBytes.load(fromByteOffset: offset, as: Bits.self)
        != newBytes.load(fromByteOffset: offset, as: Bits.self)
    }
    switch inline.size {
    case 8: return differ(UInt64.self)
    case 4: return differ(UInt32.self)
    case 2: return differ(UInt16.self)
    case 1: return differ(UInt8.self)
    default: return hasChanged(old, new)
    }
  }

  @inlinable static func count(_ value: Any) -> UInt? { (value as? any AssignmentCounted)?.valueUpdatedCount }
}

/// A value whose every assignment counts as a change: ``Pulse``.
@usableFromInline
protocol AssignmentCounted {
  var valueUpdatedCount: UInt { get }
  static var countOffset: Int? { get }
}

extension Pulse: AssignmentCounted {
  @usableFromInline
  static var countOffset: Int? { MemoryLayout<Self>.offset(of: \Self.valueUpdatedCount) }
}
