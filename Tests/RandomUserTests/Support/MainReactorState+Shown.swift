import RandomUserCore

extension MainReactor.State {
  /// The sections the screen shows: the last loaded ones, or none.
  var shownSections: [PersonSection] { sections.value ?? [] }
}
