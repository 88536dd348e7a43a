import ReactorFlow

// Clients whose requirements run on the main actor, as every client protocol does in an app
// module whose default isolation is the main actor: an effect that calls them hops onto the main
// actor and back, and each `await` of main-actor code inside them is one more hop.

/// A synchronous store on the main actor.
@MainActor
protocol TitleStore: Sendable {
  func titles() -> [String]
  func save(_ titles: [String])
}

/// An asynchronous source of identifiers on the main actor.
@MainActor
protocol IdentifierSource: Sendable {
  func next() async -> Int
}

/// A service that calls both clients: nested two deep, one of them synchronous.
@MainActor
protocol TitleService: Sendable {
  func create(title: String) async -> String
}

@MainActor
final class MemoryTitleStore: TitleStore {
  private var stored: [String] = []
  func titles() -> [String] { stored }
  func save(_ titles: [String]) { stored = titles }
}

@MainActor
final class CountingIdentifierSource: IdentifierSource {
  private var last = 0
  func next() async -> Int {
    last += 1
    return last
  }
}

@MainActor
struct LiveTitleService: TitleService {
  let store: any TitleStore
  let identifiers: any IdentifierSource
  /// How many identifiers one `create` asks for: each is a hop from the main actor to itself.
  var hops = 1

  func create(title: String) async -> String {
    var identifier = 0
    for _ in 0..<hops { identifier = await identifiers.next() }
    store.save(store.titles() + ["\(title)-\(identifier)"])
    return title
  }
}

/// RxTodo's task editor, reduced to its submit: the effect creates the task through the service,
/// then dismisses the screen.
final class TitleEditorReactor: Reactor {
  enum Action: Sendable { case submit }
  enum Mutation: Equatable, Sendable { case dismiss }
  struct State: Equatable, Sendable { var isDismissed = false }

  let initialState = State()
  let runtime = Runtime()
  let service: any TitleService

  init(service: any TitleService) {
    self.service = service
  }

  static func live(hops: Int = 1) -> TitleEditorReactor {
    TitleEditorReactor(
      service: LiveTitleService(
        store: MemoryTitleStore(), identifiers: CountingIdentifierSource(), hops: hops))
  }

  func mutate(action: Action) -> Effect<Mutation> {
    .run { [service] send in
      _ = await service.create(title: "task")
      await send(.dismiss)
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    state.isDismissed = true
    return state
  }
}
