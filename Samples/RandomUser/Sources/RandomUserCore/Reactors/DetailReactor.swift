import ReactorFlow

/// The detail screen of one age decade: its people, with at most one row expanded.
///
/// `toggle(index)` expands a row; toggling it again collapses it; toggling another row moves the
/// expansion there. An index outside the list is ignored. `close` announces ``Output/didClose``
/// to whoever owns the screen: the detail does not know ``MainReactor``, which adopted it and
/// removes it. Actions apply directly, so `Mutation` is `Action` and `mutate(action:)` is the
/// framework's default.
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

  /// The state the screen opens with: every row collapsed.
  public let initialState: State
  /// The reactor's storage, required by ``Reactor``.
  public let runtime = Runtime()

  /// Creates the reactor for the people of one section, with every row collapsed or the row at
  /// `expandedIndex` expanded.
  public init(section: PersonSection, expandedIndex: Int? = nil) {
    // Shares the section's people: a copy would retain each of them on the main actor.
    initialState = State(title: section.title, people: section.people, expandedIndex: expandedIndex)
  }

  /// Creates the reactor for a list of people under a title.
  public init(title: String, people: [Person]) {
    initialState = State(title: title, people: people)
  }

  /// Applies a toggle: expand, collapse, or move the expansion; ignores an index out of range.
  /// `close` changes nothing: the owner removes the screen.
  public func reduce(state: State, mutation: Action) -> State {
    var state = state
    switch mutation {
    case .toggle(let index):
      guard state.people.indices.contains(index) else { return state }
      state.expandedIndex = state.expandedIndex == index ? nil : index
    case .close:
      break
    }
    return state
  }

  /// Announces ``Output/didClose`` for `close`, and nothing for a toggle.
  public func output(for mutation: Action) -> Output? {
    switch mutation {
    case .toggle: nil
    case .close: .didClose
    }
  }
}
