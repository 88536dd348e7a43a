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

  /// Makes `child` a child of this reactor whose state this reactor follows: each time a
  /// reduction changes the child's `keyPath`, this reactor receives the action that `map` returns
  /// for the new value. Put the returned ``Child`` in this reactor's state.
  ///
  /// A ``Child`` equals itself whatever its state, so a parent's observers are not told when a
  /// child's state changes. A parent whose own state shows something of its child's (a like count
  /// in a list's section, a badge) keeps a copy of it, and updates the copy in the action this
  /// maps to. That is ReactorKit's section-reactor idiom (`transform(state:)` merging each
  /// section's state with `state.with(section:)`) as a reduction:
  ///
  /// ```swift
  /// case .load(let isLiked, let likeCount):
  ///   let button = LikeButtonReactor(isLiked: isLiked, likeCount: likeCount)
  ///   let likeButton = adopt(button, state: \.likeCount) { count in .likeCountChanged(count) }
  ///   return .send(.setLikeButton(likeButton), .setLikeCount(likeCount))
  /// ```
  ///
  /// `map` is called with values that differ from the last one it saw, starting from the value
  /// at adoption, which it is not called with: the parent stores its first copy itself, as
  /// above. Adopting reads the child's state, so it starts the child (see ``Reactor/start()``).
  ///
  /// Order: the action is sent after the child's state change (`reduce`, then the child's
  /// observers) and before the output of the same mutation, if the child is also adopted with
  /// ``adopt(_:output:)``; as for an output, this reactor processes it at once when idle, or
  /// after the actions already queued. The child does not keep this reactor alive, and `map`, which
  /// the child stores, must not capture this reactor strongly. Adopting with `state:` again
  /// replaces the property followed; it does not change where the child's outputs go.
  /// - Parameters:
  ///   - child: The child reactor.
  ///   - keyPath: The part of the child's state to follow.
  ///   - map: The action for a new value, or `nil` to ignore it.
  /// - Returns: The child, to put in the state.
  @discardableResult
  public func adopt<C: Reactor, Value: Equatable>(
    _ child: C,
    state keyPath: KeyPath<C.State, Value>,
    action map: @escaping @MainActor (Value) -> Action?
  ) -> Child<C> {
    var last = child.currentState[keyPath: keyPath]
    child.runtime.installedComposition.follow = { [weak self] object in
      // The runtime passes its own reactor, which is `C`.
      guard let child = object as? C else { return }
      let value = child.currentState[keyPath: keyPath]
      guard value != last else { return }
      last = value
      guard let self, let action = map(value) else { return }
      self.send(action)
    }
    return Child(child)
  }
}
