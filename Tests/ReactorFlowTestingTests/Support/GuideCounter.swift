import ReactorFlow

// Copies of the migration guide's counter and view (compiled in the ReactorFlowTests target, in
// ReadmeExampleTests.swift and MigrationGuideTests.swift), for the guide's testing snippets.

@MainActor
final class CounterViewReactor: Reactor {
  enum Action: Sendable { case increase, decrease }
  enum Mutation: Sendable { case increaseValue, decreaseValue, setLoading(Bool) }
  struct State: Equatable, Sendable {
    var value = 0
    var isLoading = false
  }

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .increase:
      return .send(.increaseValue)
    case .decrease:
      return .concatenate(.send(.setLoading(true)), .send(.decreaseValue), .send(.setLoading(false)))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .increaseValue: state.value += 1
    case .decreaseValue: state.value -= 1
    case .setLoading(let isLoading): state.isLoading = isLoading
    }
    return state
  }
}

/// Stand-ins for UIKit's `UIButton` and `UILabel`, so that the view compiles on Linux.
@MainActor
final class Button {
  var onTap: (@MainActor () -> Void)?
  func tap() { onTap?() }
}

@MainActor
final class Label {
  var text: String?
}

/// The guide's view, as the guide writes it (MigratingFromReactorKit.md, View).
@MainActor
final class CounterView: ReactorView {
  let reactorBinding = ReactorViewBinding<CounterViewReactor>()
  let increaseButton = Button()
  let valueLabel = Label()

  func bind(reactor: CounterViewReactor) {
    increaseButton.onTap = { [weak reactor] in
      reactor?.send(.increase)
    }
    reactor.observe(\.value) { [weak self] value in
      self?.valueLabel.text = "\(value)"
    }
    .store(in: bag)
  }
}
