import RandomUserCore
import ReactorFlow

/// What the interactive mode shows: the section list, or the rows of the pushed section. Each
/// is a view bound to its reactor through ``ObservedReactor``, re-rendered only when something
/// it shows changed.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
final class InteractiveScreen {
  let model: ObservedReactor<MainReactor>
  let list: SectionListView
  private(set) var detail: DetailView?

  init(reactor: MainReactor) {
    model = ObservedReactor(reactor)
    list = SectionListView(model: model)
  }

  /// The current screen's text.
  var text: String {
    guard let reactor = model.detail else {
      detail = nil
      return list.output.current
    }
    if detail?.model.reactor !== reactor { detail = DetailView(reactor: reactor) }
    return detail?.output.current ?? ""
  }
}
