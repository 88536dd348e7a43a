import RandomUserCore
import ReactorFlow

/// The rows of a pushed section, a view of `DetailReactor` through the Observation bridge.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
final class DetailView {
  let model: ObservedReactor<DetailReactor>
  let output: RenderedText

  init(reactor: DetailReactor) {
    let model = ObservedReactor(reactor)
    self.model = model
    output = RenderedText {
      SectionPrinter.detail(
        DetailReactor.State(title: model.title, people: model.people, expandedIndex: model.expandedIndex))
    }
  }
}
