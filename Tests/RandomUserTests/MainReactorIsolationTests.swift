import Foundation
import RandomUserCore
import ReactorFlow
import XCTest

/// A client that notes where it was called from: the load's fetch, its decoding and the grouping
/// that follows belong off the main actor, in the effect's body, as the README says.
private final class WhereClient: PeopleClient {
  private let calledOnMain = LockedFlag()

  var wasCalledOnMain: Bool? { calledOnMain.value }

  func fetchPeople(count: Int, seed: String?) async throws -> [Person] {
    calledOnMain.set(Thread.isMainThread)
    return try await OfflinePeopleClient().fetchPeople(count: count, seed: seed)
  }
}

/// One `Bool?` behind a lock, written by the client from any thread.
private final class LockedFlag: Sendable {
  private let storage = NSLock()
  nonisolated(unsafe) private var stored: Bool?  // `storage` guards every access.

  var value: Bool? {
    storage.lock()
    defer { storage.unlock() }
    return stored
  }

  func set(_ value: Bool) {
    storage.lock()
    defer { storage.unlock() }
    stored = value
  }
}

@MainActor
final class MainReactorIsolationTests: XCTestCase {
  func test_load_fetchesOffTheMainActor_andReducesTheGroupedSections() async {
    // given
    let client = WhereClient()
    let reactor = MainReactor(client: client, seed: "seed-article")

    // when
    await bounded("reactor.send(.load(100)) finishes") { await reactor.send(.load(100)).finish() }

    // then
    XCTAssertEqual(client.wasCalledOnMain, false)
    XCTAssertEqual(reactor.currentState.shownSections.flatMap(\.people).count, 100)
  }
}
