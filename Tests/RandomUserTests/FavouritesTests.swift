import RandomUserCore
import ReactorFlow
import ReactorFlowTesting
import XCTest

/// The favourites that ``MainReactor`` and the ``DetailReactor`` it pushes share: a star on the
/// detail screen reaches the list as the list's own mutation.
@MainActor
final class FavouritesTests: XCTestCase {
  func test_star_onTheDetail_reachesTheListAndTheDetail() async throws {
    // given
    let favourites = Favourites([])
    let main = MainReactor(client: OfflinePeopleClient(), seed: "favourites", favourites: favourites)
    await main.send(.load(20)).finish()
    let title = try XCTUnwrap(main.currentState.sections.value?.first?.title)
    main.send(.showDetail(title))
    let detail = try XCTUnwrap(main.currentState.detail?.reactor)
    let person = detail.currentState.people[0]

    // when
    detail.send(.star(0))

    // then
    XCTAssertEqual(favourites.value, [person.id])
    XCTAssertEqual(detail.currentState.favourites, [person.id])
    XCTAssertEqual(main.currentState.favourites, [person.id])
    detail.send(.star(0))
    XCTAssertEqual(main.currentState.favourites, [])
  }

  func test_detail_opensWithTheFavouritesAsTheyAre_andIgnoresAnIndexOutOfRange() async throws {
    // given
    let people = try await OfflinePeopleClient().fetchPeople(count: 3, seed: "favourites")
    let favourites = Favourites([people[1].id])
    let tester = ReactorTester(DetailReactor(title: "mixed", people: people, favourites: favourites))
    XCTAssertEqual(tester.state.favourites, [people[1].id])

    // when
    await tester.send(.star(7))
    await tester.send(.star(2)) { $0.favourites = [people[1].id, people[2].id] }
    favourites.set([])

    // then
    await tester.receive(.setFavourites([])) { $0.favourites = [] }
    await tester.finish()
  }
}
