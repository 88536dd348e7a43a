import ReactorFlow

/// The detail screen of one age decade: its people, with at most one row expanded.
///
/// `toggle(index)` expands a row; toggling it again collapses it; toggling another row moves the
/// expansion there. An index outside the list is ignored. `close` announces ``Output/didClose``
/// to whoever owns the screen: the detail does not know ``MainReactor``, which adopted it and
/// removes it. `star(index)` marks the person as a favourite, or unmarks them: it writes the
/// ``Favourites`` that the app shares, whose change comes back, to this screen and to the list, as
/// ``Mutation/setFavourites(_:)``.
///
/// ```swift
/// let detail = DetailReactor(section: sections[1])
/// detail.send(.toggle(0))
/// detail.currentState.expandedPerson  // the first person of the section
/// ```
@MainActor
public final class DetailReactor: OutputReactor, IdentityHashable {
  /// What the user can do on the detail screen.
  public enum Action: Sendable, Equatable {
    /// Expands the row at `index`, or collapses it when it is the expanded one.
    case toggle(Int)
    /// Closes the screen: announces ``Output/didClose``.
    case close
    /// Stars the person at `index`, or unstars them when they are starred.
    case star(Int)
  }

  /// A change of the detail screen.
  public enum Mutation: Sendable, Equatable {
    /// Expands or collapses the row at `index`.
    case toggle(Int)
    /// The screen closes.
    case close
    /// The favourites changed, here or on another screen.
    case setFavourites(Set<Person.ID>)
  }

  /// What the detail screen announces to its owner.
  public enum Output: Sendable, Equatable {
    /// The user closed the screen.
    case didClose
  }

  /// What the detail screen shows.
  public struct State: Equatable, Sendable {
    /// The section title, for example `"20s"`.
    public var title: String
    /// The people of the section, in list order; shared with the section, not copied.
    public var people: PersonSection.People
    /// The index of the expanded row, or `nil` when every row is collapsed.
    public var expandedIndex: Int?
    /// The identifiers of the starred people (of every section).
    public var favourites: Set<Person.ID> = []

    /// The person whose row is expanded, if any.
    public var expandedPerson: Person? {
      expandedIndex.flatMap { people.indices.contains($0) ? people[$0] : nil }
    }

    /// Creates a state with every row collapsed, or with the row at `expandedIndex` expanded.
    public init(title: String, people: PersonSection.People, expandedIndex: Int? = nil) {
      self.title = title
      self.people = people
      self.expandedIndex = expandedIndex
    }

    /// Creates a state for an array of people, with every row collapsed or one expanded.
    public init(title: String, people: [Person], expandedIndex: Int? = nil) {
      self.init(title: title, people: PersonSection.People(people), expandedIndex: expandedIndex)
    }
  }

  /// The state the screen opens with: every row collapsed or the one asked for expanded, and the
  /// favourites as they are then.
  public var initialState: State {
    var state = openingState
    state.favourites = favourites.value
    return state
  }
  /// The reactor's storage, required by ``Reactor``.
  public let runtime = Runtime()

  /// The section's title, for example `"20s"`: readable from any isolation (a recording
  /// encodes it).
  public nonisolated var title: String { openingState.title }

  private let openingState: State
  private let favourites: Favourites

  /// Creates the reactor for the people of one section, with every row collapsed or the row at
  /// `expandedIndex` expanded, on the favourites the app shares.
  public init(section: PersonSection, expandedIndex: Int? = nil, favourites: Favourites = Favourites([])) {
    // Shares the section's people: a copy would retain each of them on the main actor.
    openingState = State(title: section.title, people: section.people, expandedIndex: expandedIndex)
    self.favourites = favourites
  }

  /// Creates the reactor for a list of people under a title, on the favourites the app shares.
  public init(title: String, people: [Person], favourites: Favourites = Favourites([])) {
    openingState = State(title: title, people: people)
    self.favourites = favourites
  }

  /// Applies `toggle` and `close`; `star` writes the shared favourites, whose change comes back
  /// as a mutation (an index out of range is ignored).
  public func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .toggle(let index):
      return .send(.toggle(index))
    case .close:
      return .send(.close)
    case .star(let index):
      let people = currentState.people
      guard people.indices.contains(index) else { return .none }
      let id = people[index].id
      favourites.update { favourites in
        if favourites.remove(id) == nil { favourites.insert(id) }
      }
      return .none
    }
  }

  /// The favourites' changes, made here or on any other screen.
  public func externalMutations() -> Effect<Mutation> {
    favourites.changes { .setFavourites($0) }
  }

  /// Applies a toggle: expand, collapse, or move the expansion; ignores an index out of range.
  /// `close` changes nothing: the owner removes the screen.
  public func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .toggle(let index):
      guard state.people.indices.contains(index) else { return state }
      state.expandedIndex = state.expandedIndex == index ? nil : index
    case .close:
      break
    case .setFavourites(let favourites):
      state.favourites = favourites
    }
    return state
  }

  /// Announces ``Output/didClose`` for `close`, and nothing for the other mutations.
  public func output(for mutation: Mutation) -> Output? {
    switch mutation {
    case .toggle, .setFavourites: nil
    case .close: .didClose
    }
  }
}
