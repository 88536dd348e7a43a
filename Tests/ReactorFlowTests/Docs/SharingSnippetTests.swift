import Foundation
import ReactorFlow
import XCTest

// The snippets of SharedValue's, FileStorage's and FilePersistence's doc comments, verbatim.

@MainActor
final class CartSizeReactor: Reactor {
  enum Mutation: Sendable { case setCount(Int) }
  struct State: Equatable, Sendable { var count: Int }

  let runtime = Runtime()
  private let cart: SharedValue<[String]>

  init(cart: SharedValue<[String]>) { self.cart = cart }

  var initialState: State { State(count: cart.value.count) }

  func externalMutations() -> Effect<Mutation> {
    cart.changes { .setCount($0.count) }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    switch mutation {
    case .setCount(let count): State(count: count)
    }
  }
}

/// A reactor that mirrors the shared favourites, for FilePersistence's snippet.
@MainActor
private final class PeopleReactor: Reactor {
  enum Mutation: Sendable { case setFavourites(Set<Int>) }
  struct State: Equatable, Sendable { var favourites: Set<Int> }

  let runtime = Runtime()
  let favourites: SharedValue<Set<Int>>

  init(favourites: SharedValue<Set<Int>>) { self.favourites = favourites }

  var initialState: State { State(favourites: favourites.value) }

  func externalMutations() -> Effect<Mutation> {
    favourites.changes { .setFavourites($0) }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    switch mutation {
    case .setFavourites(let favourites): State(favourites: favourites)
    }
  }
}

@MainActor
final class SharingSnippetTests: XCTestCase {
  private func temporaryPath() -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("sharing-snippet-\(UUID().uuidString).json").path
  }

  func test_sharedValueSnippet_theBadgeCountsEveryChange() async {
    // given
    let cart = SharedValue(["tea"])
    let badge = CartSizeReactor(cart: cart)
    XCTAssertEqual(badge.currentState.count, 1)

    // when
    cart.update { $0.append("milk") }

    // then
    XCTAssertEqual(badge.currentState.count, 2)
  }

  func test_fileStorageSnippet_loadsWhatItSaved() async throws {
    let path = temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let storage = FileStorage<[Int]>(path: path)
    try storage.save([3, 7])
    let (favourites, error) = storage.load(default: [])

    XCTAssertEqual(favourites, [3, 7])
    XCTAssertNil(error)
  }

  func test_filePersistenceSnippet_flushWritesTheLatestChange() async {
    let path = temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let favourites = FilePersistence(
      FileStorage<Set<Int>>(path: path), default: [], clock: ContinuousClock()
    ) { error in print("warning: \(error)") }
    let reactor = PeopleReactor(favourites: favourites.shared)
    // ...
    await favourites.flush()

    XCTAssertEqual(favourites.writeCount, 0, "nothing changed, so nothing is written")
    favourites.shared.set([4, 2])
    XCTAssertEqual(reactor.currentState.favourites, [4, 2])
    await favourites.flush()
    XCTAssertEqual(FileStorage<Set<Int>>(path: path).load(default: []).value, [4, 2])
    XCTAssertEqual(favourites.writeCount, 1)
  }
}
