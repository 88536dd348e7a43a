import ReactorFlow
import ReactorFlowTestSupport
import ReactorFlowTesting
import XCTest

// The snippets of ReactorFlow's doc comments, verbatim (DocCSnippetTests checks that they stay
// so), compiled and run here with the fixtures they name. The snippets on the sample's
// `MainReactor` are in RandomUserTests' MainReactorSymbolSnippetTests; those that
// CompositionArticleTests, AsynchronousWorkArticleTests and the Testing targets already hold
// verbatim are run there.

// MARK: - Fixtures

extension TaskListReactor {
  /// `Children`' page: a cell appended, sent to and removed, in a collection of its own.
  fileprivate func appendToggleAndRemoveMilk() -> Children<Int, TaskCellReactor> {
    var cells = Children<Int, TaskCellReactor>()
    cells.append(adopt(TaskCellReactor(title: "Milk")) { _ in .delete(id: 1) }, id: 1)
    cells[id: 1]?.send(.toggle)
    cells.remove(id: 1)
    return cells
  }
}

/// A navigation stack of cells: `ChildStack`'s page.
@MainActor
private final class CellStackReactor: Reactor {
  enum Action: Sendable { case push(String), pop, popTo(Int) }
  enum Mutation: Sendable { case push(Child<TaskCellReactor>), pop, popTo(Int) }
  struct State: Equatable, Sendable { var path = ChildStack<TaskCellReactor>() }

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .push(let title): .send(.push(Child(TaskCellReactor(title: title))))
    case .pop: .send(.pop)
    case .popTo(let count): .send(.popTo(count))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .push(let cell): state.path.push(cell)
    case .pop: state.path.pop()
    case .popTo(let count): state.path.pop(toCount: count)
    }
    return state
  }
}

/// A people list: the whole `mutate` of `Effect`'s page.
private protocol RosterClient: Sendable {
  func fetchPeople(count: Int) async throws -> [String]
  func search(_ query: String) async throws -> [String]
  func fetch(page: Int) async throws -> [String]
}

private struct RosterClientStub: RosterClient {
  func fetchPeople(count: Int) async throws -> [String] { (1...count).map { "person \($0)" } }
  func search(_ query: String) async throws -> [String] { ["\(query)!"] }
  func fetch(page: Int) async throws -> [String] { ["page \(page)"] }
}

@MainActor
private final class PeopleCounterReactor: Reactor {
  enum Action: Sendable { case increment, load(Int) }
  enum Mutation: Sendable { case increaseValue, setPeople([String]), setError(String), setLoading(Bool) }
  struct State: Equatable, Sendable {
    var value = 0
    var people: [String] = []
    var error: String?
    var isLoading = false
  }

  let initialState = State()
  let runtime = Runtime()
  private let client: any RosterClient

  init(client: any RosterClient) {
    self.client = client
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .increment:
      return .send(.increaseValue)
    case .load(let count):
      return .run { [client] send in
        await send(.setPeople(try await client.fetchPeople(count: count)))
      } catch: { error, send in
        await send(.setError("\(error)"))
      }
      .prepend(.setLoading(true))
      .cancellable(id: "load", cancelInFlight: true)
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .increaseValue: state.value += 1
    case .setPeople(let people):
      state.people = people
      state.isLoading = false
    case .setError(let error): state.error = error
    case .setLoading(let isLoading): state.isLoading = isLoading
    }
    return state
  }
}

/// A feed that pages, searches and loads: the snippets of `Effect.finally(_:)`, `EffectID`,
/// `Send`, `StateReader` and `ReactorTask`.
@MainActor
private final class PagedFeedReactor: Reactor {
  enum Action: Sendable { case loadNextPage, readNextPage, search(String), load(Int) }
  enum Mutation: Sendable {
    case setLoadingNextPage(Bool)
    case appendPage([String])
    case setResults([String])
    case setLoading(Bool)
    case setPeople([String])
  }
  struct State: Equatable, Sendable {
    var isLoadingNextPage = false
    var pages: [[String]] = []
    var results: [String] = []
    var isLoading = false
    var people: [String] = []

    var nextPage: Int { pages.count + 1 }
  }

  let initialState = State()
  let runtime = Runtime()
  private let client: any RosterClient

  init(client: any RosterClient) {
    self.client = client
  }

  private var fetchNextPage: Effect<Mutation> {
    .run(reading: self) { [client] state, send in
      let page = try await state.current.nextPage
      await send(.appendPage(try await client.fetch(page: page)))
    }
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .loadNextPage:
      return .concatenate(.send(.setLoadingNextPage(true)), fetchNextPage)
        .finally(.send(.setLoadingNextPage(false)))
        .cancellable(id: "page", cancelInFlight: true)
    case .readNextPage:
      return .run(reading: self) { [client] state, send in
        let page = try await state.current.nextPage  // read on the main actor, now
        await send(.appendPage(try await client.fetch(page: page)))
      }
    case .search(let query):
      let search = Effect<Mutation>.task { [client] in .setResults(try await client.search(query)) }
      return search.cancellable(id: "search", cancelInFlight: true)  // a new search cancels the last
    case .load:
      let load: Effect<Mutation> =
        .run { [client] send in
          await send(.setLoading(true))
          let people = try await client.fetchPeople(count: 100)
          await send(.setPeople(people))
        }
      return .concatenate(load, .send(.setLoading(false)))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setLoadingNextPage(let isLoading): state.isLoadingNextPage = isLoading
    case .appendPage(let page): state.pages.append(page)
    case .setResults(let results): state.results = results
    case .setLoading(let isLoading): state.isLoading = isLoading
    case .setPeople(let people): state.people = people
    }
    return state
  }
}

/// A child that announces what its owner should do: `OutputReactor`'s page.
@MainActor
final class DraftReactor: OutputReactor {
  enum Action: Sendable { case save, cancel }
  enum Output: Sendable, Equatable { case didSave(String), didCancel }
  struct State: Equatable, Sendable { var text = "" }

  let initialState = State()
  let runtime = Runtime()

  func reduce(state: State, mutation: Action) -> State { state }

  func output(for mutation: Action) -> Output? {
    switch mutation {
    case .save: .didSave(currentState.text)
    case .cancel: .didCancel
    }
  }
}

extension DraftReactor {
  /// The user's cancels, as `Reactor.actions` shows them.
  func cancelActions() -> AsyncFilterSequence<AsyncStream<Action>> {
    let cancels = actions.filter { $0 == .cancel }
    return cancels
  }
}

/// A pushed detail that a state holds, compared by identity: `IdentityEquatable`'s page.
@MainActor
final class DetailPaneReactor: Reactor {
  enum Action: Sendable { case select }
  struct State: Equatable, Sendable { var isSelected = false }

  let initialState = State()
  let runtime = Runtime()

  func reduce(state: State, mutation: Action) -> State { State(isSelected: true) }
}

extension DetailPaneReactor: IdentityEquatable {}

struct DetailState: Equatable {
  var detail: DetailPaneReactor?
}

/// A name tag with a title and a spinner: the observation and binding snippets.
@MainActor
private final class NameTagReactor: Reactor {
  enum Action: Sendable, Equatable { case setName(String), setLoading(Bool), setTitle(String) }
  struct State: Equatable, Sendable {
    var name = "Grace"
    var isLoading = false
    var title = "Profile"
  }

  let initialState = State()
  let runtime = Runtime()

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    switch mutation {
    case .setName(let name): state.name = name
    case .setLoading(let isLoading): state.isLoading = isLoading
    case .setTitle(let title): state.title = title
    }
    return state
  }
}

/// A one-shot alert in state: `Pulse`'s page.
@MainActor
private final class NoticeReactor: Reactor {
  enum Action: Sendable { case save }
  struct State: Sendable { @Pulse var alert: String? }

  let initialState = State()
  let runtime = Runtime()

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    state.alert = "Saved"
    return state
  }
}

/// Stand-ins for a UI toolkit's controls.
@MainActor
private final class TextLabel { var text: String? }

@MainActor
private final class Spinner { var isHidden = true }

@MainActor
private final class TextInput { var onEditingChanged: @MainActor (String) -> Void = { _ in } }

@MainActor
final class TapButton {
  var onTap: @MainActor () -> Void = {}
  func tap() { onTap() }
}

/// A screen bound by hand, in the manner of a view controller.
@MainActor
private final class NameTagScreen {
  typealias Action = NameTagReactor.Action

  let nameLabel = TextLabel()
  let spinner = Spinner()
  let textField = TextInput()
  var title = ""
  var token: ObservationToken?
  let bag = ObservationBag()
  private(set) var alerts: [String?] = []

  /// Shows the reactor's name and spinner once, then ends both observations.
  func showOnce(_ reactor: NameTagReactor) {
    let bag = ObservationBag()
    reactor.observe(\.name) { [weak self] in self?.nameLabel.text = $0 }.store(in: bag)
    reactor.observe(\.isLoading) { [weak self] in self?.spinner.isHidden = !$0 }.store(in: bag)
    bag.cancelAll()  // both observations end; or simply release the bag
  }

  func bindTitle(_ reactor: NameTagReactor) {
    reactor.observe(\.title) { [weak self] in self?.title = $0 }.store(in: bag)
  }

  func bindSpinner(_ reactor: NameTagReactor) {
    token = reactor.observe(\.isLoading) { [weak self] in self?.spinner.isHidden = !$0 }
  }

  func bindField(_ reactor: NameTagReactor) {
    let name = reactor.binding(\.name, send: Action.setName)
    textField.onEditingChanged = { name.value = $0 }
  }

  func bindAlerts(_ reactor: NoticeReactor) {
    func show(_ message: String?) { alerts.append(message) }
    // reduce: state.alert = "Saved"   (assigning "Saved" again notifies again)
    token = reactor.observe(pulse: \.$alert) { message in show(message) }
  }
}

/// A counter's line on a terminal, with a plus button: `ReactorStub`'s page.
@MainActor
final class CounterLine: ReactorView {
  let reactorStorage = ReactorViewStorage<CounterViewReactor>()
  let plusButton = TapButton()
  private(set) var text = ""

  func bind(reactor: CounterViewReactor) {
    reactor.observe(\.value) { [weak self] in self?.text = "\($0)" }.store(in: bag)
    plusButton.onTap = { [weak reactor] in reactor?.send(.increase) }
  }
}

/// Every default of `Reactor`, written in a base class.
@MainActor
private class DefaultsBaseReactor: Reactor {
  enum Action: Sendable, Equatable { case add(Int) }
  typealias Mutation = Action
  struct State: Equatable, Sendable { var total = 0 }

  let initialState = State()
  let runtime = Runtime()

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    if case .add(let amount) = mutation { state.total += amount }
    return state
  }

  func mutate(action: Action) -> Effect<Mutation> { .send(action) }  // when Mutation == Action
  func transform(action: Action) -> Effect<Action> { .send(transform(action: action)) }
  func transform(action: Action) -> Action { action }
  func transform(mutation: Mutation) -> Mutation { mutation }
  func transform(state: State) -> State { state }
  func recover(from error: any Error) -> Mutation? {
    runtime.reportUnhandledError(error)
    return nil
  }
  func externalActions() -> Effect<Action> { .none }
  func externalMutations() -> Effect<Mutation> { .none }
}

/// A subclass that customizes one default that the base class declares.
@MainActor
private final class DoublingReactor: DefaultsBaseReactor {
  override func transform(action: Action) -> Action {
    if case .add(let amount) = action { return .add(amount * 2) }
    return action
  }
}

/// A refresh that is ignored while loading, and an autosave that waits a second:
/// `transform(action:)`'s page.
@MainActor
private final class RefreshingReactor: Reactor {
  enum Action: Sendable { case refresh, autosave, finishLoading }
  struct State: Equatable, Sendable {
    var isLoading = false
    var refreshes = 0
    var saves = 0
  }

  let initialState = State()
  let runtime = Runtime()
  private let clock: any Clock<Duration>

  init(clock: any Clock<Duration>) {
    self.clock = clock
  }

  func transform(action: Action) -> Effect<Action> {
    switch action {
    case .refresh where currentState.isLoading: return .none  // ignore taps while loading
    case .autosave: return Effect.send(action).delay(for: .seconds(1), clock: clock)
    default: return .send(action)
    }
  }

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    switch mutation {
    case .refresh:
      state.isLoading = true
      state.refreshes += 1
    case .autosave: state.saves += 1
    case .finishLoading: state.isLoading = false
    }
    return state
  }
}

/// A search that ignores case: the one-to-one `transform(action:)`.
@MainActor
private final class LowercasingReactor: Reactor {
  enum Action: Sendable, Equatable { case search(String), clear }
  struct State: Equatable, Sendable { var query = "" }

  let initialState = State()
  let runtime = Runtime()

  func transform(action: Action) -> Action {
    if case .search(let query) = action { return .search(query.lowercased()) }
    return action
  }

  func reduce(state: State, mutation: Action) -> State {
    switch mutation {
    case .search(let query): State(query: query)
    case .clear: State()
    }
  }
}

/// The signed-in user, published to every reactor that shows it.
private final class UserSession: Sendable {
  let changes = EventBus<String>()
  var userChanges: AsyncStream<String> { changes.events }
}

@MainActor
private final class GreetingBannerReactor: Reactor {
  enum Action: Sendable { case userChanged(String) }
  struct State: Equatable, Sendable { var user = "" }

  let initialState = State()
  let runtime = Runtime()
  private let session: UserSession

  init(session: UserSession) {
    self.session = session
  }

  func externalActions() -> Effect<Action> {
    .sequence(session.userChanges.map { Action.userChanged($0) })
  }

  func reduce(state: State, mutation: Action) -> State {
    switch mutation {
    case .userChanged(let user): State(user: user)
    }
  }
}

/// A change to a to-do, which every screen that shows to-dos applies.
enum TodoChange: Sendable, Equatable { case renamed(Int, String) }

final class TodoStore: Sendable {
  let changes = EventBus<TodoChange>()
  func rename(_ id: Int, to title: String) { changes.post(.renamed(id, title)) }
}

@MainActor
private final class TodoTitlesReactor: Reactor {
  enum Action: Sendable { case refresh }
  enum Mutation: Sendable { case apply(TodoChange) }
  struct State: Equatable, Sendable { var titles: [Int: String] = [:] }

  let initialState = State()
  let runtime = Runtime()
  private let service: TodoStore

  init(service: TodoStore) {
    self.service = service
  }

  func mutate(action: Action) -> Effect<Mutation> { .none }

  func externalMutations() -> Effect<Mutation> {
    .sequence(service.changes.events.map { Mutation.apply($0) })
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .apply(.renamed(let id, let title)): state.titles[id] = title
    }
    return state
  }
}

/// What a screen renders of each state, for `Reactor.state`.
@MainActor
private final class StateFollower {
  private(set) var rendered: [Int] = []

  func render(_ state: CounterViewReactor.State) { rendered.append(state.value) }

  func follow(_ reactor: CounterViewReactor) async {
    for await state in reactor.state { render(state) }
  }
}

// MARK: - Composition

@MainActor
final class CompositionSymbolSnippetTests: XCTestCase {
  // Children
  func test_children_appendSendAndRemove() async {
    let list = TaskListReactor()

    let cells = list.appendToggleAndRemoveMilk()

    XCTAssertTrue(cells.isEmpty)
    XCTAssertTrue(list.currentState.cells.isEmpty, "adopting a child does not put it in a state")
  }

  // ChildStack
  func test_childStack_pushPopAndPopTo() async {
    let stack = CellStackReactor()

    stack.send(.push("Milk"))
    stack.send(.push("Eggs"))
    stack.send(.push("Tea"))
    stack.send(.pop)
    XCTAssertEqual(stack.currentState.path.map { $0.currentState.title }, ["Milk", "Eggs"])
    stack.send(.popTo(1))

    XCTAssertEqual(stack.currentState.path.map { $0.currentState.title }, ["Milk"])
  }

  // OutputReactor and Reactor.actions
  func test_draft_announcesSaveAndCancel_andItsActionsFilterTheCancels() async {
    let parent = LowercasingReactor()
    let draft = parent.adopt(DraftReactor()) { output in
      switch output {
      case .didSave(let text): .search("saved \(text)")
      case .didCancel: .clear
      }
    }
    let cancels = draft.reactor.cancelActions()

    draft.send(.save)
    XCTAssertEqual(parent.currentState.query, "saved ")
    draft.send(.cancel)
    XCTAssertEqual(parent.currentState.query, "")

    let first = await bounded("the first cancel") { () -> DraftReactor.Action? in
      for await action in cancels { return action }
      return nil
    }
    XCTAssertEqual(first ?? nil, .cancel)
  }

  // IdentityEquatable
  func test_identityEquatable_comparesTheDetailByInstance() async {
    let pane = DetailPaneReactor()
    let other = DetailPaneReactor()
    pane.send(.select)

    XCTAssertEqual(DetailState(detail: pane), DetailState(detail: pane))
    XCTAssertNotEqual(
      DetailState(detail: pane), DetailState(detail: other), "equal states, not the same reactor")
  }
}

// MARK: - Effects

@MainActor
final class EffectSymbolSnippetTests: XCTestCase {
  // Effect
  func test_mutate_incrementsAtOnceAndLoadsPeople() async {
    let reactor = PeopleCounterReactor(client: RosterClientStub())

    reactor.send(.increment)
    XCTAssertEqual(reactor.currentState.value, 1)
    let task = reactor.send(.load(2))
    XCTAssertTrue(reactor.currentState.isLoading, "prepended, so reduced before send returns")
    await bounded("the load finishes") { await task.finish() }

    XCTAssertEqual(reactor.currentState.people, ["person 1", "person 2"])
    XCTAssertFalse(reactor.currentState.isLoading)
  }

  // Effect.finally(_:)
  func test_finally_clearsTheFlagAfterThePage() async {
    let reactor = PagedFeedReactor(client: RosterClientStub())

    let task = reactor.send(.loadNextPage)
    XCTAssertTrue(reactor.currentState.isLoadingNextPage)
    await bounded("the page loads") { await task.finish() }

    XCTAssertEqual(reactor.currentState.pages, [["page 1"]])
    XCTAssertFalse(reactor.currentState.isLoadingNextPage)
  }

  // StateReader
  func test_runReading_readsTheNextPageWhenItRuns() async {
    let reactor = PagedFeedReactor(client: RosterClientStub())

    await bounded("two pages load") {
      await reactor.send(.readNextPage).finish()
      await reactor.send(.readNextPage).finish()
    }

    XCTAssertEqual(reactor.currentState.pages, [["page 1"], ["page 2"]])
  }

  // EffectID and ReactorTask
  func test_searchAndLoad_endOrAreCancelledThroughTheirTask() async {
    let reactor = PagedFeedReactor(client: RosterClientStub())

    await bounded("the load finishes") {
      await reactor.send(.load(100)).finish()  // in a test, or a pull-to-refresh
      let task = reactor.send(.search("swift"))
      task.cancel()
    }

    XCTAssertEqual(reactor.currentState.people.count, 100)
    XCTAssertFalse(reactor.currentState.isLoading)
    await bounded("a second search finishes") { await reactor.send(.search("ui")).finish() }
    XCTAssertEqual(reactor.currentState.results, ["ui!"])
  }

  // EventBus
  func test_eventBus_reachesTheReactorsExternalMutations() async {
    let store = TodoStore()
    let reactor = TodoTitlesReactor(service: store)
    XCTAssertEqual(reactor.currentState.titles, [:], "reading the state starts the reactor")
    await bounded("the reactor subscribes") {
      while store.changes.subscriberCount == 0 { await Task.yield() }
    }

    let renamed = expectation(for: reactor) { $0.titles[1] == "Milk" }
    store.rename(1, to: "Milk")

    await fulfillment(of: [renamed], timeout: 5)
  }
}

// MARK: - Reactor and its definition

@MainActor
final class ReactorSymbolSnippetTests: XCTestCase {
  // Reactor: the defaults, written in a base class
  func test_defaults_inABaseClass_letASubclassOverrideOne() async {
    let base = DefaultsBaseReactor()
    let doubling = DoublingReactor()

    base.send(.add(2))
    doubling.send(.add(2))

    XCTAssertEqual(base.currentState.total, 2)
    XCTAssertEqual(doubling.currentState.total, 4)
  }

  // ReactorDefinition.transform(action:) -> Effect<Action>
  func test_transform_ignoresRefreshWhileLoading_andDelaysAutosave() async {
    let clock = TestClock()
    let reactor = RefreshingReactor(clock: clock)

    reactor.send(.refresh)
    reactor.send(.refresh)
    reactor.send(.autosave)
    XCTAssertEqual(reactor.currentState.refreshes, 1)
    XCTAssertEqual(reactor.currentState.saves, 0)
    await clock.advance(by: .seconds(1))

    XCTAssertEqual(reactor.currentState.saves, 1)
  }

  // ReactorDefinition.transform(action:) -> Action
  func test_transform_lowercasesTheQuery() async {
    let reactor = LowercasingReactor()

    reactor.send(.search("SwiftUI"))

    XCTAssertEqual(reactor.currentState.query, "swiftui")
  }

  // ReactorDefinition.externalActions()
  func test_externalActions_bringTheSessionsUser() async {
    let session = UserSession()
    let reactor = GreetingBannerReactor(session: session)
    XCTAssertEqual(reactor.currentState.user, "")
    await bounded("the reactor subscribes") {
      while session.changes.subscriberCount == 0 { await Task.yield() }
    }

    let changed = expectation(for: reactor) { $0.user == "ada" }
    session.changes.post("ada")

    await fulfillment(of: [changed], timeout: 5)
  }
}

// MARK: - Observation and views

@MainActor
final class ObservationSymbolSnippetTests: XCTestCase {
  // ObservationBag
  func test_bag_showsOnceThenEndsBothObservations() async {
    let reactor = NameTagReactor()
    let screen = NameTagScreen()

    screen.showOnce(reactor)
    reactor.send(.setName("Ada"))

    XCTAssertEqual(screen.nameLabel.text, "Grace", "the bag ended the observation")
    XCTAssertTrue(screen.spinner.isHidden)
  }

  // ObservationToken.store(in:) and ObservationToken
  func test_storedAndKeptTokens_followTheState() async {
    let reactor = NameTagReactor()
    let screen = NameTagScreen()

    screen.bindTitle(reactor)
    screen.bindSpinner(reactor)
    reactor.send(.setTitle("Settings"))
    reactor.send(.setLoading(true))

    XCTAssertEqual(screen.title, "Settings")
    XCTAssertFalse(screen.spinner.isHidden)
  }

  // Reactor.binding(_:send:)
  func test_binding_sendsTheFieldsText() async {
    let reactor = NameTagReactor()
    let screen = NameTagScreen()

    screen.bindField(reactor)
    screen.textField.onEditingChanged("Ada")

    XCTAssertEqual(reactor.currentState.name, "Ada")
  }

  // ReactorBinding
  func test_reactorBinding_writesSendAndReadsTheState() async {
    typealias Action = NameTagReactor.Action
    let model = ObservedReactor(NameTagReactor())

    let name = model.binding(\.name, send: Action.setName)
    name.value = "Ada"  // sends .setName("Ada") before returning
    XCTAssertEqual(name.value, "Ada")  // if the reactor applied it
  }

  // Pulse
  func test_pulse_notifiesEveryAssignment() async {
    let reactor = NoticeReactor()
    let screen = NameTagScreen()

    screen.bindAlerts(reactor)
    reactor.send(.save)
    reactor.send(.save)

    XCTAssertEqual(screen.alerts, ["Saved", "Saved"])
  }

  // Reactor.state
  func test_state_isEachStateInOrder() async {
    let reactor = CounterViewReactor()
    let follower = StateFollower()
    let following = Task { await follower.follow(reactor) }
    await bounded("the current state") { while follower.rendered.isEmpty { await Task.yield() } }

    reactor.send(.increase)
    await bounded("the next state") { while follower.rendered.count < 2 { await Task.yield() } }
    following.cancel()
    await bounded("the loop ends") { await following.value }

    XCTAssertEqual(follower.rendered, [0, 1])
  }

  // ReactorStub: a preview
  func test_stubWithScript_showsTheCountItKeeps() async {
    let stub = ReactorStub(CounterViewReactor()) { action, state in
      if action == .increase { state.value += 1 }
    }
    let line = CounterLine()
    line.reactor = stub.reactor

    line.plusButton.tap()
    line.plusButton.tap()

    XCTAssertEqual(line.text, "2")
    XCTAssertEqual(stub.actions, [.increase, .increase])
  }

  // ReactorStub: a view test
  func test_stub_checksWhatTheViewSendsAndShows() async {
    let reactor = CounterViewReactor()
    let stub = ReactorStub(reactor)
    let line = CounterLine()
    line.reactor = reactor

    line.plusButton.tap()
    XCTAssertEqual(stub.actions, [.increase])  // the view sent the right action

    stub.state.value = 7
    XCTAssertEqual(line.text, "7")  // the view shows the state
  }
}

// MARK: - Inspection

@MainActor
final class InspectionSymbolSnippetTests: XCTestCase {
  // ReactorInspector
  func test_processWideInspector_seesAReactorThatStartsAfterIt() async {
    final class Printer: ReactorInspector {
      func receive<Action, Mutation, State>(
        _ event: ReactorEvent<Action, Mutation, State>, from reactor: InspectedReactor
      ) {
        print(reactor.name, event)
      }
    }
    let token = ReactorInspection.attach(Printer())

    let reactor = CounterViewReactor()
    reactor.send(.increase)
    token.cancel()
    XCTAssertEqual(reactor.currentState.value, 1)
  }

  // Reactor.inspect(_:)
  func test_inspect_seesAFailedEffect() async {
    let reactor = PeopleCounterReactor(client: RosterClientStub())
    var failures = 0

    let token = reactor.inspect { event in
      if case .effectEnded(let effect, .failed(let error)) = event {
        print("\(effect) failed: \(error)")
      }
    }
    let counting = reactor.inspect { event in
      if case .effectEnded(_, .failed) = event { failures += 1 }
    }
    await bounded("the load finishes") { await reactor.send(.load(1)).finish() }

    XCTAssertEqual(failures, 0, "the stub's load does not fail")
    XCTAssertEqual(reactor.currentState.people, ["person 1"])
    token.cancel()
    counting.cancel()
  }
}
