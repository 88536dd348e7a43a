/// What a reactor is made of: its types and the steps of its loop. Conform to ``Reactor``, which
/// refines this protocol with the reactor's storage.
///
/// The requirements are documented here and the defaults on ``Reactor``; a reactor implements
/// `reduce(state:mutation:)`, usually `mutate(action:)`, and the hooks it needs.
///
/// It is a protocol of its own for one reason: Swift infers the reactor's `Action`, `Mutation`
/// and `State` from its members when they are not nested types (a cell reactor whose state is the
/// model, `let initialState: TodoItem`), and that inference must not look at `runtime`, whose
/// type, `Runtime()`, needs them. With `runtime` among these requirements, such a reactor failed with
/// "unsupported recursion for reference to type alias 'Runtime'".
@MainActor
public protocol ReactorDefinition: AnyObject, Sendable {
  /// What the user did, or what happened: a tap, a timer, a notification.
  associatedtype Action: Sendable
  /// A change of state; defaults to `Action` for reactors whose actions apply directly.
  associatedtype Mutation: Sendable = Action
  /// What a view shows.
  associatedtype State

  /// The state before any action. Read once, when the reactor starts.
  var initialState: State { get }

  /// Turns an action into an effect that produces mutations.
  ///
  /// When `Mutation == Action` the default applies the action as it is.
  /// - Parameter action: The action, after ``transform(action:)-6ip6y``.
  /// - Returns: The work to do; its synchronous mutations are reduced before `send` returns.
  func mutate(action: Action) -> Effect<Mutation>

  /// Returns the new state for a mutation. Keep it pure: no side effects, no time, no I/O.
  ///
  /// ReactorKit's form: `var state = state`, change it, return it. That copy is a copy of every
  /// collection the mutation changes, so a state holding a large collection costs its size on
  /// every action: implement ``reduce(into:mutation:)`` instead, which changes the state in place.
  /// A reactor implements one of the two; the default of each calls the other.
  /// - Parameters:
  ///   - state: The current state.
  ///   - mutation: The mutation, after ``transform(mutation:)``.
  /// - Returns: The next state, which then goes through ``transform(state:)``.
  func reduce(state: State, mutation: Mutation) -> State

  /// Changes the state in place for a mutation. Keep it pure: no side effects, no time, no I/O.
  ///
  /// The form to write when the state holds a large collection (a feed, a chat history, a
  /// catalogue): the loop holds the only reference to the state's storage, so changing one
  /// element of an array of 100,000 costs one element, where ``reduce(state:mutation:)``'s copy
  /// costs the whole array. Observers, streams and inspectors still see each state as a value:
  /// one they hold is never changed under them (holding one makes the next change copy what it
  /// changes).
  /// ```swift
  /// func reduce(into state: inout State, mutation: Mutation) {
  ///   switch mutation {
  ///   case .bump(let index):
  ///     state.items[index] += 1
  ///     state.total += 1
  ///   }
  /// }
  /// ```
  /// The loop calls this form. Its default calls ``reduce(state:mutation:)``, so a reactor
  /// migrating from ReactorKit implements that one and nothing changes for it. Inside it, read
  /// `state`, not ``Reactor/currentState``: the loop is changing the state, and reading it there
  /// stops the program with a message.
  /// - Parameters:
  ///   - state: The current state, to change.
  ///   - mutation: The mutation, after ``transform(mutation:)``.
  func reduce(into state: inout State, mutation: Mutation)

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

  /// Rewrites each sent action into one action before ``mutate(action:)``: the one-to-one form of
  /// ``transform(action:)-6ip6y``, for a reactor that renames or enriches actions. Default: the
  /// action as it is.
  ///
  /// The default of the `Effect<Action>` form calls it, so a reactor declares whichever form it
  /// needs. When it declares both, the `Effect<Action>` form is the one the loop calls.
  /// ```swift
  /// func transform(action: Action) -> Action {
  ///   if case .search(let query) = action { return .search(query.lowercased()) }
  ///   return action
  /// }
  /// ```
  /// - Parameter action: The action that was sent.
  /// - Returns: The action to mutate.
  func transform(action: Action) -> Action

  /// Rewrites each mutation before ``reduce(state:mutation:)``, including mutations from effects.
  /// Default: the mutation as it is.
  /// - Parameter mutation: The mutation an effect produced.
  /// - Returns: The mutation to reduce.
  func transform(mutation: Mutation) -> Mutation

  /// Shapes the state that is published after ``reduce(state:mutation:)`` and for the initial
  /// state. The result is ``Reactor/currentState`` and what observers and streams see. Default:
  /// the state as it is.
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
