/// A part of the state that a view read through an ``ObservedReactor``. Built by inlinable code on
/// its first read: its comparison is compiled for the concrete state and value.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@usableFromInline
struct TrackedProperty<State> {
  /// The first key path object read for it, kept alive so that its identity is not reused; also
  /// the registrar's key of the property (`ObservedReactor.key(of:)`).
  @usableFromInline let path: AnyKeyPath
  /// The last other key path object, equal to `path`, read for it (from another literal).
  @usableFromInline var alias: AnyKeyPath?
  /// For an integer, a `Bool` or a pulse's count at a fixed offset in the state: where it is and
  /// its size, to compare in place. Otherwise the size is 0 and `hasChanged` decides.
  @usableFromInline let compared: (offset: Int, size: Int)
  @usableFromInline let hasChanged: (_ old: UnsafePointer<State>, _ new: UnsafePointer<State>) -> Bool
  /// Read since its last change was signalled: only these are compared, as Observation's
  /// observers end at the first change they are told of.
  @usableFromInline var isArmed = true
  /// Changed, with the registrar yet to be told.
  @usableFromInline var needsSignal = false

  /// A property compared with `isEqual`, or, without it, changed by every new state; a pulse
  /// (`\.$alert`) is changed by every assignment, even of an equal value.
  @inlinable
  init<Value>(_ path: KeyPath<State, Value>, isEqual: ((Value, Value) -> Bool)?) {
    let offset = MemoryLayout<State>.offset(of: path) ?? -1
    let pulse = Value.self as? any AssignmentCounted.Type
    // An integer's or a `Bool`'s value is its bytes (`FixedWidthInteger` is a binary representation).
    let isBytes =
      isEqual != nil && MemoryLayout<Value>.size <= 8
      && (Value.self is any FixedWidthInteger.Type || Value.self == Bool.self)
    var compared = (offset: 0, size: 0)
    if offset >= 0, let count = pulse?.countOffset { compared = (offset + count, MemoryLayout<UInt>.size) }
    if offset >= 0, isBytes { compared = (offset, MemoryLayout<Value>.size) }
    if compared.size > 0 || (isEqual == nil && pulse == nil) {
      hasChanged = { _, _ in true }  // compared in place by `differs`, or changed by every state
    } else if let isEqual {
      hasChanged = { !isEqual($0.pointee[keyPath: path], $1.pointee[keyPath: path]) }
    } else {
      let count = { (state: UnsafePointer<State>) in
        (state.pointee[keyPath: path] as? any AssignmentCounted)?.valueUpdatedCount
      }
      hasChanged = { count($0) != count($1) }
    }
    self.path = path
    self.compared = compared
  }

  /// Whether the property differs between the states at `old` and `new`.
  @inlinable
  func differs(_ old: UnsafePointer<State>, _ new: UnsafePointer<State>) -> Bool {
    let (offset, a, b) = (compared.offset, UnsafeRawPointer(old), UnsafeRawPointer(new))
    func differ<Bits: FixedWidthInteger>(_: Bits.Type) -> Bool {
      a.load(fromByteOffset: offset, as: Bits.self) != b.load(fromByteOffset: offset, as: Bits.self)
    }
    switch compared.size {
    case 8: return differ(UInt64.self)
    case 4: return differ(UInt32.self)
    case 2: return differ(UInt16.self)
    case 1: return differ(UInt8.self)
    default: return hasChanged(old, new)
    }
  }
}

/// A value whose every assignment counts as a change: ``Pulse``.
@usableFromInline
protocol AssignmentCounted {
  var valueUpdatedCount: UInt { get }
  static var countOffset: Int? { get }
}

extension Pulse: AssignmentCounted {
  @usableFromInline static var countOffset: Int? { MemoryLayout<Self>.offset(of: \Self.valueUpdatedCount) }
}
