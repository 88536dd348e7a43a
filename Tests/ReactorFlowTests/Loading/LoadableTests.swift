import ReactorFlow
import XCTest

/// `Loadable`'s phases and helpers, and `DescribedError`.
final class LoadableTests: XCTestCase {
  private struct Offline: Error, CustomStringConvertible {
    var description: String { "the device is offline" }
  }

  func test_helpers_eachPhase_readTheValueTheErrorAndWhetherItLoads() {
    // given
    let phases: [Loadable<Int, DescribedError>] = [
      .idle, .loading(previous: nil), .loading(previous: 1), .loaded(2),
      .failed(DescribedError(description: "x"), previous: nil),
      .failed(DescribedError(description: "y"), previous: 3),
    ]

    // when
    let values = phases.map(\.value)
    let errors = phases.map { $0.error?.description }
    let loading = phases.map(\.isLoading)

    // then
    XCTAssertEqual(values, [nil, nil, 1, 2, nil, 3])
    XCTAssertEqual(errors, [nil, nil, nil, nil, "x", "y"])
    XCTAssertEqual(loading, [false, true, true, false, false, false])
  }

  func test_startLoadingThenFail_afterALoad_keepsTheLastValueThroughout() {
    // given
    var names: Loadable<[String], DescribedError> = .loaded(["Ada"])

    // when
    names.startLoading()
    let reloading = names
    names.fail(DescribedError(Offline()))
    let failed = names
    names.startLoading()

    // then
    XCTAssertEqual(reloading, .loading(previous: ["Ada"]))
    XCTAssertEqual(failed, .failed(DescribedError(description: "the device is offline"), previous: ["Ada"]))
    XCTAssertEqual(names, .loading(previous: ["Ada"]), "a new load clears the error, not the value")
    XCTAssertNil(names.error)
  }

  func test_startLoading_fromIdle_loadsWithNoPreviousValue() {
    // given
    var names = Loadable<[String], DescribedError>.idle

    // when
    names.startLoading()

    // then
    XCTAssertEqual(names, .loading(previous: nil))
    XCTAssertNil(names.value)
  }

  func test_map_keepsThePhaseAndTransformsEveryValue() {
    // given
    let error = DescribedError(description: "no")

    // when / then
    XCTAssertEqual(Loadable<[Int], DescribedError>.idle.map(\.count), .idle)
    XCTAssertEqual(
      Loadable<[Int], DescribedError>.loading(previous: [1, 2]).map(\.count), .loading(previous: 2))
    XCTAssertEqual(Loadable<[Int], DescribedError>.loaded([1]).map(\.count), .loaded(1))
    XCTAssertEqual(
      Loadable<[Int], DescribedError>.failed(error, previous: [1, 2, 3]).map(\.count),
      .failed(error, previous: 3))
  }

  func test_mapError_keepsThePhaseAndTheValue() {
    // given
    enum FeedError: Error, Equatable { case offline }
    let failed = Loadable<Int, FeedError>.failed(.offline, previous: 4)

    // when
    let described = failed.mapError(DescribedError.init)

    // then
    XCTAssertEqual(described, .failed(DescribedError(description: "offline"), previous: 4))
    XCTAssertEqual(Loadable<Int, FeedError>.loaded(1).mapError(DescribedError.init), .loaded(1))
  }

  func test_hashable_equalLoadablesHashEqually() {
    // given
    let values: Set<Loadable<Int, DescribedError>> = [
      .idle, .loaded(1), .loaded(1), .loading(previous: 1),
      .failed(DescribedError(description: "a"), previous: 1),
      .failed(DescribedError(description: "a"), previous: 1),
    ]

    // then
    XCTAssertEqual(values.count, 4)
  }

  func test_describedError_keepsTheTextAndCompares() throws {
    // given
    let error = DescribedError(Offline())

    // when
    let wrappedAgain = DescribedError(error)
    let data = try JSONEncoder().encode(error)
    let decoded = try JSONDecoder().decode(DescribedError.self, from: data)

    // then
    XCTAssertEqual(error.description, "the device is offline")
    XCTAssertEqual(wrappedAgain, error, "wrapping a DescribedError keeps its text")
    XCTAssertEqual(String(decoding: data, as: UTF8.self), "\"the device is offline\"")
    XCTAssertEqual(decoded, error)
    XCTAssertNotEqual(error, DescribedError(description: "another"))
  }
}
