import Foundation
import ReactorFlow
import ReactorFlowTesting
import XCTest

// The snippets of Sources/ReactorFlow/ReactorFlow.docc/SharedState.md and Persistence.md,
// compiled here and checked to do what the articles say.

// MARK: - Article: Shared state

@MainActor
final class CartBadgeReactor: Reactor {
  enum Action: Sendable { case clear }
  enum Mutation: Sendable, Equatable { case setCount(Int) }
  struct State: Equatable, Sendable { var count: Int }

  let runtime = Runtime()
  private let cart: SharedValue<[String]>

  init(cart: SharedValue<[String]>) { self.cart = cart }

  var initialState: State { State(count: cart.value.count) }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .clear: cart.set([])
    }
    return .none
  }

  func externalMutations() -> Effect<Mutation> {
    cart.changes { .setCount($0.count) }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    switch mutation {
    case .setCount(let count): State(count: count)
    }
  }
}

@MainActor
final class SharedStateArticleTests: XCTestCase {
  func test_overview_aChange_isReducedWhenUpdateReturns() async {
    let cart = SharedValue<[String]>([])
    let badge = CartBadgeReactor(cart: cart)
    cart.update { $0.append("tea") }

    XCTAssertEqual(badge.currentState.count, 1)
  }

  func test_testing_aChangeMadeElsewhere_isReceivedExhaustively() async {
    let cart = SharedValue(["tea"])
    let tester = ReactorTester(CartBadgeReactor(cart: cart))
    cart.update { $0.append("milk") }
    await tester.receive(.setCount(2)) { $0.count = 2 }
    await tester.send(.clear) { $0.count = 0 }
    await tester.finish()

    XCTAssertEqual(cart.value, [])
  }

  // MARK: - Article: Persistence

  private func temporaryPath() throws -> String {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("PersistenceArticle-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
    return directory.appendingPathComponent("cart.json").path
  }

  func test_persistence_overviewAndFlush_writeTheCartOnce() async throws {
    let path = try temporaryPath()
    let cart = FilePersistence(
      FileStorage<[String]>(path: path), default: [], clock: ContinuousClock()
    ) { error in print("warning: \(error)") }
    let badge = CartBadgeReactor(cart: cart.shared)

    cart.shared.update { $0.append("tea") }
    await cart.flush()

    XCTAssertEqual(badge.currentState.count, 1)
    XCTAssertEqual(cart.writeCount, 1)
    XCTAssertEqual(FileStorage<[String]>(path: path).load(default: []).value, ["tea"])
  }

  func test_persistence_testing_thousandChangesAreOneWrite() async throws {
    let path = try temporaryPath()
    let clock = TestClock()
    let cart = FilePersistence(
      FileStorage<[String]>(path: path), default: [], clock: clock, delay: .seconds(1)
    ) { error in XCTFail("\(error)") }
    for number in 1...1_000 { cart.shared.update { $0.append("item \(number)") } }
    await clock.advance(by: .seconds(1))
    XCTAssertEqual(cart.writeCount, 1)

    XCTAssertEqual(FileStorage<[String]>(path: path).load(default: []).value.count, 1_000)
  }

  // MARK: - Article: Persistence, choosing a storage

  func test_keyValueStorage_userDefaults_roundTrip() async {
    // given: the key the article uses, as it was, put back afterwards
    let before = UserDefaults.standard.data(forKey: "cart")
    UserDefaults.standard.removeObject(forKey: "cart")
    defer {
      if let before {
        UserDefaults.standard.set(before, forKey: "cart")
      } else {
        UserDefaults.standard.removeObject(forKey: "cart")
      }
    }

    // when
    let cart = StoragePersistence(
      KeyValueStorage<[String]>(
        key: "cart",
        read: { UserDefaults.standard.data(forKey: $0) },
        write: { UserDefaults.standard.set($1, forKey: $0) }),
      default: [], clock: ContinuousClock()
    ) { error in print("warning: \(error)") }
    cart.shared.update { $0.append("tea") }
    await cart.flush()

    // then
    XCTAssertFalse(cart.hasUnsavedChanges)
    XCTAssertEqual(
      UserDefaults.standard.data(forKey: "cart").map { String(decoding: $0, as: UTF8.self) },
      #"{"format":1,"value":["tea"]}"#)
    XCTAssertEqual(cart.storage.load(default: []).value, ["tea"])
  }

  func test_memoryStorage_preview_givesTheReactorItsValue() async {
    let preview = StoragePersistence(
      MemoryStorage<[String]>(["tea", "milk"]), default: [], clock: ContinuousClock()
    ) { _ in }
    let badge = CartBadgeReactor(cart: preview.shared)

    XCTAssertEqual(badge.currentState.count, 2)
    XCTAssertEqual(preview.storage.saves, [])
  }
}
