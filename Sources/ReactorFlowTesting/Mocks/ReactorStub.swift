import ReactorFlow

/// Puts a reactor in stub mode for a view test: it records the actions sent to it and shows the
/// states the test sets, without running `mutate` or `reduce` and without starting its external
/// streams.
///
/// This is ReactorKit's `reactor.isStubEnabled` / `reactor.stub`, but it lives in the testing
/// module: production reactors carry no stub code. Create the stub before the reactor is used
/// (before a view binds it), since a reactor that has already started keeps its streams.
///
/// ```swift
/// let reactor = ProfileReactor(client: .live)
/// let stub = ReactorStub(reactor)
/// let view = ProfileView(reactor: reactor)
///
/// view.followButton.tap()
/// XCTAssertEqual(stub.actions, [.follow])             // the view sent the right action
///
/// stub.state.isFollowing = true
/// XCTAssertEqual(view.followButton.title, "Following") // the view shows the state
/// ```
@MainActor
public final class ReactorStub<R: Reactor> {
  /// The stubbed reactor; hand it to the view under test.
  public let reactor: R

  /// The actions sent to the reactor since the stub was made, first to last.
  public private(set) var actions: [R.Action] = []

  /// Stubs `reactor`: from now on its actions are recorded instead of processed.
  /// - Parameter reactor: The reactor to stub; it must not have been used yet.
  public init(_ reactor: R) {
    self.reactor = reactor
    // Weak: the reactor's runtime keeps this closure, and the stub keeps the reactor.
    reactor.runtime.stub(reactor) { [weak self] action in
      self?.actions.append(action)
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
