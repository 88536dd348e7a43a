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
@MainActor
@dynamicMemberLookup
public final class ObservedReactor<R: Reactor>: Observable {
  /// The reactor that the model reads and sends to.
  public let reactor: R

  private let registrar = ObservationRegistrar()
  private var token: ObservationToken?
  /// The tracked properties, by the state key path a view read.
  private var properties: [AnyKeyPath: TrackedProperty<ObservedReactor, R.State>] = [:]
  /// The same properties in the order they were first read, for the loop on each new state.
  private var checks: ContiguousArray<TrackedProperty<ObservedReactor, R.State>> = []
  private var isStateTracked = false

  /// Wraps a reactor.
  /// - Parameter reactor: The reactor; the model keeps it alive.
  public init(_ reactor: R) {
    self.reactor = reactor
    token = reactor.observe { [weak self] state in
      self?.update(state)
    }
  }

  /// The whole current state. A view that reads it is invalidated by every new state; read the
  /// properties it needs instead (`model.name`) to be invalidated only by their changes.
  public var state: R.State {
    if !isStateTracked { isStateTracked = true }
    registrar.access(self, keyPath: \.state)
    return reactor.currentState
  }

  /// Reads a part of the state that is `Equatable`; a view that read it is invalidated only when
  /// it changes to a different value.
  /// - Parameter keyPath: The part of the state, for example `\.username`.
  public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<R.State, Value>) -> Value {
    self[keyPath]
  }

  /// Reads a part of the state that is not `Equatable`; a view that read it is invalidated by
  /// every new state.
  /// - Parameter keyPath: The part of the state.
  public subscript<Value>(dynamicMember keyPath: KeyPath<R.State, Value>) -> Value {
    self[keyPath]
  }

  /// Reads a pulse (`model.$alert`); a view that read it is invalidated by every assignment to
  /// it, even of an equal value.
  /// - Parameter keyPath: The pulse's projected value, for example `\.$alert`.
  public subscript<Value>(dynamicMember keyPath: KeyPath<R.State, Pulse<Value>>) -> Pulse<Value> {
    self[keyPath]
  }

  /// Reads a pulse of an `Equatable` value (`model.$alert`); a view that read it is invalidated
  /// by every assignment to it, even of an equal value.
  /// - Parameter keyPath: The pulse's projected value, for example `\.$alert`.
  public subscript<Value: Equatable>(
    dynamicMember keyPath: KeyPath<R.State, Pulse<Value>>
  ) -> Pulse<Value> {
    self[keyPath]
  }

  /// Reads a part of the state through a key path of any depth, tracked as one property:
  /// `model[\.profile.name]` is invalidated by a new name, not by a new `profile.city`, where
  /// `model.profile.name` tracks the whole `profile`.
  /// - Parameter keyPath: The part of the state, for example `\.profile.name`.
  public subscript<Value: Equatable>(keyPath: KeyPath<R.State, Value>) -> Value {
    let value = reactor.currentState[keyPath: keyPath]
    let key = track(keyPath) { key, registrar in
      .equatable(keyPath, initial: value, key: key, registrar: registrar)
    }
    registrar.access(self, keyPath: key)
    return value
  }

  /// Reads a part of the state that is not `Equatable`, through a key path of any depth; a view
  /// that read it is invalidated by every new state.
  /// - Parameter keyPath: The part of the state.
  public subscript<Value>(keyPath: KeyPath<R.State, Value>) -> Value {
    let key = track(keyPath) { key, registrar in .always(key: key, registrar: registrar) }
    registrar.access(self, keyPath: key)
    return reactor.currentState[keyPath: keyPath]
  }

  /// Reads a pulse through a key path of any depth; a view that read it is invalidated by every
  /// assignment to it.
  /// - Parameter keyPath: The pulse's projected value, for example `\.$alert`.
  public subscript<Value>(keyPath: KeyPath<R.State, Pulse<Value>>) -> Pulse<Value> {
    pulse(keyPath)
  }

  /// Reads a pulse of an `Equatable` value through a key path of any depth; a view that read it
  /// is invalidated by every assignment to it.
  /// - Parameter keyPath: The pulse's projected value, for example `\.$alert`.
  public subscript<Value: Equatable>(keyPath: KeyPath<R.State, Pulse<Value>>) -> Pulse<Value> {
    pulse(keyPath)
  }

  /// Sends an action to the reactor; its synchronous mutations are reduced before this returns.
  /// - Parameter action: The action.
  /// - Returns: The handle of the work the action started.
  @discardableResult
  public func send(_ action: R.Action) -> ReactorTask {
    reactor.send(action)
  }

  // MARK: - Tracking

  private func pulse<Value>(_ keyPath: KeyPath<R.State, Pulse<Value>>) -> Pulse<Value> {
    let value = reactor.currentState[keyPath: keyPath]
    let key = track(keyPath) { key, registrar in
      .pulse(keyPath, initial: value, key: key, registrar: registrar)
    }
    registrar.access(self, keyPath: key)
    return value
  }

  /// The registrar's key for a state key path, tracking it on its first read. The key is the
  /// state key path appended to `\.state`, so that each state key path, nested ones included, is
  /// a key of its own.
  private func track<Value>(
    _ keyPath: KeyPath<R.State, Value>,
    _ makeProperty: (KeyPath<ObservedReactor, Value>, ObservationRegistrar) -> TrackedProperty<
      ObservedReactor, R.State
    >
  ) -> KeyPath<ObservedReactor, Value> {
    if let key = properties[keyPath]?.key as? KeyPath<ObservedReactor, Value> {
      return key
    }
    let key = (\ObservedReactor.state).appending(path: keyPath)
    let property = makeProperty(key, registrar)
    properties[keyPath] = property
    checks.append(property)
    return key
  }

  private func update(_ state: R.State) {
    for property in checks where property.update(state) {
      property.signal(self)
    }
    if isStateTracked {
      registrar.withMutation(of: self, keyPath: \.state) {}
    }
  }
}

// MARK: - Bindings

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
      read: { [weak self] in self?[keyPath] },
      write: { [weak self] in self?.send(action($0)) })
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
      read: { [weak self] in self?[keyPath] },
      write: { [weak self] in self?.send(action($0)) })
  }
}
