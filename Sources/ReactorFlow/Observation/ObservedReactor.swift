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
/// @State private var model = ObservedReactor(ProfileReactor())  // in a SwiftUI view
///
/// Text(model.username)  // tracks \.username only
/// Toggle("Following", isOn: model.binding(\.isFollowing) { _ in .toggleFollow }.swiftUI)
/// Button("Refresh") { model.send(.refresh) }
/// ```
///
/// The model keeps its reactor alive, not the other way round. It observes the reactor from its
/// first read on: a model made and dropped unread (SwiftUI's throwaway `@State` initialisers)
/// does not even start the reactor.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
@dynamicMemberLookup
public final class ObservedReactor<R: Reactor>: Observable {
  /// The reactor that the model reads and sends to.
  public let reactor: R

  @usableFromInline typealias Property = TrackedProperty<R.State>
  @usableFromInline let registrar = ObservationRegistrar()
  // Unchecked, which saves an exclusivity check on every read and every new state: sound, as the
  // model is main-actor only and never accessed re-entrantly (CONTRIBUTING.md, Performance idioms).
  /// The observation of the reactor, from the first read on.
  @exclusivity(unchecked) @usableFromInline var token: ObservationToken?
  /// The properties views read, in the order of their first reads.
  @exclusivity(unchecked) @usableFromInline var tracked: [Property] = []
  /// The state the properties were last compared in.
  @exclusivity(unchecked) @usableFromInline var lastState: R.State?
  lazy var reference = ModelReference(self)  // what bindings hold weakly

  /// Wraps a reactor, which is not started, nor observed, until the model's first read.
  /// - Parameter reactor: The reactor; the model keeps it alive.
  public init(_ reactor: R) { self.reactor = reactor }

  isolated deinit { token?.cancel() }

  /// The whole current state: a view that reads it is invalidated by every new state.
  public var state: R.State { read(\.self, isEqual: nil) }

  /// Reads a part of the state that is `Equatable`, tracked by its changes.
  /// - Parameter keyPath: The part of the state, for example `\.username`.
  @inlinable
  public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<R.State, Value>) -> Value {
    read(keyPath, isEqual: { $0 == $1 })
  }

  /// Reads a part of the state that is not `Equatable`, tracked by every new state.
  /// - Parameter keyPath: The part of the state.
  public subscript<Value>(dynamicMember keyPath: KeyPath<R.State, Value>) -> Value {
    read(keyPath, isEqual: nil)
  }

  /// Reads a part of the state through a key path of any depth, tracked as one property:
  /// `model[\.profile.name]` is invalidated by a new name, not by a new `profile.city`.
  /// - Parameter keyPath: The part of the state, for example `\.profile.name`.
  public subscript<Value: Equatable>(keyPath: KeyPath<R.State, Value>) -> Value {
    read(keyPath, isEqual: { $0 == $1 })
  }

  /// Reads a part of the state that is not `Equatable` through a key path of any depth.
  /// - Parameter keyPath: The part of the state.
  public subscript<Value>(keyPath: KeyPath<R.State, Value>) -> Value {
    read(keyPath, isEqual: nil)
  }

  /// Sends an action to the reactor; its synchronous mutations are reduced before this returns.
  /// - Parameter action: The action.
  /// - Returns: The handle of the work the action started.
  @inlinable @discardableResult public func send(_ action: R.Action) -> ReactorTask { reactor.send(action) }

  /// The one read path: finds the property (tracking it on its first read), arms it, and tells
  /// the registrar. Found by identity (a view reads through the same literal each time).
  /// - Parameter isEqual: Compares two values of a property read for the first time; `nil` for
  ///   one changed by every new state.
  @inlinable
  func read<Value>(_ keyPath: KeyPath<R.State, Value>, isEqual: ((Value, Value) -> Bool)?) -> Value {
    let index = Self.index(of: keyPath, in: tracked) ?? add(keyPath, isEqual: isEqual)
    tracked[index].isArmed = true
    registrar.access(self, keyPath: Self.key(of: tracked[index]))
    return reactor.currentState[keyPath: keyPath]
  }

  /// The registrar's key of a property: the key path into the state it was first read through,
  /// typed as a key path of the model. The registrar only hashes and compares its keys, and never
  /// applies one to the model, so any key path object that belongs to the property alone serves.
  /// This one is the state's own, one component for `model.username`: a key path of the model
  /// (`\.state` and the path) took an allocation per property and one more component to hash on
  /// every access and every change (CONTRIBUTING.md, Performance idioms).
  @inlinable
  nonisolated static func key(of property: Property) -> KeyPath<ObservedReactor, Void> {
    // Not `unsafeDowncast`, which checks the type in a debug build.
    let path = Unmanaged.passUnretained(property.path).toOpaque()
    return Unmanaged<KeyPath<ObservedReactor, Void>>.fromOpaque(path).takeUnretainedValue()
  }

  /// The index of the property tracked for `keyPath`, found by identity. Nonisolated and over a
  /// buffer: saves an executor and an exclusivity check per read (CONTRIBUTING.md, Performance
  /// idioms).
  @inlinable
  nonisolated static func index(of keyPath: AnyKeyPath, in tracked: [Property]) -> Int? {
    tracked.withUnsafeBufferPointer { $0.firstIndex { $0.path === keyPath || $0.alias === keyPath } }
  }

  /// A key path object read for the first time: the property of an equal one (from another
  /// literal), or a new property of this model; the first one starts observing the reactor.
  @inlinable
  func add<Value>(_ keyPath: KeyPath<R.State, Value>, isEqual: ((Value, Value) -> Bool)?) -> Int {
    if token == nil {
      // Specialized for the concrete reactor; unowned, as the model's deinit cancels it first. Added
      // to the runtime directly: `observe` would wrap this closure in one more.
      token = reactor.runtime.addObserver(reactor) { [unowned self] state in
        self.update(state)
        return true
      }
    }
    if let index = tracked.firstIndex(where: { $0.path == keyPath }) {
      tracked[index].alias = keyPath
      return index
    }
    tracked.append(Property(keyPath, isEqual: isEqual))
    return tracked.count - 1
  }

  /// Compares the armed properties between the last state and `state`, disarms those that
  /// changed, then tells the registrar about them.
  @inlinable
  func update(_ state: R.State) {
    guard let old = lastState else {
      lastState = state
      return
    }
    lastState = state
    var remaining = Self.markChanges(in: &tracked, old, state)
    var index = 0
    // By index, no access open: an observer told of a change may read (adding a property) or send.
    while remaining > 0 && index < tracked.count {
      if tracked[index].needsSignal {
        tracked[index].needsSignal = false
        remaining -= 1
        let key = Self.key(of: tracked[index])
        registrar.willSet(self, keyPath: key)
        registrar.didSet(self, keyPath: key)
      }
      index += 1
    }
  }

  /// Marks the armed properties that changed, and counts them. Nonisolated and over a buffer: saves
  /// an executor and an exclusivity check per property (CONTRIBUTING.md, Performance idioms).
  @inlinable
  nonisolated static func markChanges(in all: inout [Property], _ old: R.State, _ new: R.State) -> Int {
    withUnsafePointer(to: old) { old in
      withUnsafePointer(to: new) { new in
        all.withUnsafeMutableBufferPointer { tracked in
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
