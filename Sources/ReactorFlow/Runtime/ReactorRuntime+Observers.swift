// The observers' bookkeeping: adding, retiring and compacting the state observers that `notify`
// (ReactorRuntime.swift) calls, and the action observers that `send` calls.

extension ReactorRuntime {
  /// A state observer: its closure, boxed so that `notify` can call it without retaining it.
  ///
  /// Calling a closure read out of an array costs a retain and a release of its context (two
  /// atomic operations per observer). The box is released only when its observer is compacted
  /// away, which never happens while a notification loop runs, so the loop can borrow it through
  /// an unretained reference instead (CONTRIBUTING.md, Performance idioms).
  ///
  /// It is also the handle of the observer's token, so that the token holds no reference to the
  /// runtime itself.
  @usableFromInline
  final class Callback: ObservationHandle {
    /// Returns `false` when the observer is done (its stream consumer went away).
    ///
    /// The observer's `@MainActor` closure with its isolation cast away: a synchronous closure's
    /// isolation is only in its type, not in its representation. It is called only by `notify`,
    /// on the main actor; keeping the isolation would make the borrowing closure in ``call(_:with:)``
    /// check the executor on every call. A constant, so that the call borrows it: read from a
    /// variable, it would be retained and released around each call.
    @usableFromInline nonisolated(unsafe) let onChange: (State) -> Bool
    /// The runtime, while it holds this observer; it clears the reference when it lets go of the
    /// observer, so the reference never dangles.
    unowned(unsafe) var runtime: ReactorRuntime?
    /// The token, while it holds this observer; it clears the reference when it lets go.
    unowned(unsafe) var token: ObservationToken?
    /// Called once when the observer stops (a stream's end).
    var onFinish: (@MainActor () -> Void)?
    /// Set when the observer is cancelled; a notification loop skips it from then on. Last, so
    /// that it takes no padding of its own.
    @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var isRetired = false

    init(
      _ onChange: @escaping @MainActor (State) -> Bool,
      onFinish: (@MainActor () -> Void)?,
      runtime: ReactorRuntime
    ) {
      // Cast inside structs: cast as a bare function value, it would be reabstracted through two
      // allocated thunks on the way in and out of `unsafeBitCast`'s generic parameters.
      self.onChange = unsafeBitCast(Isolated(function: onChange), to: Nonisolated.self).function
      self.runtime = runtime
      self.onFinish = onFinish
    }

    /// Stops the observer: its token was cancelled or released.
    override func stop() {
      token = nil
      runtime?.retire(Unmanaged.passUnretained(self))
    }

    override func tokenDetached() {
      token = nil
    }

    /// Lets go of the runtime, and makes the token let go of this observer, so that what the
    /// closure captured goes with the runtime's reference (the last one) even while the token
    /// lives on.
    func disconnect() {
      runtime = nil
      let token = self.token
      self.token = nil
      token?.handleDisconnected()
    }

    private struct Isolated {
      let function: @MainActor (State) -> Bool
    }

    private struct Nonisolated {
      let function: (State) -> Bool
    }

    /// Calls the callback without retaining it, unless it was retired; returns `false` when the
    /// observer is done. The caller, on the main actor, guarantees that the box outlives the call.
    @inlinable
    nonisolated static func call(_ callback: Unmanaged<Callback>, with state: State) -> Bool {
      callback._withUnsafeGuaranteedRef { $0.isRetired || $0.onChange(state) }
    }
  }

  /// An action observer's closures.
  @usableFromInline
  struct ActionObserver {
    /// Returns `false` when the observer is done (its stream consumer went away).
    let onAction: @MainActor (Action) -> Bool
    let onFinish: (@MainActor () -> Void)?
  }

  /// Adds an observer, calls it with the current state at once, and returns its token.
  ///
  /// Inlinable for the first line only: an observer is often what starts a reactor, and a start
  /// made here is specialized for the reactor (see `start(_:)`).
  @inlinable
  func addObserver(
    _ reactor: some Reactor<Action, Mutation, State>,
    onChange: @escaping @MainActor (State) -> Bool,
    onFinish: (@MainActor () -> Void)? = nil
  ) -> ObservationToken {
    addObserver(startedWith: currentState(of: reactor), onChange: onChange, onFinish: onFinish)
  }

  /// Adds an observer to the started runtime, calls it with `state` at once, and returns its
  /// token.
  @usableFromInline
  func addObserver(
    startedWith state: State,
    onChange: @escaping @MainActor (State) -> Bool,
    onFinish: (@MainActor () -> Void)?
  ) -> ObservationToken {
    let keep = onChange(state)
    let callback = Callback(onChange, onFinish: onFinish, runtime: self)
    observers.append(Unmanaged.passRetained(callback))
    let token = ObservationToken(handle: callback)
    callback.token = token
    if !keep { retireObserver(at: observers.count - 1) }
    return token
  }

  /// Stops the action observer with this number, or the inspection handler of a negative one
  /// (InspectorHub.add).
  func removeObservation(id: Int) {
    if id < 0 {
      inspectors?.removeHandler(id: ~id)
    } else {
      attachments?.actionObservers.removeValue(forKey: id)?.onFinish?()
    }
  }

  /// Retires the observer whose callback said it is done, during `notify`, or whose token stopped
  /// it.
  @usableFromInline
  func retire(_ callback: Unmanaged<Callback>) {
    let object = callback.toOpaque()
    guard let index = observers.firstIndex(where: { $0.toOpaque() == object }) else { return }
    retireObserver(at: index)
  }

  func retireObserver(at index: Int) {
    let callback = observers[index].takeUnretainedValue()
    guard !callback.isRetired else { return }
    let onFinish = callback.onFinish
    callback.isRetired = true
    // The callback (and what it captured) goes with the compaction below, or, while a
    // notification loop runs, with the one at its end: the loop may be running it right now.
    callback.onFinish = nil
    needsCompaction = true
    onFinish?()
    if !isNotifying { compactObservers() }
  }

  @usableFromInline
  func compactObservers() {
    // A retired observer keeps its slot until no notification loop is running over the array.
    needsCompaction = false
    var index = 0
    while index < observers.count {
      let observer = observers[index]
      let callback = observer.takeUnretainedValue()
      guard callback.isRetired else {
        index += 1
        continue
      }
      observers.remove(at: index)
      callback.disconnect()
      // Last, with the array consistent: what the closure captured may stop other observers of
      // this runtime as it goes, which compacts them at once.
      observer.release()
    }
  }

  /// Lets go of every state observer, when the runtime goes: none points at the runtime or at its
  /// token any more before what the closures captured goes (and with it, perhaps, other tokens).
  func releaseObservers() {
    let observers = self.observers
    self.observers = []
    for observer in observers { observer.takeUnretainedValue().disconnect() }
    for observer in observers {
      let onFinish = observer.takeUnretainedValue().onFinish
      observer.release()
      onFinish?()
    }
  }

  /// Adds an observer of the actions sent to the reactor; it is called with each action as it is
  /// sent, before the action is processed or queued.
  func addActionObserver(
    onAction: @escaping @MainActor (Action) -> Bool,
    onFinish: (@MainActor () -> Void)? = nil
  ) -> ObservationToken {
    let id = nextObserverID
    nextObserverID += 1
    installedAttachments.actionObservers[id] = ActionObserver(onAction: onAction, onFinish: onFinish)
    return ObservationToken(source: self, id: id)
  }

  @usableFromInline
  func notifyActionObservers(_ action: Action) {
    guard let attachments else { return }
    // Over a copy: an observer may cancel itself or add another while it runs.
    for (id, observer) in attachments.actionObservers where !observer.onAction(action) {
      removeObservation(id: id)
    }
  }
}
