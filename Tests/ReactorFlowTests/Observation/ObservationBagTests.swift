import ReactorFlow
import XCTest

@MainActor
final class ObservationBagTests: XCTestCase {
  func test_bag_holdsItsObservationsAlive() async {
    // given
    let reactor = SyncCounterReactor()
    let bag = ObservationBag()
    var counts: [Int] = []
    var doubled: [Int] = []
    reactor.observe(\.count) { counts.append($0) }.store(in: bag)
    bag.insert(reactor.observe(map: { $0.count * 2 }) { doubled.append($0) })

    // when
    reactor.send(.increment)

    // then
    XCTAssertEqual(bag.count, 2)
    XCTAssertEqual(counts, [0, 1])
    XCTAssertEqual(doubled, [0, 2])
  }

  func test_bag_cancelAll_endsEveryObservationAndEmptiesTheBag() async {
    // given
    let reactor = SyncCounterReactor()
    let bag = ObservationBag()
    var counts: [Int] = []
    reactor.observe(\.count) { counts.append($0) }.store(in: bag)

    // when
    bag.cancelAll()
    reactor.send(.increment)

    // then
    XCTAssertTrue(bag.isEmpty)
    XCTAssertEqual(counts, [0])
  }

  func test_bag_released_endsEveryObservation() async {
    // given
    let reactor = SyncCounterReactor()
    var bag: ObservationBag? = ObservationBag()
    var counts: [Int] = []
    if let bag { reactor.observe(\.count) { counts.append($0) }.store(in: bag) }

    // when
    bag = nil
    reactor.send(.increment)

    // then
    XCTAssertEqual(counts, [0])
  }

  func test_bag_doesNotKeepTheReactorAlive() async {
    // given
    let bag = ObservationBag()
    var reactor: SyncCounterReactor? = SyncCounterReactor()
    weak let weakReactor = reactor
    reactor?.observe(\.count) { _ in }.store(in: bag)

    // when
    reactor = nil

    // then
    XCTAssertNil(weakReactor)
    XCTAssertEqual(bag.count, 1)
    bag.cancelAll()  // cancelling tokens of a released reactor is harmless
  }
}
