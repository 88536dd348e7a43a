/// A state machine for one screen or one feature: actions in, state out.
///
/// The loop, in this fixed order: action → `transform(action:)` → `mutate(action:)` →
/// `transform(mutation:)` → `reduce(state:mutation:)` → `transform(state:)` → ``currentState``
/// and observers. The requirements are documented on ``ReactorDefinition``, which this protocol
/// refines with the storage, ``runtime``.
///
/// A reactor is isolated to the main actor: it has one writer, and the compiler checks it.
/// `send(_:)` is synchronous: the mutations an action produces synchronously are reduced before it
/// returns. Actions sent while another is being processed (from `reduce`, from an observer) are
/// queued and processed after it, in order, never re-entrantly.
///
/// A reactor may be a non-final class: a generic base reactor (`class ListReactor<Item>: Reactor`)
/// declares the storage once and subclasses override what it declares. The loop calls each
/// requirement through the base class's conformance, so a subclass's method runs only when it
/// overrides a method that the base class declares. `reduce(state:mutation:)` has no default (but
/// when `Mutation` is `Never`), so the base always declares it. Every other requirement has a default (`mutate(action:)` when
/// `Mutation == Action`): declare in the base class each one that subclasses may customize, as a
/// method that does what the default does, and subclasses `override` it. A method that only a
/// subclass declares compiles, overrides nothing and is never called: the protocol's default is.
/// The defaults, written in a base class:
/// ```swift
/// func mutate(action: Action) -> Effect<Mutation> { .send(action) }  // when Mutation == Action
/// func transform(action: Action) -> Effect<Action> { .send(transform(action: action)) }
/// func transform(action: Action) -> Action { action }
/// func transform(mutation: Mutation) -> Mutation { mutation }
/// func transform(state: State) -> State { state }
/// func recover(from error: any Error) -> Mutation? {
///   runtime.reportUnhandledError(error)
///   return nil
/// }
/// func externalActions() -> Effect<Action> { .none }
/// func externalMutations() -> Effect<Mutation> { .none }
/// ```
///
/// ```swift
/// @MainActor
/// final class CounterReactor: Reactor {
///   enum Action: Sendable { case increment, decrement }
///   struct State: Equatable, Sendable { var count = 0 }
///
///   let initialState = State()
///   let runtime = Runtime()
///
///   func reduce(state: State, mutation: Action) -> State {
///     var state = state
///     switch mutation {
///     case .increment: state.count += 1
///     case .decrement: state.count -= 1
///     }
///     return state
///   }
/// }
/// ```
@MainActor
public protocol Reactor<Action, Mutation, State>: ReactorDefinition {
  /// The reactor's per-instance storage: declare it as `let runtime = Runtime()`.
  ///
  /// It holds the current state, the observers and the running effects, so that no global table
  /// is needed and everything goes away with the reactor. ``Runtime`` names the runtime of this
  /// reactor's `Action`, `Mutation` and `State`.
  var runtime: ReactorRuntime<Action, Mutation, State> { get }
}

extension Reactor {
  /// The runtime type to declare as the reactor's storage: `let runtime = Runtime()`.
  public typealias Runtime = ReactorRuntime<Action, Mutation, State>

  /// Mutates the action that the one-to-one `transform(action:)` returns (by default the action as
  /// it is).
  @inlinable
  public func transform(action: Action) -> Effect<Action> { .send(transform(action: action)) }

  /// Returns the action as it is.
  @inlinable
  public func transform(action: Action) -> Action { action }

  /// Applies the mutation as it is (the identity transform).
  @inlinable
  public func transform(mutation: Mutation) -> Mutation { mutation }

  /// Publishes the state as it is (the identity transform).
  @inlinable
  public func transform(state: State) -> State {
    // Tells the loop that the published state is the reduced one, so that it keeps one copy
    // and `reduce(into:mutation:)` changes it in place; a state of plain values is copied
    // whole anyway.
    if !_isPOD(State.self) { runtime.transformKeptState = true }
    return state
  }

  /// No external actions.
  @inlinable
  public func externalActions() -> Effect<Action> { .none }

  /// No external mutations.
  @inlinable
  public func externalMutations() -> Effect<Mutation> { .none }

  /// Reports the error through the runtime and returns `nil`.
  public func recover(from error: any Error) -> Mutation? {
    runtime.reportUnhandledError(error)
    return nil
  }
}

extension Reactor where Mutation == Action {
  /// Applies the action as a mutation, synchronously.
  @inlinable
  public func mutate(action: Action) -> Effect<Mutation> { .send(action) }
}

extension Reactor {
  /// Calls ``ReactorDefinition/reduce(state:mutation:)``: the form a reactor migrating from
  /// ReactorKit implements, as it did there.
  @inlinable
  public func reduce(into state: inout State, mutation: Mutation) {
    // The loop calls this form with the state in place; reading `currentState` from the
    // reduce(state:mutation:) called here reads the state as it was, so that read is allowed.
    runtime.isReducingInPlace = false
    state = reduce(state: state, mutation: mutation)
  }

  /// Calls ``ReactorDefinition/reduce(into:mutation:)`` on a copy of `state`: the form a reactor
  /// that changes its state in place gets, for code that calls `reduce(state:mutation:)`.
  public func reduce(state: State, mutation: Mutation) -> State {
    runtime.checkReducesOnce(Self.self)
    defer { runtime.isInDefaultReduce = false }
    var state = state
    reduce(into: &state, mutation: mutation)
    return state
  }
}

extension Reactor where Mutation == Never {
  /// Needs no code: a reactor without mutations, such as a cell whose `Action` is `Never`, is never
  /// asked to reduce one.
  @inlinable
  public func reduce(state: State, mutation: Never) -> State {}
}

extension Reactor {
  /// The current state, always fresh: right after `send(_:)` returns it includes every mutation
  /// that the action produced synchronously. It is the published state, after
  /// ``ReactorDefinition/transform(state:)``.
  public var currentState: State { runtime.currentState(of: self) }

  /// Starts the reactor now, if it has not started: reads ``ReactorDefinition/initialState`` and
  /// starts ``ReactorDefinition/externalMutations()`` and ``ReactorDefinition/externalActions()``.
  ///
  /// A reactor starts the first time it is used: its state is read, an action is sent, or its
  /// state is observed. Until then its external streams are not running, so a reactor that
  /// nothing has used yet misses the events posted on an ``EventBus`` meanwhile (a bus replays
  /// nothing). ReactorKit started a reactor in `init` with `_ = self.state`; call `start()` where
  /// a reactor must hear events before anything reads it, for example at the end of its `init`.
  /// Starting a reactor that has started does nothing.
  /// ```swift
  /// init(shotID: Int, client: any ShotClient, shotEvents: EventBus<ShotEvent>) {
  ///   initialState = State(shotID: shotID)
  ///   self.client = client
  ///   self.shotEvents = shotEvents
  ///   start()  // hears every event from now on, read or not
  /// }
  /// ```
  public func start() {
    _ = runtime.currentState(of: self)
  }

  /// Processes an action.
  ///
  /// The action's synchronous mutations are reduced before this returns. If another action is
  /// being processed (you called `send` from `reduce` or an observer), this one is queued and
  /// processed right after it.
  /// - Parameter action: The action.
  /// - Returns: A handle to the asynchronous work the action started: `await` its
  ///   ``ReactorTask/finish()`` to wait for it, or ``ReactorTask/cancel()`` it.
  @inlinable
  @discardableResult
  public func send(_ action: Action) -> ReactorTask {
    runtime.send(action, to: self)
  }
}
