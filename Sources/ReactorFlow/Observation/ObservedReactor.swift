import Observation

/// A reactor as an `Observable` model for SwiftUI, tracked property by property, without macros.
///
/// Read the state's properties directly (`model.username`, through dynamic member lookup) and send
/// actions with ``send(_:)``. A view is invalidated only by a change of what it read:
/// - an `Equatable` value, by a value that is not `==` to the last one;
/// - a ``Pulse`` read through its projected value (`model.$alert`), by every assignment;
/// - any other value, and ``state``, by every new state.
/// `model.profile.name` tracks `profile` as a whole; `model[\.profile.name]` tracks only the name.
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
/// The model keeps its reactor alive, not the other way round. It observes the reactor from its
/// first read on, so a model that is made and dropped unread does not even start the reactor.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
@dynamicMemberLookup
public final class ObservedReactor<R: Reactor>: Observable {
  /// The reactor that the model reads and sends to.
  public let reactor: R

  @usableFromInline typealias Property = TrackedProperty<ObservedReactor, R.State>
  @usableFromInline let registrar = ObservationRegistrar()
  // Unchecked: used on every state or read, where a dynamic exclusivity check costs as much as
  // the comparison; main-actor only, and no access is open while observers run (see `update`).
  /// The observation of the reactor, started by the first read: a model made and dropped unread
  /// (SwiftUI's throwaway `@State` initialisers) neither starts the reactor nor slows its actions.
  @exclusivity(unchecked) @usableFromInline var token: ObservationToken?
  /// The properties views read, in the order of their first reads.
  @exclusivity(unchecked) @usableFromInline var tracked: ContiguousArray<Property> = []
  /// The state the properties were last compared in.
  @exclusivity(unchecked) @usableFromInline var lastState: R.State?
  /// What bindings hold weakly (see `ObservedReactor+Binding.swift`).
  @usableFromInline lazy var reference = ModelReference(self)

  /// Wraps a reactor, which is not started, nor observed, until the model's first read.
  /// - Parameter reactor: The reactor; the model keeps it alive.
  public init(_ reactor: R) {
    self.reactor = reactor
  }

  isolated deinit {
    token?.cancel()
  }

  /// The whole current state. A view that reads it is invalidated by every new state; read the
  /// properties it needs instead (`model.name`) to be invalidated only by their changes.
  public var state: R.State {
    read(\.self) { .init(\.self, key: $0, isEqual: nil) }
  }

  /// Reads a part of the state that is `Equatable`, tracked by its changes.
  /// - Parameter keyPath: The part of the state, for example `\.username`.
  @inlinable
  public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<R.State, Value>) -> Value {
    read(keyPath) { .init(keyPath, key: $0, isEqual: { $0 == $1 }) }
  }

  /// Reads a part of the state that is not `Equatable`, tracked by every new state.
  /// - Parameter keyPath: The part of the state.
  @inlinable
  public subscript<Value>(dynamicMember keyPath: KeyPath<R.State, Value>) -> Value {
    read(keyPath) { .init(keyPath, key: $0, isEqual: nil) }
  }

  /// Reads a part of the state through a key path of any depth, tracked as one property:
  /// `model[\.profile.name]` is invalidated by a new name, not by a new `profile.city`, where
  /// `model.profile.name` tracks the whole `profile`.
  /// - Parameter keyPath: The part of the state, for example `\.profile.name`.
  @inlinable
  public subscript<Value: Equatable>(keyPath: KeyPath<R.State, Value>) -> Value {
    read(keyPath) { .init(keyPath, key: $0, isEqual: { $0 == $1 }) }
  }

  /// Reads a part of the state that is not `Equatable` through a key path of any depth.
  /// - Parameter keyPath: The part of the state.
  @inlinable
  public subscript<Value>(keyPath: KeyPath<R.State, Value>) -> Value {
    read(keyPath) { .init(keyPath, key: $0, isEqual: nil) }
  }

  /// Sends an action to the reactor; its synchronous mutations are reduced before this returns.
  /// - Parameter action: The action.
  /// - Returns: The handle of the work the action started.
  @inlinable
  @discardableResult
  public func send(_ action: R.Action) -> ReactorTask {
    reactor.send(action)
  }

  /// The one read path: finds `keyPath`'s property (tracking it on its first read), arms it and
  /// tells the registrar. A value at a fixed offset is loaded there, not through the key path's
  /// generic projection (which looks up metadata on every call).
  @inlinable
  func read<Value>(_ keyPath: KeyPath<R.State, Value>, _ track: (KeyPath<ObservedReactor, Value>) -> Property)
    -> Value
  {
    let index = Self.index(of: keyPath, in: tracked) ?? add(keyPath, track)
    tracked[index].isArmed = true
    // Sound: the property was found by this key path, or an equal one, of the same type.
    registrar.access(
      self, keyPath: unsafeDowncast(tracked[index].key, to: KeyPath<ObservedReactor, Value>.self))
    let (state, offset) = (reactor.currentState, tracked[index].offset)
    return offset < 0 ? state[keyPath: keyPath] : Self.load(Value.self, at: offset, in: state)
  }

  /// Nonisolated, so that its closure carries no executor check.
  @inlinable
  nonisolated static func load<Value>(_: Value.Type, at offset: Int, in state: R.State) -> Value {
    withUnsafeBytes(of: state) { $0.load(fromByteOffset: offset, as: Value.self) }
  }

  /// The index of the property read through this key path object before: a view reads through
  /// the same literal each time. Nonisolated over a buffer: no executor or exclusivity check.
  @inlinable
  nonisolated static func index(of keyPath: AnyKeyPath, in tracked: ContiguousArray<Property>) -> Int? {
    tracked.withUnsafeBufferPointer { $0.firstIndex { $0.path === keyPath || $0.alias === keyPath } }
  }

  /// A key path object read for the first time: the property of an equal key path (made on the
  /// fly), or a new one, observing the reactor if nothing did.
  @inlinable
  func add<Value>(_ keyPath: KeyPath<R.State, Value>, _ track: (KeyPath<ObservedReactor, Value>) -> Property)
    -> Int
  {
    if token == nil {
      // Inlinable, so that this closure and `update` are compiled for the concrete reactor.
      // Unowned: the model's deinit cancels this observation on the main actor before it goes.
      token = reactor.observe { [unowned self] state in self.update(state) }
    }
    if let index = tracked.firstIndex(where: { $0.path == keyPath }) {
      tracked[index].alias = keyPath  // the next read through this object finds it by identity
      return index
    }
    tracked.append(track((\ObservedReactor.state).appending(path: keyPath)))
    return tracked.count - 1
  }

  /// Compares the armed properties between the last state and `state`, disarms those that
  /// changed, then tells the registrar about them.
  @inlinable
  func update(_ state: R.State) {
    guard let old = lastState else { return lastState = state }
    lastState = state
    var (index, remaining) = (0, Self.markChanges(in: &tracked, from: old, to: state))
    // By index, with no access to `tracked` open: an observer told of a change may read (and so
    // append a property) or send an action.
    while remaining > 0 && index < tracked.count {
      if tracked[index].needsSignal {
        tracked[index].needsSignal = false
        remaining -= 1
        tracked[index].signal(self, registrar)
      }
      index += 1
    }
  }

  /// Marks the armed properties that differ between `old` and `new`; returns how many.
  /// Nonisolated and over a buffer: no executor, exclusivity or bounds check in the loop.
  @inlinable
  nonisolated static func markChanges(
    in tracked: inout ContiguousArray<Property>, from old: R.State, to new: R.State
  ) -> Int {
    withUnsafePointer(to: old) { old in
      withUnsafePointer(to: new) { new in
        tracked.withUnsafeMutableBufferPointer { tracked in
          var changes = 0
          for index in tracked.indices where tracked[index].isArmed && tracked[index].differs(old, new) {
            tracked[index].isArmed = false
            tracked[index].needsSignal = true
            changes += 1
          }
          return changes
        }
      }
    }
  }
}
