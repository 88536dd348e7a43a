import Observation

/// A terminal view's output: the text its render closure makes from `Observable` models, made
/// again only after a property it read changed, as SwiftUI re-evaluates a body.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
final class RenderedText {
  private let render: @MainActor () -> String
  private var text: String?
  /// How many times the text was made; the tests count re-renders with it.
  private(set) var renderCount = 0

  init(_ render: @escaping @MainActor () -> String) {
    self.render = render
  }

  /// The text: the last one made, or a new one if a property read for it changed since.
  var current: String {
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
