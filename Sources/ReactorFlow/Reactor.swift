/// A state machine for one screen or one feature: actions in, state out.
///
/// The loop, in this fixed order:
/// action → ``transform(action:)`` → ``mutate(action:)`` → ``transform(mutation:)`` →
/// ``reduce(state:mutation:)`` → ``transform(state:)`` → ``currentState`` and observers.
///
/// A reactor is isolated to the main actor: it has one writer, and the compiler checks it.
/// `send(_:)` is synchronous: the mutations an action produces synchronously are reduced before it
/// returns. Actions sent while another is being processed (from `reduce`, from an observer) are
/// queued and processed after it, in order, never re-entrantly.
///
/// A reactor may be a non-final class: a generic base reactor (`class ListReactor<Item>: Reactor`)
/// declares the storage once and subclasses override `mutate` and `reduce`. Hooks that a subclass
/// overrides must be declared in the base class (a protocol extension's default cannot be
/// overridden).
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
public protocol Reactor: AnyObject, Sendable {
  /// What the user did, or what happened: a tap, a timer, a notification.
  associatedtype Action: Sendable
  /// A change of state; defaults to `Action` for reactors whose actions apply directly.
  associatedtype Mutation: Sendable = Action
  /// What a view shows.
  associatedtype State

  /// The state before any action. Read once, when the reactor starts.
  var initialState: State { get }

  /// The reactor's per-instance storage: declare it as `let runtime = Runtime()`.
  ///
  /// It holds the current state, the observers and the running effects, so that no global table
  /// is needed and everything goes away with the reactor. ``Runtime`` names the runtime of this
  /// reactor's `Action`, `Mutation` and `State`.
  var runtime: ReactorRuntime<Action, Mutation, State> { get }

  /// Turns an action into an effect that produces mutations.
  ///
  /// When `Mutation == Action` the default applies the action as it is.
  /// - Parameter action: The action, after ``transform(action:)``.
  /// - Returns: The work to do; its synchronous mutations are reduced before `send` returns.
  func mutate(action: Action) -> Effect<Mutation>

  /// Returns the new state for a mutation. Keep it pure: no side effects, no time, no I/O.
  /// - Parameters:
  ///   - state: The current state.
  ///   - mutation: The mutation, after ``transform(mutation:)``.
  /// - Returns: The next state, which then goes through ``transform(state:)``.
  func reduce(state: State, mutation: Mutation) -> State

  /// Decides what each sent action becomes before ``mutate(action:)``: the same action, another
  /// one, none (drop it), or a later one (delay it). Default: `.send(action)`.
  ///
  /// This is ReactorKit's `transform(action:)`, one action at a time. The actions of the returned
  /// effect go to `mutate(action:)` without being transformed again; the synchronous ones are
  /// mutated before `send(_:)` returns, and the effects of later ones belong to the same
  /// ``ReactorTask``.
  /// ```swift
  /// func transform(action: Action) -> Effect<Action> {
  ///   switch action {
  ///   case .refresh where currentState.isLoading: return .none          // ignore taps while loading
  ///   case .autosave: return Effect.send(action).delay(for: .seconds(1), clock: clock)
  ///   default: return .send(action)
  ///   }
  /// }
  /// ```
  /// - Parameter action: The action that was sent.
  /// - Returns: The actions to mutate.
  func transform(action: Action) -> Effect<Action>

  /// Rewrites each mutation before ``reduce(state:mutation:)``, including mutations from effects.
  /// Default: the mutation as it is.
  /// - Parameter mutation: The mutation an effect produced.
  /// - Returns: The mutation to reduce.
  func transform(mutation: Mutation) -> Mutation

  /// Shapes the state that is published after ``reduce(state:mutation:)`` and for the initial
  /// state. The result is ``currentState`` and what observers and streams see. Default: the state
  /// as it is.
  ///
  /// As in ReactorKit, it does not feed back: `reduce` always receives the previous *reduced*
  /// state, so a transform that appends, counts or stamps applies once to each published state.
  /// - Parameter state: The reduced state.
  /// - Returns: The state to publish.
  func transform(state: State) -> State

  /// Streams of actions from outside the reactor (global state, notifications, timers), started
  /// when the reactor starts and cancelled when it is released. Default: none.
  ///
  /// ```swift
  /// func externalActions() -> Effect<Action> {
  ///   .sequence(session.userChanges.map { Action.userChanged($0) })
  /// }
  /// ```
  func externalActions() -> Effect<Action>

  /// Streams of mutations from outside the reactor, started when the reactor starts and
  /// cancelled when it is released. Default: none.
  func externalMutations() -> Effect<Mutation>

  /// Maps an error that an effect threw, and that no `catch` handled, to a mutation.
  ///
  /// The default reports the error through ``ReactorRuntime/onUnhandledError`` (or, when that is
  /// not set, on standard error) and returns `nil`. Either way only the failing effect ends; the
  /// reactor keeps working. `CancellationError` never comes here.
  /// - Parameter error: The error the effect threw.
  /// - Returns: A mutation to reduce, for example `.setError(message)`, or `nil`.
  func recover(from error: any Error) -> Mutation?
}

extension Reactor {
  /// The runtime type to declare as the reactor's storage: `let runtime = Runtime()`.
  public typealias Runtime = ReactorRuntime<Action, Mutation, State>

  /// Mutates the action as it is.
  @inlinable
  public func transform(action: Action) -> Effect<Action> { .send(action) }

  /// Applies the mutation as it is (the identity transform).
  @inlinable
  public func transform(mutation: Mutation) -> Mutation { mutation }

  /// Publishes the state as it is (the identity transform).
  @inlinable
  public func transform(state: State) -> State { state }

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
  /// The current state, always fresh: right after `send(_:)` returns it includes every mutation
  /// that the action produced synchronously. It is the published state, after
  /// ``transform(state:)``.
  @inlinable
  public var currentState: State { runtime.currentState(of: self) }

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
