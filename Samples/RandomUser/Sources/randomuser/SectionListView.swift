import RandomUserCore
import ReactorFlow

/// The numbered section list, a view of `MainReactor` through the Observation bridge: it reads
/// only `sections`, so loading flags, errors and pushed details do not re-render it.
@MainActor
final class SectionListView {
  let output: RenderedText

  init(model: ObservedReactor<MainReactor>) {
    output = RenderedText { SectionPrinter.sectionList(model.sections) }
  }
}
