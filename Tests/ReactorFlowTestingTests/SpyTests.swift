import ReactorFlowTesting
import XCTest

@MainActor
final class SpyTests: XCTestCase {
  func test_spy_neverCalled_reportsNoCalls() async {
    // given
    let spy = Spy<String, Int>()

    // then
    XCTAssertFalse(spy.called)
    XCTAssertEqual(spy.callCount, 0)
    XCTAssertNil(spy.lastArguments)
    XCTAssertEqual(spy.allArguments, [])
  }

  func test_spy_calledTwice_recordsCountAndArguments() async {
    // given
    let spy = Spy<(id: Int, force: Bool), String>()
    spy.returns("ok")

    // when
    let first = spy((id: 1, force: false))
    let second = spy((id: 2, force: true))

    // then
    XCTAssertEqual([first, second], ["ok", "ok"])
    XCTAssertEqual(spy.callCount, 2)
    XCTAssertEqual(spy.lastArguments?.id, 2)
    XCTAssertEqual(spy.allArguments.map(\.force), [false, true])
  }

  func test_spy_withHandlerAndReturnValue_usesTheHandler() async {
    // given
    let spy = Spy<Int, Int>()
    spy.returns(0)
    spy.handler = { $0 * 2 }

    // when
    let result = spy(21)

    // then
    XCTAssertEqual(result, 42)
  }

  func test_spy_returningVoid_needsNoStub() async {
    // given
    let spy = Spy<String, Void>()

    // when
    let failures = captureFailures { spy("tap") }

    // then
    XCTAssertEqual(failures, [])
    XCTAssertEqual(spy.allArguments, ["tap"])
  }

  func test_spy_unstubbedWithAPlaceholder_failsAndReturnsThePlaceholder() async {
    // given
    struct User: Equatable { var name: String }
    let spy = Spy<Int, User>("fetchUser", placeholder: User(name: "placeholder"))

    // when
    var result: User?
    let failures = captureFailures { result = spy(7) }

    // then
    XCTAssertEqual(result, User(name: "placeholder"))
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(failures.first?.message.hasPrefix(#"Spy "fetchUser" was called by"#) ?? false)
    XCTAssertEqual(spy.callCount, 1)
  }

  func test_spy_unstubbedOptional_failsAndReturnsNil() async {
    // given
    let spy = Spy<Void, String?>()

    // when
    var result: String?? = .some("unset")
    let failures = captureFailures { result = spy() }

    // then
    XCTAssertEqual(result, .some(nil))
    XCTAssertEqual(failures.count, 1)
  }

  func test_spy_calledFromManyTasks_countsEveryCall() async {
    // given
    let spy = Spy<Int, Void>()

    // when
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<100 {
        group.addTask { spy(index) }
      }
    }

    // then
    XCTAssertEqual(spy.callCount, 100)
    XCTAssertEqual(Set(spy.allArguments), Set(0..<100))
  }

  func test_spy_resetCalls_keepsTheStub() async {
    // given
    let spy = Spy<Void, Bool>()
    spy.returns(true)
    _ = spy()

    // when
    spy.resetCalls()

    // then
    XCTAssertEqual(spy.callCount, 0)
    XCTAssertTrue(spy())
  }
}
