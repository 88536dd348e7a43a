@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension ObservedReactor {
  /// A two-way value for a control: reads `keyPath` as a tracked property of this model, and
  /// writing it sends `action(newValue)`, synchronously. It does not keep the model alive.
  ///
  /// ```swift
  /// TextField("Name", text: model.binding(\.name, send: Action.setName).swiftUI)
  /// ```
  /// - Parameters:
  ///   - keyPath: The part of the state the control shows.
  ///   - action: Makes the action that sets a new value.
  /// - Returns: The binding.
  public func binding<Value: Equatable>(
    _ keyPath: KeyPath<R.State, Value>,
    send action: @escaping @MainActor (Value) -> R.Action
  ) -> ReactorBinding<Value> {
    binding(keyPath, action) { $0[keyPath] }
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
    binding(keyPath, action) { $0[keyPath] }
  }

  /// The binding of both overloads, which differ only in how `read` tracks the value.
  func binding<Value>(
    _ keyPath: KeyPath<R.State, Value>,
    _ action: @escaping @MainActor (Value) -> R.Action,
    read: @escaping @MainActor (ObservedReactor) -> Value
  ) -> ReactorBinding<Value> {
    // Through `reference`, so that the model itself is never weakly referenced: a weak reference
    // gives an object a side table, which puts every retain of it on a slow path.
    ReactorBinding(
      initial: reactor.currentState[keyPath: keyPath],
      read: { [weak reference] in reference.map { read($0.model) } },
      write: { [weak reference] in reference?.model.send(action($0)) })
  }
}

/// A model, reached through an object that can be referenced weakly in its place. It lives as
/// long as its model, which owns it.
@MainActor
final class ModelReference<Model: AnyObject> {
  unowned let model: Model

  init(_ model: Model) {
    self.model = model
  }
}
