/// Runs a reactor on states you set, and records the actions a view sends to it: for previews,
/// demo screens and view tests.
///
/// The stubbed reactor does not run `mutate` or `reduce` and starts no external stream: its state
/// is `initialState` as it is, then whatever ``state`` is set to, and each action sent to it is
/// recorded in ``actions`` and handed to the stub's script, if it has one. Make the stub before
/// the reactor is used (before a view binds it): a reactor that has already started keeps its
/// state and its streams. It needs no test framework, so an app target can use it; the testing
/// module's view tests use the same type.
///
/// A preview or a demo screen, whose button changes what it shows:
/// ```swift
/// let stub = ReactorStub(CounterViewReactor()) { action, state in
///   if action == .increase { state.value += 1 }
/// }
/// let line = CounterLine()
/// line.reactor = stub.reactor
/// ```
///
/// A view test:
/// ```swift
/// let reactor = CounterViewReactor()
/// let stub = ReactorStub(reactor)
/// let line = CounterLine()
/// line.reactor = reactor
///
/// line.plusButton.tap()
/// XCTAssertEqual(stub.actions, [.increase])  // the view sent the right action
///
/// stub.state.value = 7
/// XCTAssertEqual(line.text, "7")  // the view shows the state
/// ```
@MainActor
public final class ReactorStub<R: Reactor> {
  /// The stubbed reactor; hand it to the view.
  public let reactor: R

  /// The actions sent to the reactor since the stub was made, first to last.
  public private(set) var actions: [R.Action] = []

  /// Stubs `reactor`: from now on its actions are recorded instead of processed.
  /// - Parameters:
  ///   - reactor: The reactor to stub; it must not have been used yet.
  ///   - script: Called with each action after it is recorded, and the state to change in
  ///     answer; the new state is shown as a mutation's would be. `nil` leaves the state as it is.
  public init(
    _ reactor: R,
    script: (@MainActor (_ action: R.Action, _ state: inout R.State) -> Void)? = nil
  ) {
    self.reactor = reactor
    // Weak: the reactor's runtime keeps this closure, and the stub keeps the reactor.
    reactor.runtime.stub(reactor) { [weak self] action in
      guard let self else { return }
      actions.append(action)
      guard let script else { return }
      var state = self.state
      script(action, &state)
      self.state = state
    }
  }

  /// The reactor's state. Setting it replaces the state without `reduce` and notifies the
  /// observers, as a mutation would.
  public var state: R.State {
    get { reactor.currentState }
    set { reactor.runtime.setState(newValue, of: reactor) }
  }

  /// The latest action sent to the reactor, or `nil` if there was none.
  public var lastAction: R.Action? { actions.last }

  /// Forgets the recorded actions.
  public func removeAllActions() {
    actions.removeAll()
  }
}
