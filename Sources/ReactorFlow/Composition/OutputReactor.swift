/// A reactor that announces events to whoever owns it, without knowing its owner: a child screen
/// that says `didSave(task)` or `didCancel`.
///
/// An output is announced for a mutation: after the reactor reduces a mutation (and its observers
/// saw the new state), `output(for:)` says what, if anything, that mutation announces. Like
/// `reduce(state:mutation:)`, it is a pure function of the mutation, so the order of outputs is
/// the order of the mutations. A parent receives the outputs of a child it adopted with
/// ``Reactor/adopt(_:output:)``, as its own actions.
///
/// ```swift
/// @MainActor
/// final class DraftReactor: OutputReactor {
///   enum Action: Sendable { case save, cancel }
///   enum Output: Sendable, Equatable { case didSave(String), didCancel }
///   struct State: Equatable, Sendable { var text = "" }
///
///   let initialState = State()
///   let runtime = Runtime()
///
///   func reduce(state: State, mutation: Action) -> State { state }
///
///   func output(for mutation: Action) -> Output? {
///     switch mutation {
///     case .save: .didSave(currentState.text)
///     case .cancel: .didCancel
///     }
///   }
/// }
/// ```
@MainActor
public protocol OutputReactor: Reactor {
  /// What the reactor announces to its owner.
  associatedtype Output: Sendable

  /// The output that reducing `mutation` announces, or `nil` for none.
  ///
  /// It is called after the mutation was reduced, so ``Reactor/currentState`` is the state after
  /// it. It must not send actions: the owner does that, with the actions it maps the output to.
  /// - Parameter mutation: The mutation that was just reduced.
  /// - Returns: The output, or `nil`.
  func output(for mutation: Mutation) -> Output?
}
