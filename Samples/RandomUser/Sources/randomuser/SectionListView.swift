import RandomUserCore
import ReactorFlow

/// The numbered section list, a view of `MainReactor` through the Observation bridge: it reads
/// only `sections`, so loading flags, errors and pushed details do not re-render it.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
final class SectionListView {
  let output: RenderedText

  init(model: ObservedReactor<MainReactor>) {
    output = RenderedText { SectionPrinter.sectionList(model.sections) }
  }
}
