extension Reactor {
  /// Makes `child` a child of this reactor: each output it announces reaches this reactor as the
  /// action that `map` returns. Put the returned ``Child`` in this reactor's state; the child lives
  /// as long as a state holds it.
  ///
  /// ```swift
  /// case .edit:
  ///   let editor = adopt(makeEditor()) { output in
  ///     switch output {
  ///     case .didSave(let text): .add(text)
  ///     case .didCancel: .closeEditor
  ///     }
  ///   }
  ///   return .send(.setEditor(editor))
  /// ```
  ///
  /// Order: an output is delivered after the child's state change (`reduce`, then the child's
  /// observers), and `send`s the mapped action to this reactor. So when this reactor is idle,
  /// the action is processed at once, before the child's `send` returns; when it is processing
  /// (it sent to the child from `reduce` or an observer), the action is queued after the actions
  /// already queued, in order (FIFO with its own actions).
  ///
  /// The child does not keep this reactor alive, and this reactor keeps the child alive only
  /// through its state. `map` is stored by the child: it must not capture this reactor strongly
  /// (a closure that does not mention `self` never does). Adopting a child again replaces its
  /// previous parent.
  /// - Parameters:
  ///   - child: The child reactor.
  ///   - map: The action for an output, or `nil` to ignore it.
  /// - Returns: The child, to put in the state.
  @inlinable
  @discardableResult
  public func adopt<C: OutputReactor>(
    _ child: C,
    output map: @escaping @MainActor (C.Output) -> Action?
  ) -> Child<C> {
    // Inlinable, so that the route is specialized for both reactors: the parent's `send` would
    // otherwise run the loop unspecialized, looking up generic metadata at every step.
    child.runtime.installedComposition.route = { [weak self] object, mutation in
      // The runtime passes its own reactor, which is `C`.
      guard let child = object as? C, let output = child.output(for: mutation), let self else {
        return
      }
      self.runtime.attachments?.tap?.didReceiveOutput?(output, C.self)
      if let action = map(output) { self.send(action) }
    }
    return Child(child)
  }
}
