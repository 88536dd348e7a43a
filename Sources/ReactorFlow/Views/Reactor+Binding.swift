extension Reactor {
  /// A two-way value for a control that is not driven by Observation (a UIKit text field, a
  /// terminal prompt): it reads `keyPath` from ``currentState`` and writing it sends
  /// `action(newValue)`, synchronously.
  ///
  /// ```swift
  /// let name = reactor.binding(\.name, send: Action.setName)
  /// textField.onEditingChanged = { name.value = $0 }
  /// ```
  /// The binding does not keep the reactor alive.
  /// - Parameters:
  ///   - keyPath: The part of the state the control shows.
  ///   - action: Makes the action that sets a new value.
  /// - Returns: The binding.
  public func binding<Value>(
    _ keyPath: KeyPath<State, Value>,
    send action: @escaping @MainActor (Value) -> Action
  ) -> ReactorBinding<Value> {
    ReactorBinding(
      initial: currentState[keyPath: keyPath],
      read: { [weak self] in self?.currentState[keyPath: keyPath] },
      write: { [weak self] in self?.send(action($0)) })
  }
}
