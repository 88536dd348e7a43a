import Foundation
import ReactorFlowTesting
import XCTest

@testable import Feature

@MainActor
final class ShelfTests: XCTestCase {
  func test_shelf_loadsThenAFailedReloadKeepsTheTitles() async {
    let answers = LockedAnswers([["Emma", "Persuasion"]])
    let tester = ReactorTester(ShelfReactor { try answers.next() })
    await tester.send(.load) { $0.titles = .loading(previous: nil) }
    await tester.receive(.setTitles(["Emma", "Persuasion"])) { $0.titles = .loaded(["Emma", "Persuasion"]) }
    await tester.send(.load) { $0.titles = .loading(previous: ["Emma", "Persuasion"]) }
    await tester.receive(.setError(DescribedError(description: "Offline()"))) {
      $0.titles = .failed(DescribedError(description: "Offline()"), previous: ["Emma", "Persuasion"])
    }
    await tester.finish()
    XCTAssertEqual(tester.state.titles.value, ["Emma", "Persuasion"])
    XCTAssertEqual(tester.state.titles.map(\.count).value, 2)
  }

  func test_shelf_aRouteOpensEveryBookInOneStateOrNothing() async {
    let shelf = ShelfReactor { ["Emma", "Persuasion"] }
    await shelf.send(.load).finish()
    var published = 0
    let token = shelf.observe(\.path) { _ in published += 1 }
    shelf.send(.open(route: ["Emma", "Persuasion"]))
    XCTAssertEqual(published, 2)
    shelf.send(.open(route: ["Emma", "Dracula"]))
    token.cancel()
    XCTAssertEqual(published, 2, "an invalid route changes no screen")
    XCTAssertEqual(shelf.currentState.path.map { $0.currentState.title }, ["Emma", "Persuasion"])
    XCTAssertEqual(
      shelf.currentState.routeError?.description,
      "cannot open Dracula (step 2 of the route): no book Dracula")
    shelf.currentState.path[1].send(.close)
    XCTAssertEqual(shelf.currentState.path.count, 1)
  }
}

/// The service's answers, in order; then it is offline.
private final class LockedAnswers: @unchecked Sendable {
  // `@unchecked Sendable`: `lock` protects `answers`.
  private let lock = NSLock()
  private var answers: [[String]]

  init(_ answers: [[String]]) {
    self.answers = answers
  }

  func next() throws -> [String] {
    lock.lock()
    defer { lock.unlock() }
    guard !answers.isEmpty else { throw Offline() }
    return answers.removeFirst()
  }

  private struct Offline: Error {}
}
