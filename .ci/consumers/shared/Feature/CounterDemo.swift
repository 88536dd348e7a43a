import ReactorFlow

/// The counter's two views on a stubbed reactor, as a preview or a demo screen runs them: no
/// network, no test framework. The stub's script answers each action with the state to show.
public enum CounterDemo {
  /// Taps "+" twice and "−" once, and returns what the views showed.
  @MainActor
  public static func run() -> [String] {
    let stub = ReactorStub(CounterViewReactor()) { action, state in
      switch action {
      case .increase: state.value += 1
      case .decrease, .decreaseLater: state.value -= 1
      }
    }
    let line = CounterLine()
    line.reactor = stub.reactor
    var shown = [line.text]

    stub.reactor.send(.increase)
    stub.reactor.send(.increase)
    stub.reactor.send(.decrease)
    shown.append(line.text)

    if #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) {
      let screen = CounterScreen(reactor: stub.reactor)
      shown.append("screen: \(screen.render())")
    }
    shown.append("actions: \(stub.actions.count)")
    return shown
  }
}
