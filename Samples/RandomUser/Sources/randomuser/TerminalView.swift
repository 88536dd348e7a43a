import Observation
import ReactorFlow

/// A terminal view of a reactor through the Observation bridge: its text is what `render` makes of
/// the ``ObservedReactor``, made again only after a property it read changed, as SwiftUI
/// re-evaluates a body.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
final class TerminalView<R: Reactor> {
  let model: ObservedReactor<R>
  private let render: @MainActor () -> String
  private var text: String?
  /// How many times the text was made; the tests count re-renders with it.
  private(set) var renderCount = 0

  init(_ reactor: R, render: @escaping @MainActor (ObservedReactor<R>) -> String) {
    let model = ObservedReactor(reactor)
    self.model = model
    self.render = { render(model) }
  }

  /// The text: the last one made, or a new one if a property read for it changed since.
  var output: String {
    if let text { return text }
    renderCount += 1
    let text = withObservationTracking(render) { [weak self] in
      // Called synchronously by the reactor's notification, which runs on the main actor.
      MainActor.assumeIsolated { self?.text = nil }
    }
    self.text = text
    return text
  }
}
