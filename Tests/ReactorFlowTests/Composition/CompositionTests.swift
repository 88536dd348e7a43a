import ReactorFlow
import ReactorFlowTestSupport
import XCTest

/// Child reactors owned by state: their lifetime, their outputs, and navigation.
@MainActor
final class CompositionTests: XCTestCase {
  // MARK: - Lifetime follows the state

  func test_optionalChild_droppedByTheState_isReleasedAndItsEffectCancelled() async {
    // given: a detail with an effect that runs until it is cancelled
    let cancelled = Gate<Void>()
    let parent = ShelfReactor(makeRow: { ItemReactor(effectCancelled: cancelled) })
    parent.send(.showDetail)
    weak let detail = parent.currentState.detail?.reactor
    parent.currentState.detail?.send(.startForever)
    XCTAssertEqual(detail?.runtime.activeEffectCount, 1)

    // when
    parent.send(.hideDetail)

    // then
    XCTAssertNil(detail, "the state held the only reference to the detail")
    await cancelled.opened("the dropped detail's effect is cancelled", in: self)
  }

  func test_keyedChildren_removingOne_releasesOnlyThatOne() async {
    // given
    let cancelled = Gate<Void>()
    let parent = ShelfReactor(makeRow: { ItemReactor(effectCancelled: cancelled) })
    for id in 1...3 { parent.send(.add(id)) }
    weak let first = parent.currentState.rows[id: 1]?.reactor
    weak let second = parent.currentState.rows[id: 2]?.reactor
    weak let third = parent.currentState.rows[id: 3]?.reactor
    parent.currentState.rows[id: 2]?.send(.startForever)

    // when
    parent.send(.remove(2))

    // then
    XCTAssertNil(second)
    XCTAssertNotNil(first)
    XCTAssertNotNil(third)
    XCTAssertEqual(parent.currentState.rows.ids, [1, 3])
    XCTAssertEqual(
      parent.currentState.rows.map(\.reactor).map(ObjectIdentifier.init),
      [first, third].map { ObjectIdentifier($0!) })
    await cancelled.opened("the removed row's effect is cancelled", in: self)
  }

  func test_stack_popReleasesTheTopChild_andPopToReleasesEveryChildAbove() async {
    // given
    let parent = ShelfReactor()
    for _ in 1...3 { parent.send(.push) }
    weak let bottom = parent.currentState.path[0].reactor
    weak let middle = parent.currentState.path[1].reactor
    weak let top = parent.currentState.path.top?.reactor

    // when
    parent.send(.pop)

    // then
    XCTAssertNil(top)
    XCTAssertEqual(parent.currentState.path.count, 2)

    // when
    parent.send(.popTo(0))

    // then
    XCTAssertNil(middle)
    XCTAssertNil(bottom)
    XCTAssertTrue(parent.currentState.path.isEmpty)
  }

  func test_releasingTheParent_releasesEveryChild_andCancelsTheirEffects() async {
    // given: adopted children (their route refers to the parent) with running effects
    let rowCancelled = Gate<Void>()
    let detailCancelled = Gate<Void>()
    var gates = [rowCancelled, detailCancelled, Gate()]  // in the order the children are made
    var parent: ShelfReactor? = ShelfReactor(makeRow: {
      ItemReactor(effectCancelled: gates.removeFirst())
    })
    parent?.send(.add(1))
    parent?.send(.showDetail)
    parent?.send(.push)
    weak let weakParent = parent
    weak let row = parent?.currentState.rows[id: 1]?.reactor
    weak let detail = parent?.currentState.detail?.reactor
    weak let pushed = parent?.currentState.path.top?.reactor
    parent?.currentState.rows[id: 1]?.send(.startForever)
    parent?.currentState.detail?.send(.startForever)

    // when
    parent = nil

    // then
    XCTAssertNil(weakParent, "a child must not keep its parent alive")
    XCTAssertNil(row)
    XCTAssertNil(detail)
    XCTAssertNil(pushed)
    await rowCancelled.opened("the row's effect is cancelled", in: self)
    await detailCancelled.opened("the detail's effect is cancelled", in: self)
  }

  func test_observersAndViews_ofParentAndChild_keepNoCycle() async {
    // given: the parent and its child observed, bound to hand-bound views, and wrapped for SwiftUI
    var parent: ShelfReactor? = ShelfReactor()
    parent?.send(.showDetail)
    weak let weakParent = parent
    weak let detail = parent?.currentState.detail?.reactor
    let parentView = ChildCountView()
    let detailView = ItemView()
    parentView.reactor = parent
    detailView.reactor = parent?.currentState.detail?.reactor
    var model: ObservedReactor<ShelfReactor>? = parent.map { ObservedReactor($0) }
    weak let weakModel = model
    _ = model?.detail?.currentState.count
    var detailModel: ObservedReactor<ItemReactor>? = parent?.currentState.detail.map {
      ObservedReactor($0.reactor)
    }
    _ = detailModel?.count
    let token = parent?.currentState.detail?.reactor.observe(\.count) { [weak parentView] _ in
      parentView?.renders += 1
    }

    // when: the views drop their reactors, and the models go
    parent = nil
    model = nil
    detailModel = nil
    parentView.reactor = nil
    detailView.reactor = nil

    // then
    XCTAssertNil(weakModel)
    XCTAssertNil(weakParent, "no observer, view or model keeps the parent alive")
    XCTAssertNil(detail, "no observer, view or model keeps the child alive")
    XCTAssertNotNil(token)
  }

  // MARK: - Outputs

  func test_output_isDeliveredAfterTheChildsStateChange_asTheParentsAction() async {
    // given
    let events = EventLog()
    let parent = ShelfReactor(events: events)
    parent.send(.add(7))
    let row = parent.currentState.rows[id: 7]
    let token = row?.reactor.observe(\.count) { events.append("row observed \($0)") }

    // when
    row?.send(.increment)

    // then: reduce, the child's observers, then the parent, before send returned
    XCTAssertEqual(
      events.events,
      ["row observed 0", "row observed 1", "parent received didIncrement(1) from row 7"])
    XCTAssertEqual(parent.currentState.log, ["row 7 is at 1"])
    token?.cancel()
  }

  func test_output_whileTheParentIsProcessing_isQueuedFIFOWithItsOwnActions() async {
    // given
    let parent = ShelfReactor()
    parent.send(.add(1))
    weak let row = parent.currentState.rows[id: 1]?.reactor

    // when: the parent sends to itself, to the row (which announces), and to itself again
    parent.send(.removeRowWhileProcessing(1))

    // then
    XCTAssertEqual(parent.currentState.log, ["before", "after"])
    XCTAssertEqual(parent.currentState.rows.ids, [], "the row's output was processed between them")
    XCTAssertNil(row, "a child that asked for its own removal is released after its send")
  }

  func test_output_queuedBetweenTheParentsOwnActions_keepsTheirOrder() async {
    // given
    let events = EventLog()
    let parent = ShelfReactor(events: events)
    parent.send(.add(1))
    let row = parent.currentState.rows[id: 1]
    // An observer of the parent sends to itself and to the row while the parent processes.
    var once = false
    let token = parent.observe(\.log) { log in
      guard log == ["go"], !once else { return }
      once = true
      parent.send(.log("own 1"))
      row?.send(.increment)
      parent.send(.log("own 2"))
    }

    // when
    parent.send(.log("go"))

    // then
    XCTAssertEqual(parent.currentState.log, ["go", "own 1", "row 1 is at 1", "own 2"])
    token.cancel()
  }

  func test_childWithoutAParent_announcesToNoOne() async {
    // given: a child never adopted, and one whose parent is gone
    let orphan = ItemReactor()
    var parent: ShelfReactor? = ShelfReactor()
    parent?.send(.add(1))
    let row = parent?.currentState.rows[id: 1]
    parent = nil

    // when
    orphan.send(.increment)
    row?.send(.increment)

    // then
    XCTAssertEqual(orphan.currentState.count, 1)
    XCTAssertEqual(row?.currentState.count, 1)
  }

  // MARK: - Navigation through bindings

  func test_pathBinding_write_popsThroughAnAction() async {
    // given: SwiftUI's NavigationStack(path:) writes a shorter path on a back swipe
    let parent = ShelfReactor()
    for _ in 1...3 { parent.send(.push) }
    weak let top = parent.currentState.path.top?.reactor
    let model = ObservedReactor(parent)
    let path = model.binding(\.path.children) { .popTo($0.count) }
    XCTAssertEqual(path.value.count, 3)

    // when
    path.value = Array(path.value.prefix(2))

    // then: once the binding is read again (a binding keeps the last value it read)
    XCTAssertEqual(path.value.count, 2)
    XCTAssertEqual(parent.currentState.path.count, 2)
    XCTAssertNil(top)
  }

  func test_itemBinding_writeOfNil_dismissesTheDestination() async {
    // given: SwiftUI's .sheet(item:) writes nil when the sheet is swiped away
    let parent = ShelfReactor()
    parent.send(.showDetail)
    weak let detail = parent.currentState.detail?.reactor
    let model = ObservedReactor(parent)
    let sheet = model.binding(\.detail) { _ in .hideDetail }
    XCTAssertNotNil(sheet.value)

    // when
    sheet.value = nil

    // then: once the binding is read again (a binding keeps the last value it read)
    XCTAssertNil(sheet.value)
    XCTAssertNil(parent.currentState.detail)
    XCTAssertNil(detail)
  }

  // MARK: - Values

  func test_children_equalityAndOrder_followIdentifiersAndInstances() async {
    // given
    let a = Child(ItemReactor())
    let b = Child(ItemReactor())
    var children = Children<String, ItemReactor>()
    children.append(a, id: "a")
    children.append(b, id: "b")
    var same = Children<String, ItemReactor>()
    same.append(a, id: "a")
    same.append(b, id: "b")

    // then
    XCTAssertEqual(children, same)
    XCTAssertNotEqual(Child(ItemReactor()), Child(ItemReactor()), "children are equal by instance")

    // when
    same.move(id: "b", to: 0)
    // then
    XCTAssertEqual(same.ids, ["b", "a"])
    XCTAssertEqual(same[id: "a"], a)
    XCTAssertNotEqual(children, same)

    // when: an identifier that is taken is replaced in its place
    let c = Child(ItemReactor())
    same.append(c, id: "a")
    same.removeAll { $0 == "b" }
    // then
    XCTAssertEqual(same.ids, ["a"])
    XCTAssertEqual(same[id: "a"], c)
    XCTAssertEqual(same.remove(id: "a"), c)
    XCTAssertTrue(same.isEmpty)
  }
}

/// A view that binds to the list by hand.
@MainActor
private final class ChildCountView: ReactorView {
  let reactorStorage = ReactorViewStorage<ShelfReactor>()
  var renders = 0

  func bind(reactor: ShelfReactor) {
    reactor.observe(\.rows) { [weak self] _ in self?.renders += 1 }.store(in: bag)
  }
}

/// A view that binds to a row by hand.
@MainActor
private final class ItemView: ReactorView {
  let reactorStorage = ReactorViewStorage<ItemReactor>()
  private(set) var text = ""

  func bind(reactor: ItemReactor) {
    reactor.observe(\.count) { [weak self] in self?.text = "\($0)" }.store(in: bag)
  }
}
