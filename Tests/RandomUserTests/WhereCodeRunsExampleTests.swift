import RandomUserCore
import ReactorFlow
import XCTest

/// The `mutate(action:)` excerpt of ReactorFlow's "Where code runs" article (a load whose fetch and
/// grouping run off the main actor), verbatim in a reactor, and run.
@MainActor
final class WhereCodeRunsExampleTests: XCTestCase {
  func test_load_fetchesAndGroupsThePeople() async {
    // given
    let reactor = WhereCodeRunsReactor(client: WhereCodeRunsClient())

    // when
    await bounded("reactor.send(.load(30)) finishes") { await reactor.send(.load(30)).finish() }

    // then
    XCTAssertEqual(reactor.currentState.sections.reduce(0) { $0 + $1.people.count }, 30)
  }
}

/// The article's client: people by count, here the offline ones.
struct WhereCodeRunsClient: Sendable {
  func fetchPeople(count: Int) async throws -> [Person] {
    try await OfflinePeopleClient().fetchPeople(count: count, seed: nil)
  }
}

@MainActor
final class WhereCodeRunsReactor: Reactor {
  enum Action: Sendable { case load(Int) }
  enum Mutation: Sendable { case setSections([PersonSection]) }
  struct State: Equatable, Sendable { var sections: [PersonSection] = [] }

  let initialState = State()
  let runtime = Runtime()
  private let client: WhereCodeRunsClient

  init(client: WhereCodeRunsClient) {
    self.client = client
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .load(let count):
      return .run { [client] send in
        let people = try await client.fetchPeople(count: count)  // off the main actor
        await send(.setSections(PersonSection.grouping(people)))  // grouped off it, reduced on it
      }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setSections(let sections): state.sections = sections
    }
    return state
  }
}
