import RandomUserCore
import ReactorFlow
import ReactorFlowTestSupport
import XCTest

/// Failures, retry and cancellation of `MainReactor.load`, with the generated `PeopleClientMock`,
/// and a scripted client where a test awaits the start of a call.
@MainActor
final class MainReactorLoadingTests: XCTestCase {
  func test_load_clientFails_setsErrorAndKeepsPreviousSections() async throws {
    // given: a first load answered, then the server fails
    let client = PeopleClientMock()
    client.fetchPeopleSpy.returns(.success(try await OfflinePeopleClient().fetchPeople(count: 40, seed: nil)))
    let reactor = MainReactor(client: client)
    await bounded("load(40) finishes") { await reactor.send(.load(40)).finish() }
    let before = reactor.currentState.shownSections
    client.fetchPeopleSpy.returns(.failure(PeopleClientError.httpStatus(503)))

    // when
    await bounded("load(50) finishes") { await reactor.send(.load(50)).finish() }

    // then
    XCTAssertEqual(reactor.currentState.shownSections, before)
    XCTAssertEqual(
      reactor.currentState.sections.error?.description, PeopleClientError.httpStatus(503).description)
    XCTAssertFalse(reactor.currentState.sections.isLoading)
    XCTAssertEqual(reactor.currentState.lastRequestedCount, 50)
  }

  func test_retry_afterFailure_repeatsLastLoadAndClearsError() async throws {
    // given: a load that failed
    let client = PeopleClientMock()
    client.fetchPeopleSpy.returns(.failure(PeopleClientError.transport("offline")))
    let reactor = MainReactor(client: client, seed: "retry")
    await bounded("load(25) finishes") { await reactor.send(.load(25)).finish() }
    XCTAssertNotNil(reactor.currentState.sections.error)
    client.fetchPeopleSpy.returns(
      .success(try await OfflinePeopleClient().fetchPeople(count: 25, seed: "retry")))

    // when
    await bounded("retry finishes") { await reactor.send(.retry).finish() }

    // then
    XCTAssertNil(reactor.currentState.sections.error)
    XCTAssertEqual(reactor.currentState.peopleCount, 25)
    XCTAssertEqual(client.fetchPeopleSpy.allArguments.map(\.count), [25, 25])
    XCTAssertEqual(client.fetchPeopleSpy.allArguments.map(\.seed), ["retry", "retry"])
  }

  func test_retry_beforeAnyLoad_doesNothing() async {
    // given
    let client = PeopleClientMock()
    let reactor = MainReactor(client: client)

    // when
    let task = reactor.send(.retry)

    // then
    XCTAssertFalse(task.hasEffects)
    XCTAssertEqual(reactor.currentState, MainReactor.State())
    XCTAssertFalse(client.fetchPeopleSpy.called)
  }

  func test_load_whileLoading_cancelsFirstAndLatestWins() async {
    // given: a first load that only ends when it is cancelled
    let client = ScriptedPeopleClient([.suspendUntilCancelled], then: .people)
    let reactor = MainReactor(client: client)
    let calls = BoundedIterator(client.calls)
    let first = reactor.send(.load(10))
    _ = await calls.next("the first fetch starts", in: self)

    // when
    let second = reactor.send(.load(20))
    await bounded("the first load ends, cancelled by the second") { await first.finish() }
    await bounded("the second load finishes") { await second.finish() }

    // then
    XCTAssertEqual(client.recordedCalls.map(\.count), [10, 20])
    XCTAssertEqual(reactor.currentState.peopleCount, 20)
    XCTAssertEqual(reactor.currentState.lastRequestedCount, 20)
    XCTAssertFalse(reactor.currentState.sections.isLoading)
    XCTAssertNil(reactor.currentState.sections.error)
  }

  func test_load_started_setsLoadingFlagSynchronously() async {
    // given: a fetch that never returns
    let client = PeopleClientMock()
    client.fetchPeopleSpy.neverReturns()
    let reactor = MainReactor(client: client)

    // when
    let task = reactor.send(.load(10))

    // then
    XCTAssertTrue(reactor.currentState.sections.isLoading)
    task.cancel()
    await bounded("the cancelled load ends") { await task.finish() }
  }

  func test_detailReactor_equality_isIdentity() async {
    // given
    let section = PersonSection(decade: 20, people: [])
    let first = DetailReactor(section: section)
    let second = DetailReactor(section: section)

    // then
    XCTAssertEqual(first, first)
    XCTAssertNotEqual(first, second)
  }
}
