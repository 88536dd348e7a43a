import ReactorFlowTesting
import XCTest

@testable import MainActorShapes

/// The mocks of a module with Xcode 26's app defaults: a main-actor protocol gets a main-actor
/// mock, a `Sendable` one a nonisolated mock whose main-actor requirements stay isolated.
final class MainActorMockTests: XCTestCase {
  @MainActor
  func test_navigatorMock_isMainActorIsolatedAndAnswers() async {
    // given
    let navigator = NavigatorMock()
    navigator.confirmSpy.returns(true)
    navigator.currentSpy.returns("home")

    // when
    navigator.show("detail")
    let confirmed = await navigator.confirm("Leave?")
    await navigator.dismiss()

    // then
    XCTAssertTrue(confirmed)
    XCTAssertEqual(navigator.current, "home")
    XCTAssertEqual(navigator.showSpy.allArguments, ["detail"])
    XCTAssertEqual(navigator.dismissSpy.callCount, 1)
  }

  @MainActor
  func test_sessionClientMock_answersOnTheMainActorAndOffIt() async throws {
    // given
    let client = SessionClientMock()
    client.signInSpy.returns(.success("token"))
    client.versionSpy.returns("1.0")

    // when
    let token = try await client.signIn(user: "ada", password: "pw")
    let version = await Task.detached { client.version() }.value

    // then
    XCTAssertEqual(token, "token")
    XCTAssertEqual(version, "1.0")
    XCTAssertEqual(client.signInSpy.lastArguments?.user, "ada")
  }

  func test_todoClientMock_isNonisolated() async throws {
    // given
    let client = TodoClientMock()
    client.todosSpy.returns(.success([Todo(id: 1, title: "Milk")]))

    // when
    let todos = try await client.todos()
    try await client.add(Todo(id: 2, title: "Eggs"))

    // then
    XCTAssertEqual(todos, [Todo(id: 1, title: "Milk")])
    XCTAssertEqual(client.addSpy.lastArguments?.title, "Eggs")
  }
}
