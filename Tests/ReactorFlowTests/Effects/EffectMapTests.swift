import ReactorFlow
import ReactorFlowTestSupport
import XCTest

@MainActor
final class EffectMapTests: XCTestCase {
  func test_map_ofARunEffect_deliversEveryOutputMapped() async {
    // given
    let reactor = MappedRunReactor()

    // when
    let task = reactor.send(.load)
    await bounded("the mapped effect ends") { await task.finish() }

    // then
    XCTAssertEqual(reactor.currentState.log, ["mapped 1", "mapped 2"])
  }
}
