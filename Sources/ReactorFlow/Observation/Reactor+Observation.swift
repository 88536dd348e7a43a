// MARK: - Synchronous observation

extension Reactor {
  /// Observes every new state: calls `onChange` with the current state at once, then after each
  /// mutation, until the token is cancelled or released.
  ///
  /// This is the fast path for views. Capture `self` weakly in `onChange` if `self` holds the
  /// reactor.
  /// - Parameter onChange: Called on the main actor with each state.
  /// - Returns: The token that keeps the observation alive.
  public func observe(_ onChange: @escaping @MainActor (State) -> Void) -> ObservationToken {
    runtime.addObserver(self) { state in
      onChange(state)
      return true
    }
  }

  /// Observes a part of the state: calls `onChange` with its current value at once, then after
  /// each mutation, until the token is cancelled or released.
  /// - Parameters:
  ///   - keyPath: The part of the state to observe.
  ///   - onChange: Called on the main actor with each value.
  /// - Returns: The token that keeps the observation alive.
  public func observe<Value>(
    _ keyPath: KeyPath<State, Value>,
    _ onChange: @escaping @MainActor (Value) -> Void
  ) -> ObservationToken {
    let readout = KeyPathOffset(keyPath)
    return runtime.addObserver(self) { state in
      onChange(readout.read(state))
      return true
    }
  }

  /// Observes a part of the state: calls `onChange` with its current value at once, then each
  /// time it changes to a different value, until the token is cancelled or released.
  /// - Parameters:
  ///   - keyPath: The part of the state to observe.
  ///   - onChange: Called on the main actor with each distinct value.
  /// - Returns: The token that keeps the observation alive.
  @inlinable
  public func observe<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>,
    _ onChange: @escaping @MainActor (Value) -> Void
  ) -> ObservationToken {
    // One closure per observer, not a filter around a reader around `onChange`: each level of
    // closure is an indirect call per observer per mutation.
    let readout = KeyPathOffset(keyPath)
    let last = LastValue<Value>()
    return runtime.addObserver(self) { state in
      let value = readout.read(state)
      if let previous = last.value, previous == value { return true }
      last.value = value
      onChange(value)
      return true
    }
  }

  /// Observes a value computed from the state: calls `onChange` with it at once, then each time
  /// it changes to a different value.
  /// - Parameters:
  ///   - transform: Computes the value from the state.
  ///   - onChange: Called on the main actor with each distinct value.
  /// - Returns: The token that keeps the observation alive.
  public func observe<Value: Equatable>(
    map transform: @escaping @MainActor (State) -> Value,
    _ onChange: @escaping @MainActor (Value) -> Void
  ) -> ObservationToken {
    runtime.addObserver(
      self,
      onChange: Self.distinct(transform) { value in
        onChange(value)
        return true
      })
  }

  /// Observes a pulse: calls `onChange` with each value assigned to it after now, even a value
  /// equal to the previous one. The value the pulse holds now is skipped.
  /// - Parameters:
  ///   - keyPath: The pulse's projected value, for example `\.$alert`.
  ///   - onChange: Called on the main actor with each assigned value.
  /// - Returns: The token that keeps the observation alive.
  public func observe<Value>(
    pulse keyPath: KeyPath<State, Pulse<Value>>,
    _ onChange: @escaping @MainActor (Value) -> Void
  ) -> ObservationToken {
    runtime.addObserver(
      self,
      onChange: Self.assignments(to: keyPath) { value in
        onChange(value)
        return true
      })
  }

  // Disfavored: Swift matches an unlabeled trailing closure to this labeled parameter too, so
  // without it `observe { _ in }` would be ambiguous with the state observers.
  /// Observes the actions sent to the reactor: calls `onAction` with each action as it is sent,
  /// before ``ReactorDefinition/transform(action:)-6ip6y`` and before it is processed, until the
  /// token is cancelled or released.
  ///
  /// ReactorKit's `reactor.action` subject, observed. Stubbed reactors report their actions too.
  ///
  /// Write the label: `observe(actions: { action in ... })`. A trailing closure without it,
  /// `observe { _ in ... }`, observes the state.
  /// - Parameter onAction: Called on the main actor with each action.
  /// - Returns: The token that keeps the observation alive.
  @_disfavoredOverload
  public func observe(actions onAction: @escaping @MainActor (Action) -> Void) -> ObservationToken {
    _ = currentState
    return runtime.addActionObserver(onAction: { action in
      onAction(action)
      return true
    })
  }

  // MARK: Filters shared by the observers and the streams

  /// An observer callback that passes on `transform(state)` only when it differs from the last
  /// value passed on. `emit` returns `false` when its consumer is gone.
  @inlinable
  static func distinct<Value: Equatable>(
    _ transform: @escaping @MainActor (State) -> Value,
    _ emit: @escaping @MainActor (Value) -> Bool
  ) -> @MainActor (State) -> Bool {
    let last = LastValue<Value>()
    return { state in
      let value = transform(state)
      if let previous = last.value, previous == value { return true }
      last.value = value
      return emit(value)
    }
  }

  /// An observer callback that passes on each value assigned to a pulse after the first state it
  /// sees. `emit` returns `false` when its consumer is gone.
  static func assignments<Value>(
    to keyPath: KeyPath<State, Pulse<Value>>,
    _ emit: @escaping @MainActor (Value) -> Bool
  ) -> @MainActor (State) -> Bool {
    let readout = KeyPathOffset(keyPath)
    let lastCount = LastValue<UInt>()
    return { state in
      let pulse = readout.read(state)
      defer { lastCount.value = pulse.valueUpdatedCount }
      guard let count = lastCount.value, count != pulse.valueUpdatedCount else { return true }
      return emit(pulse.value)
    }
  }
}

extension Reactor where State: Equatable {
  /// Observes the state: calls `onChange` with the current state at once, then each time the
  /// state changes to a different value, until the token is cancelled or released.
  /// - Parameter onChange: Called on the main actor with each distinct state.
  /// - Returns: The token that keeps the observation alive.
  public func observe(_ onChange: @escaping @MainActor (State) -> Void) -> ObservationToken {
    let last = LastValue<State>()
    return runtime.addObserver(self) { state in
      if let previous = last.value, previous == state { return true }
      last.value = state
      onChange(state)
      return true
    }
  }
}

// MARK: - Asynchronous sequences

extension Reactor where State: Sendable {
  /// The states, as an asynchronous sequence: the current state first, then every later state
  /// in order.
  ///
  /// Each access is a new consumer that starts from the state at that moment (a late consumer
  /// gets the latest state, not the history). Consumers are buffered, so a slow consumer never
  /// blocks `send(_:)`. The sequence ends when the reactor is released, when the consumer's task
  /// is cancelled, or when the consumer stops iterating and releases it.
  /// ```swift
  /// for await state in reactor.state { render(state) }
  /// ```
  public var state: AsyncStream<State> {
    stream { emit in emit }
  }

  /// The values of a part of the state, as an asynchronous sequence: the current value first,
  /// then each distinct later value.
  /// - Parameter keyPath: The part of the state.
  /// - Returns: A sequence that ends when the reactor is released or the consumer stops.
  public func values<Value: Equatable & Sendable>(
    of keyPath: KeyPath<State, Value>
  ) -> AsyncStream<Value> {
    let readout = KeyPathOffset(keyPath)
    return stream { emit in Self.distinct({ readout.read($0) }, emit) }
  }

  /// The values assigned to a pulse after now, as an asynchronous sequence.
  /// - Parameter keyPath: The pulse's projected value, for example `\.$alert`.
  /// - Returns: A sequence that ends when the reactor is released or the consumer stops.
  public func pulses<Value: Sendable>(
    _ keyPath: KeyPath<State, Pulse<Value>>
  ) -> AsyncStream<Value> {
    stream { emit in Self.assignments(to: keyPath, emit) }
  }

  /// The actions sent to the reactor from now on, as an asynchronous sequence, each as it is sent
  /// (before ``ReactorDefinition/transform(action:)-6ip6y``).
  ///
  /// Use it where ReactorKit code filtered `reactor.action`, for example to end an effect when
  /// the user cancels:
  /// ```swift
  /// let cancels = actions.filter { $0 == .cancel }
  /// ```
  /// Each access is a new consumer. The sequence ends when the reactor is released or the
  /// consumer stops.
  public var actions: AsyncStream<Action> {
    _ = currentState
    let buffer = StreamBuffer<Action>()
    let token = runtime.addActionObserver(
      onAction: { buffer.push($0) }, onFinish: { buffer.finish() })
    // The stream's end, not this token, ends the observation.
    token.detach()
    return buffer.makeStream()
  }

  /// A new consumer: an `AsyncStream` fed by an observer whose callback `makeOnChange` builds
  /// around `emit` (which buffers one element and returns `false` once the consumer is gone).
  func stream<Value: Sendable>(
    _ makeOnChange: (_ emit: @escaping @MainActor (Value) -> Bool) -> @MainActor (State) -> Bool
  ) -> AsyncStream<Value> {
    let buffer = StreamBuffer<Value>()
    let token = runtime.addObserver(
      self, onChange: makeOnChange { buffer.push($0) }, onFinish: { buffer.finish() })
    // The stream's end, not this token, ends the observation.
    token.detach()
    return buffer.makeStream()
  }
}
