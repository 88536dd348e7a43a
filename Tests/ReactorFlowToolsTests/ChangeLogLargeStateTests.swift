import ReactorFlow
import XCTest

@testable import ReactorFlowTools

/// A state may hold a collection of a hundred thousand elements: the change log describes a
/// change to it in a few lines, never an outline of its elements.
@MainActor
final class ChangeLogLargeStateTests: XCTestCase {
  func test_logChanges_oneElementOfALargeArrayAndTheTotal_writesTheElementByItsIndex() async {
    // given
    let reactor = LargeListReactor()
    var lines: [String] = []
    let token = reactor.logChanges { lines.append($0) }

    // when
    reactor.send(.add(3, at: 42))
    reactor.send(.add(4, at: 99_999))
    token.cancel()

    // then
    XCTAssertEqual(
      lines,
      [
        "[LargeListReactor] action add(3, at: 42)",
        "[LargeListReactor]   mutation add(3, at: 42)",
        "[LargeListReactor]       items[42]: 0 → 3",
        "[LargeListReactor]       total: 0 → 3",
        "[LargeListReactor] action add(4, at: 99999)",
        "[LargeListReactor]   mutation add(4, at: 99999)",
        "[LargeListReactor]       items[99999]: 0 → 4",
        "[LargeListReactor]       total: 3 → 7",
      ])
  }

  func test_logChanges_manyElementsOfALargeArray_writesAFewThenCountsTheRest() async {
    // given
    let reactor = LargeListReactor()
    var lines: [String] = []
    let token = reactor.logChanges { lines.append($0) }

    // when: every tenth element of the first thousand
    reactor.send(.addToEveryTenth(1))
    token.cancel()

    // then
    XCTAssertEqual(
      lines.dropFirst(2),
      [
        "[LargeListReactor]       items[0]: 0 → 1",
        "[LargeListReactor]       items[10]: 0 → 1",
        "[LargeListReactor]       items[20]: 0 → 1",
        "[LargeListReactor]       items[30]: 0 → 1",
        "[LargeListReactor]       items[40]: 0 → 1",
        "[LargeListReactor]     … and 95 more changed elements in items",
        "[LargeListReactor]       total: 0 → 100",
      ])
  }

  func test_logChanges_largeArrayOfAnotherCount_writesTheCounts() async {
    // given
    let reactor = LargeListReactor()
    var lines: [String] = []
    let token = reactor.logChanges { lines.append($0) }

    // when
    reactor.send(.append(5))
    token.cancel()

    // then
    XCTAssertEqual(
      lines.dropFirst(2),
      [
        "[LargeListReactor]       items: 100000 elements → 100001 elements",
        "[LargeListReactor]       total: 0 → 5",
      ])
  }

  func test_logChanges_largeCollectionsInANestedFieldAndASet_areSummarized() async {
    // given: a state the log cannot read by its bytes (an existential field), whose nested array
    // and set are large
    let reactor = LargeNestedReactor()
    var lines: [String] = []
    let token = reactor.logChanges { lines.append($0) }

    // when
    reactor.send(7)
    token.cancel()

    // then
    XCTAssertEqual(
      lines.dropFirst(2),
      [
        "[LargeNestedReactor]       model.items[7]: 0 → 1",
        "[LargeNestedReactor]       tags: 1000 elements → 1001 elements",
      ])
  }
}

/// A hundred thousand numbers and their total.
@MainActor
private final class LargeListReactor: Reactor {
  enum Action: Sendable {
    case add(Int, at: Int)
    case addToEveryTenth(Int)
    case append(Int)
  }

  struct State: Sendable {
    var items = [Int](repeating: 0, count: 100_000)
    var total = 0
  }

  let initialState = State()
  let runtime = Runtime()

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    switch mutation {
    case .add(let amount, let index):
      state.items[index] += amount
      state.total += amount
    case .addToEveryTenth(let amount):
      for index in stride(from: 0, to: 1000, by: 10) { state.items[index] += amount }
      state.total += amount * 100
    case .append(let value):
      state.items.append(value)
      state.total += value
    }
    return state
  }
}

private struct LargeModel: Sendable {
  var items = [Int](repeating: 0, count: 100_000)
}

/// A large array in a nested struct and a large set, beside an existential field.
@MainActor
private final class LargeNestedReactor: Reactor {
  typealias Action = Int

  struct State: Sendable {
    var tag: any Sendable = "tag"
    var model = LargeModel()
    var tags = Set(0..<1000)
  }

  let initialState = State()
  let runtime = Runtime()

  func reduce(state: State, mutation: Int) -> State {
    var state = state
    state.model.items[mutation] += 1
    state.tags.insert(-mutation)
    return state
  }
}
