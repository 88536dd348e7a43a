import Observation
import ReactorFlow

// A view bound by hand, as the terminal screen of the "Driving views" article does.
@MainActor
final class CounterLine: ReactorView {
  let reactorStorage = ReactorViewStorage<CounterViewReactor>()
  private(set) var text = ""
  private(set) var toasts: [String] = []
  private(set) var changes = 0

  func bind(reactor: CounterViewReactor) {
    reactor.observe(\.value) { [weak self] in self?.text = "value: \($0)" }.store(in: bag)
    reactor.observe(pulse: \.$message) { [weak self] in self?.toasts.append($0 ?? "") }.store(in: bag)
    reactor.observe { [weak self] _ in self?.changes += 1 }.store(in: bag)
  }
}

// A view on the Observation bridge.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
final class CounterScreen {
  let model: ObservedReactor<CounterViewReactor>
  private(set) var renders = 0

  init(reactor: CounterViewReactor) {
    model = ObservedReactor(reactor)
  }

  func render() -> String {
    renders += 1
    return withObservationTracking {
      "\(model.value)"
    } onChange: {
    }
  }
}
