import RandomUserCore
import ReactorFlow

/// What the interactive mode shows: the section list, or the rows of the pushed section. Each is a
/// ``TerminalView`` bound to its reactor, re-rendered only when something it shows changed.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
final class InteractiveScreen {
  /// The numbered sections: it reads only the sections' value, so a load starting or failing and a
  /// pushed detail do not re-render it.
  let list: TerminalView<MainReactor>
  /// The rows of the pushed section, a view of its `DetailReactor`.
  private(set) var detail: TerminalView<DetailReactor>?

  init(reactor: MainReactor) {
    list = TerminalView(reactor) {
      SectionPrinter.sectionList($0[\.sections.value] ?? [], favourites: $0.favourites)
    }
  }

  /// The current screen's text.
  var text: String {
    guard let reactor = list.model.detail?.reactor else {
      detail = nil
      return list.output
    }
    if let detail, detail.model.reactor === reactor { return detail.output }
    let view = TerminalView(reactor) {
      var state = DetailReactor.State(title: $0.title, people: $0.people, expandedIndex: $0.expandedIndex)
      state.favourites = $0.favourites
      return SectionPrinter.detail(state)
    }
    detail = view
    return view.output
  }
}
