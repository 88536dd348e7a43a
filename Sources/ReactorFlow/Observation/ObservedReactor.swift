import Observation

/// A reactor as an `Observable` model for SwiftUI, tracked property by property, without macros.
///
/// Read the state's properties directly (`model.username`, through dynamic member lookup) and send
/// actions with ``send(_:)``. Observation tracks each key path a view reads on its own: a view
/// that read only `username` is not invalidated when `isFollowing` changes, and a new state that
/// leaves `username` equal invalidates nothing.
///
/// ```swift
/// struct ProfileView: View {
///   @State private var model = ObservedReactor(ProfileReactor())
///
///   var body: some View {
///     Text(model.username)                                   // tracks \.username only
///     Toggle("Following", isOn: model.binding(\.isFollowing, send: { _ in .toggleFollow }).swiftUI)
///     Button("Refresh") { model.send(.refresh) }
///   }
/// }
/// ```
///
/// What counts as a change of a property that a view read:
/// - an `Equatable` value: a value that is not `==` to the last one;
/// - a ``Pulse`` read through its projected value (`model.$alert`): every assignment, even of an
///   equal value;
/// - any other value: every new state;
/// - ``state``, the whole state: every new state.
/// `model.profile.name` tracks `profile` as a whole; `model[\.profile.name]` tracks only the name.
///
/// The model keeps its reactor alive, and the reactor does not keep the model alive: releasing the
/// model (with the view that owns it) releases the reactor unless something else holds it.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
@dynamicMemberLookup
public final class ObservedReactor<R: Reactor>: Observable {
  /// The reactor that the model reads and sends to.
  public let reactor: R

  // The properties marked `@exclusivity(unchecked)` are read or written on every state or read,
  // where a dynamic exclusivity check costs as much as the comparison itself. Checking them is
  // not needed: they are isolated to the main actor, and no access to them stays open while
  // other code runs (observers are called only after the accesses end; see `signalChanges`).
  @usableFromInline let registrar = ObservationRegistrar()
  @usableFromInline var token: ObservationToken?
  /// The tracked properties, by the state key path a view read: their index in `slots`.
  @usableFromInline var properties: [AnyKeyPath: Int] = [:]
  /// The same, by the identity of the key path objects read, which `rememberedKeyPaths` keeps:
  /// searched linearly. A view reads a few key paths, each through one literal
  /// (instantiated once), so comparing a few pointers costs less than hashing one (`Hasher` on an
  /// `ObjectIdentifier` was 6 % of a re-read in `perf`).
  @exclusivity(unchecked) @usableFromInline var identities: ContiguousArray<KeyPathIdentity> = []
  @usableFromInline var rememberedKeyPaths: [AnyKeyPath] = []
  /// The tracked properties in the order they were first read, for the loop on each new state.
  @exclusivity(unchecked) @usableFromInline
  var slots: ContiguousArray<TrackedSlot<ObservedReactor, R.State>> = []
  /// The state the properties were last compared in.
  @exclusivity(unchecked) @usableFromInline var lastState: R.State
  /// The registrar's key for ``state``, made once: a generic key path literal is not free.
  @usableFromInline let stateKey: KeyPath<ObservedReactor, R.State> = \.state
  /// What bindings hold weakly, so that the model itself is never weakly referenced (see `init`).
  @usableFromInline lazy var reference = ModelReference(self)
  /// Whether ``state`` was read since its last change was signalled.
  @exclusivity(unchecked) @usableFromInline var isStateArmed = false

  /// Wraps a reactor.
  /// - Parameter reactor: The reactor; the model keeps it alive.
  @inlinable
  public init(_ reactor: R) {
    self.reactor = reactor
    lastState = reactor.currentState
    // Inlinable, so that this closure and `update` are compiled for the concrete reactor.
    // Unowned: the model's deinit cancels this observation on the main actor, before the model
    // goes away, and only the main actor runs it. A weak reference would give the model a side
    // table, which sends every retain and release of it (one per state) down a slow path.
    token = reactor.observe { [unowned self] state in
      self.update(state)
    }
  }

  isolated deinit {
    token?.cancel()
  }

  /// The whole current state. A view that reads it is invalidated by every new state; read the
  /// properties it needs instead (`model.name`) to be invalidated only by their changes.
  public var state: R.State {
    isStateArmed = true
    registrar.access(self, keyPath: stateKey)
    return reactor.currentState
  }

  /// Reads a part of the state that is `Equatable`; a view that read it is invalidated only when
  /// it changes to a different value.
  /// - Parameter keyPath: The part of the state, for example `\.username`.
  @inlinable
  public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<R.State, Value>) -> Value {
    self[keyPath]
  }

  /// Reads a part of the state that is not `Equatable`; a view that read it is invalidated by
  /// every new state.
  /// - Parameter keyPath: The part of the state.
  @inlinable
  public subscript<Value>(dynamicMember keyPath: KeyPath<R.State, Value>) -> Value {
    self[keyPath]
  }

  /// Reads a pulse (`model.$alert`); a view that read it is invalidated by every assignment to
  /// it, even of an equal value.
  /// - Parameter keyPath: The pulse's projected value, for example `\.$alert`.
  @inlinable
  public subscript<Value>(dynamicMember keyPath: KeyPath<R.State, Pulse<Value>>) -> Pulse<Value> {
    self[keyPath]
  }

  /// Reads a pulse of an `Equatable` value (`model.$alert`); a view that read it is invalidated
  /// by every assignment to it, even of an equal value.
  /// - Parameter keyPath: The pulse's projected value, for example `\.$alert`.
  @inlinable
  public subscript<Value: Equatable>(
    dynamicMember keyPath: KeyPath<R.State, Pulse<Value>>
  ) -> Pulse<Value> {
    self[keyPath]
  }

  /// Reads a part of the state through a key path of any depth, tracked as one property:
  /// `model[\.profile.name]` is invalidated by a new name, not by a new `profile.city`, where
  /// `model.profile.name` tracks the whole `profile`.
  /// - Parameter keyPath: The part of the state, for example `\.profile.name`.
  @inlinable
  public subscript<Value: Equatable>(keyPath: KeyPath<R.State, Value>) -> Value {
    let value = reactor.currentState[keyPath: keyPath]
    let key = track(keyPath) { key, registrar in
      .equatable(keyPath, key: key, registrar: registrar)
    }
    registrar.access(self, keyPath: key)
    return value
  }

  /// Reads a part of the state that is not `Equatable`, through a key path of any depth; a view
  /// that read it is invalidated by every new state.
  /// - Parameter keyPath: The part of the state.
  @inlinable
  public subscript<Value>(keyPath: KeyPath<R.State, Value>) -> Value {
    let key = track(keyPath) { key, registrar in .always(key: key, registrar: registrar) }
    registrar.access(self, keyPath: key)
    return reactor.currentState[keyPath: keyPath]
  }

  /// Reads a pulse through a key path of any depth; a view that read it is invalidated by every
  /// assignment to it.
  /// - Parameter keyPath: The pulse's projected value, for example `\.$alert`.
  @inlinable
  public subscript<Value>(keyPath: KeyPath<R.State, Pulse<Value>>) -> Pulse<Value> {
    pulse(keyPath)
  }

  /// Reads a pulse of an `Equatable` value through a key path of any depth; a view that read it
  /// is invalidated by every assignment to it.
  /// - Parameter keyPath: The pulse's projected value, for example `\.$alert`.
  @inlinable
  public subscript<Value: Equatable>(keyPath: KeyPath<R.State, Pulse<Value>>) -> Pulse<Value> {
    pulse(keyPath)
  }

  /// Sends an action to the reactor; its synchronous mutations are reduced before this returns.
  /// - Parameter action: The action.
  /// - Returns: The handle of the work the action started.
  @inlinable
  @discardableResult
  public func send(_ action: R.Action) -> ReactorTask {
    reactor.send(action)
  }

  // MARK: - Tracking

  @inlinable
  func pulse<Value>(_ keyPath: KeyPath<R.State, Pulse<Value>>) -> Pulse<Value> {
    let value = reactor.currentState[keyPath: keyPath]
    let key = track(keyPath) { key, registrar in
      .pulse(keyPath, key: key, registrar: registrar)
    }
    registrar.access(self, keyPath: key)
    return value
  }

  /// The registrar's key for a state key path, tracking it on its first read. The key is the
  /// state key path appended to `\.state`, so that each state key path, nested ones included, is
  /// a key of its own.
  @inlinable
  func track<Value>(
    _ keyPath: KeyPath<R.State, Value>,
    _ makeProperty: (KeyPath<ObservedReactor, Value>, ObservationRegistrar) -> TrackedProperty<
      ObservedReactor, R.State
    >
  ) -> KeyPath<ObservedReactor, Value> {
    let index: Int
    if let known = Self.index(of: ObjectIdentifier(keyPath), in: identities) {
      index = known
    } else if let known = properties[keyPath] {
      index = known
      remember(keyPath, at: index)
    } else {
      index = slots.count
      properties[keyPath] = index
      slots.append(TrackedSlot(makeProperty(stateKey.appending(path: keyPath), registrar)))
      remember(keyPath, at: index)
    }
    slots[index].isArmed = true
    // Sound: the slot was found by this key path, or by an equal one, which has the same type.
    return unsafeDowncast(slots[index].property.key, to: KeyPath<ObservedReactor, Value>.self)
  }

  /// Remembers a key path object's slot, so that the next read through the same object finds it
  /// by identity: hashing a pointer instead of a key path's components (most reads use the same
  /// literal, instantiated once). The objects are kept alive so that no address is reused; the
  /// memory is dropped when key paths made on the fly (a new object per read) fill it.
  @usableFromInline
  func remember(_ keyPath: AnyKeyPath, at index: Int) {
    if rememberedKeyPaths.count >= 64 + 4 * slots.count {
      identities.removeAll()
      rememberedKeyPaths.removeAll()
    }
    identities.append(KeyPathIdentity(object: ObjectIdentifier(keyPath), index: index))
    rememberedKeyPaths.append(keyPath)
  }

  /// The slot remembered for a key path object, if any: a linear search from the oldest entry
  /// (a view's literals are remembered on their first reads, so they come first).
  /// Nonisolated and over a buffer, so that the loop has no exclusivity or bounds check.
  @inlinable
  nonisolated static func index(
    of object: ObjectIdentifier,
    in identities: ContiguousArray<KeyPathIdentity>
  ) -> Int? {
    identities.withUnsafeBufferPointer { identities in
      for identity in identities where identity.object == object { return identity.index }
      return nil
    }
  }

  /// Signals the armed properties that differ between the last state and `state`, and disarms
  /// them.
  ///
  /// A property is armed by each read. Once its change is signalled, no observer of Observation
  /// is left on it: each one (`withObservationTracking`, SwiftUI's view updates, `Observations`)
  /// ends at the first change it is told of, and observes again only by reading again, which
  /// arms the property again. Until then, comparing it or telling the registrar (a lock and a
  /// key path hashed, several times the cost of the comparison) would be work for no one.
  @inlinable
  func update(_ state: R.State) {
    let old = lastState
    lastState = state
    let changes = Self.markChanges(in: &slots, from: old, to: state)
    if changes.count > 0 { signalChanges(changes) }
    if isStateArmed {
      isStateArmed = false
      TrackedProperty<ObservedReactor, R.State>.signalChange(of: stateKey, in: self, to: registrar)
    }
  }

  /// Marks the armed slots whose property differs between `old` and `new` as needing a signal,
  /// and disarms them; returns how many there are and the index of the first.
  ///
  /// One exclusive access to the slots for the whole loop (not one per flag), no state copied, no
  /// closure context retained. Nonisolated, so that its closures carry no executor check.
  @inlinable
  nonisolated static func markChanges(
    in slots: inout ContiguousArray<TrackedSlot<ObservedReactor, R.State>>,
    from old: R.State,
    to new: R.State
  ) -> (count: Int, first: Int) {
    withUnsafePointer(to: old) { old in
      withUnsafePointer(to: new) { new in
        slots.withUnsafeMutableBufferPointer { slots in
          var changes = (count: 0, first: 0)
          let oldBytes = UnsafeRawPointer(old)
          let newBytes = UnsafeRawPointer(new)
          for index in slots.indices where slots[index].isArmed {
            let (offset, size) = slots[index].inline
            let hasChanged: Bool
            switch size {
            case 8:
              hasChanged =
                oldBytes.load(fromByteOffset: offset, as: UInt64.self)
                != newBytes.load(fromByteOffset: offset, as: UInt64.self)
            case 4:
              hasChanged =
                oldBytes.load(fromByteOffset: offset, as: UInt32.self)
                != newBytes.load(fromByteOffset: offset, as: UInt32.self)
            case 2:
              hasChanged =
                oldBytes.load(fromByteOffset: offset, as: UInt16.self)
                != newBytes.load(fromByteOffset: offset, as: UInt16.self)
            case 1:
              hasChanged =
                oldBytes.load(fromByteOffset: offset, as: UInt8.self)
                != newBytes.load(fromByteOffset: offset, as: UInt8.self)
            default:
              let property = Unmanaged.passUnretained(slots[index].property)
              hasChanged = property._withUnsafeGuaranteedRef { $0.hasChanged(old, new) }
            }
            if hasChanged {
              slots[index].isArmed = false
              slots[index].needsSignal = true
              if changes.count == 0 { changes.first = index }
              changes.count += 1
            }
          }
          return changes
        }
      }
    }
  }

  /// Calls a property's `signal` through an unretained reference. Nonisolated, so that its
  /// closure carries no executor check (an isolated one cost more than the retain it saves).
  @inlinable
  nonisolated static func signal(
    _ property: Unmanaged<TrackedProperty<ObservedReactor, R.State>>,
    of model: ObservedReactor
  ) {
    property._withUnsafeGuaranteedRef { $0.signal(model) }
  }

  /// Tells the registrar about the properties that `update` found changed.
  @inlinable
  func signalChanges(_ changes: (count: Int, first: Int)) {
    var index = changes.first
    var remaining = changes.count
    // By index: a signalled observer may read a property for the first time, adding a slot.
    while remaining > 0 && index < slots.count {
      if slots[index].needsSignal {
        slots[index].needsSignal = false
        remaining -= 1
        // Read out first: no access to `slots` may be open while observers run (they may read).
        // Unretained: `slots` only grows while observers run (a first read appends a slot, and
        // only `remember` and reads touch the other arrays), so the array keeps this property
        // alive for the whole call; a retain and a release of it were 4 % of a re-read.
        Self.signal(Unmanaged.passUnretained(slots[index].property), of: self)
      }
      index += 1
    }
  }
}

/// A key path object read through a model, and the slot of its property.
@usableFromInline
struct KeyPathIdentity: Sendable {
  @usableFromInline let object: ObjectIdentifier
  @usableFromInline let index: Int

  @inlinable
  init(object: ObjectIdentifier, index: Int) {
    self.object = object
    self.index = index
  }
}

// MARK: - Bindings

/// A model, reached through an object that can be referenced weakly in its place. It lives as
/// long as its model, which owns it.
@MainActor
@usableFromInline
final class ModelReference<Model: AnyObject> {
  @usableFromInline unowned let model: Model

  @usableFromInline
  init(_ model: Model) {
    self.model = model
  }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension ObservedReactor {
  /// A two-way value for a control: reads `keyPath` as a tracked property of this model, and
  /// writing it sends `action(newValue)`, synchronously.
  ///
  /// ```swift
  /// TextField("Name", text: model.binding(\.name, send: Action.setName).swiftUI)
  /// ```
  /// The binding does not keep the model or the reactor alive.
  /// - Parameters:
  ///   - keyPath: The part of the state the control shows.
  ///   - action: Makes the action that sets a new value.
  /// - Returns: The binding.
  public func binding<Value: Equatable>(
    _ keyPath: KeyPath<R.State, Value>,
    send action: @escaping @MainActor (Value) -> R.Action
  ) -> ReactorBinding<Value> {
    ReactorBinding(
      initial: reactor.currentState[keyPath: keyPath],
      read: { [weak reference] in reference?.model[keyPath] },
      write: { [weak reference] in reference?.model.send(action($0)) })
  }

  /// A two-way value for a control, for a value that is not `Equatable`: a view that read it is
  /// invalidated by every new state.
  /// - Parameters:
  ///   - keyPath: The part of the state the control shows.
  ///   - action: Makes the action that sets a new value.
  /// - Returns: The binding.
  public func binding<Value>(
    _ keyPath: KeyPath<R.State, Value>,
    send action: @escaping @MainActor (Value) -> R.Action
  ) -> ReactorBinding<Value> {
    ReactorBinding(
      initial: reactor.currentState[keyPath: keyPath],
      read: { [weak reference] in reference?.model[keyPath] },
      write: { [weak reference] in reference?.model.send(action($0)) })
  }
}
