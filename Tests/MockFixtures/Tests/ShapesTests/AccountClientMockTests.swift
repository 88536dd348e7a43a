import ReactorFlowTesting
import Shapes
import XCTest

/// Each requirement shape of `AccountClient`, through its generated mock: the spy records the
/// call, answers the stub, and fails the test by name when nothing was stubbed.
final class AccountClientMockTests: XCTestCase {
  private func makeMock() -> AccountClientMock {
    AccountClientMock(
      cachedUserPlaceholder: User(id: 0, name: ""), lastUserPlaceholder: User(id: 0, name: ""))
  }

  func test_syncMethods_answerTheirStubsAndRecordTheArguments() {
    // given
    let client = makeMock()
    let ada = User(id: 1, name: "Ada")
    client.isSignedInSpy.returns(true)
    client.greetingSpy.handler = { $0.formal ? "Dear \($0.user.name)" : "Hi \($0.user.name)" }

    // when
    let signedIn = client.isSignedIn()
    let greeting = client.greeting(for: ada, formal: true)

    // then
    XCTAssertTrue(signedIn)
    XCTAssertEqual(greeting, "Dear Ada")
    XCTAssertEqual(client.greetingSpy.lastArguments?.user, ada)
    XCTAssertEqual(client.greetingSpy.lastArguments?.formal, true)
  }

  func test_asyncMethods_answerTheirStubs() async throws {
    // given
    let client = makeMock()
    client.userSpy.returns(.success(User(id: 7, name: "Grace")))
    client.unreadCountSpy.returns(3)

    // when
    await client.refresh()
    let user = try await client.user(id: 7)
    let unread = await client.unreadCount()

    // then
    XCTAssertEqual(client.refreshSpy.callCount, 1)
    XCTAssertEqual(user, User(id: 7, name: "Grace"))
    XCTAssertEqual(client.userSpy.allArguments, [7])
    XCTAssertEqual(unread, 3)
  }

  func test_throwingMethods_throwTheStubbedErrors() async {
    // given
    let client = makeMock()
    client.validateSpy.returns(.failure(LookupError.offline))
    client.cachedUserSpy.returns(.failure(.notFound(4)))
    client.friendsSpy.returns(.failure(.offline))

    // when
    var errors: [LookupError] = []
    do { try client.validate(name: "x") } catch { errors.append(error as? LookupError ?? .notFound(-1)) }
    do { _ = try client.cachedUser(id: 4) } catch { errors.append(error) }
    do { _ = try await client.friends(of: User(id: 1, name: "Ada"), limit: 5) } catch { errors.append(error) }

    // then: the typed errors come through as their own type
    XCTAssertEqual(errors, [.offline, .notFound(4), .offline])
    XCTAssertEqual(client.friendsSpy.lastArguments?.limit, 5)
  }

  func test_overloads_haveOneSpyEach() {
    // given
    let client = makeMock()
    client.findIntSpy.returns(User(id: 1, name: "Ada"))
    client.findStringSpy.returns(User(id: 2, name: "Grace"))

    // when
    let byID = client.find(1)
    let byName = client.find("Grace")

    // then
    XCTAssertEqual(byID?.id, 1)
    XCTAssertEqual(byName?.id, 2)
    XCTAssertEqual(client.findIntSpy.allArguments, [1])
    XCTAssertEqual(client.findStringSpy.allArguments, ["Grace"])
  }

  func test_genericMethods_recordErasedArgumentsAndCastTheAnswer() async throws {
    // given
    let client = makeMock()
    client.settingSpy.handler = { $0.key == "fontSize" ? 16 : nil }

    // when
    let fontSize = client.setting(Int.self, forKey: "fontSize")
    let wrongType = client.setting(String.self, forKey: "fontSize")
    try await client.save([1, 2], forKey: "recent")

    // then
    XCTAssertEqual(fontSize, 16)
    XCTAssertNil(wrongType)
    XCTAssertEqual(client.settingSpy.allArguments.map(\.type), ["Int", "String"])
    XCTAssertEqual(client.saveSpy.lastArguments?.value as? [Int], [1, 2])
  }

  func test_properties_readTheirSpiesAndASetterIsReadBack() async throws {
    // given
    let client = makeMock()
    client.nameSpy.returns("main")
    client.lastUserSpy.returns(User(id: 3, name: "Linus"))
    client.balanceSpy.returns(.success(12))

    // when
    client.token = "secret"

    // then
    XCTAssertEqual(client.name, "main")
    XCTAssertEqual(client.lastUser.id, 3)
    XCTAssertEqual(client.token, "secret")
    XCTAssertEqual(client.setTokenSpy.allArguments, ["secret"])
    let balance = try await client.balance
    XCTAssertEqual(balance, 12)
  }

  func test_closureVariadicInoutAndUnnamedParameters_areRecorded() {
    // given
    let client = makeMock()
    client.tagSpy.handler = { $0.count }
    let seen = Spy<User, Void>("seen")
    var name = "ada"

    // when
    client.observe { seen($0) }
    client.observeSpy.lastArguments?(User(id: 1, name: "Ada"))
    let tags = client.tag("a", "b")
    client.normalize(&name)
    client.withEach { _ in }
    client.log("line")

    // then
    XCTAssertEqual(seen.allArguments.map(\.name), ["Ada"])
    XCTAssertEqual(tags, 2)
    XCTAssertEqual(client.tagSpy.lastArguments, ["a", "b"])
    XCTAssertEqual(client.normalizeSpy.lastArguments, "ada")
    XCTAssertEqual(client.withEachSpy.callCount, 1)
    XCTAssertEqual(client.logSpy.allArguments, ["line"])
  }

  func test_unstubbedCalls_failTheTestNamingTheMockAndTheRequirement() async {
    // given
    let client = makeMock()

    // when
    var thrown: (any Error)?
    let failures = await captureFailures {
      _ = client.isSignedIn()
      _ = client.lastUser
      do { _ = try await client.user(id: 1) } catch { thrown = error }
    }

    // then
    XCTAssertEqual(failures.count, 3)
    XCTAssertTrue(failures[0].message.contains(#"Spy "AccountClientMock.isSignedIn()" was called"#))
    XCTAssertTrue(failures[1].message.contains(#"Spy "AccountClientMock.lastUser" was called"#))
    XCTAssertTrue(failures[2].message.contains(#"Spy "AccountClientMock.user(id:)" was called"#))
    XCTAssertTrue(thrown is AccountClientMock.Unstubbed)
  }

  func test_asyncCall_returnsAfterADelayOnTheTestClock() async throws {
    // given
    let clock = TestClock()
    let client = makeMock()
    client.userSpy.returns(.success(User(id: 1, name: "Ada")))
    client.userSpy.returnsAfter(.seconds(1), on: clock)

    // when
    let call = Task { try await client.user(id: 1) }
    await clock.advance(by: .seconds(1))

    // then
    let user = try await call.value
    XCTAssertEqual(user.name, "Ada")
  }

  func test_asyncCall_neverReturns_endsWithCancellation() async {
    // given
    let client = makeMock()
    client.unreadCountSpy.returns(5)
    client.unreadCountSpy.neverReturns()

    // when: a call that does not throw answers its placeholder when it is cancelled
    let call = Task { await client.unreadCount() }
    call.cancel()

    // then
    let unread = await call.value
    XCTAssertEqual(unread, 0)
  }
}
