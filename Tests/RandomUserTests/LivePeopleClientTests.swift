import Foundation
import ReactorFlow
import ReactorFlowTestSupport
import ReactorFlowTesting
import XCTest

@testable import RandomUserCore

/// The live client for real, over HTTP, against a server on 127.0.0.1 that each test starts and
/// stops. No test sleeps: each awaits the client's answer, which the server or the client's own
/// short timeout produces.
@MainActor
final class LivePeopleClientTests: XCTestCase {
  /// Short, so the slow-server test ends quickly; the server's delay is far longer.
  private static let timeout = Duration.milliseconds(500)
  private var servers: [LoopbackHTTPServer] = []

  override func tearDown() async throws {
    for server in servers { server.stop() }
    servers = []
  }

  private func startServer(_ response: LoopbackHTTPServer.Response) throws -> LoopbackHTTPServer {
    let server = try LoopbackHTTPServer(response: response)
    servers.append(server)
    return server
  }

  private func goodBody(count: Int = 20) throws -> Data {
    try OfflinePeopleClient().responseData(count: count, seed: "live")
  }

  /// Loads through a `MainReactor` with a live client and returns its final state.
  private func loadThroughReactor(_ baseURL: URL) async -> MainReactor.State {
    let reactor = MainReactor(client: LivePeopleClient(baseURL: baseURL, timeout: Self.timeout), seed: "live")
    await bounded("reactor.send(.load(20)) finishes") { await reactor.send(.load(20)).finish() }
    return reactor.currentState
  }

  /// Fetches with a live client and returns the error it threw.
  private func fetchError(_ baseURL: URL, count: Int = 20, timeout: Duration = timeout) async
    -> PeopleClientError?
  {
    do {
      _ = try await LivePeopleClient(baseURL: baseURL, timeout: timeout).fetchPeople(
        count: count, seed: "live")
      XCTFail("the fetch should have failed")
      return nil
    } catch {
      return error as? PeopleClientError
    }
  }

  // MARK: - Success

  func test_fetch_goodResponse_decodesPeopleAndSendsQuery() async throws {
    // given
    let server = try startServer(.json(try goodBody()))
    let client = LivePeopleClient(baseURL: server.baseURL, timeout: Self.timeout)

    // when
    let people = try await client.fetchPeople(count: 20, seed: "live")

    // then
    let expected = try await OfflinePeopleClient().fetchPeople(count: 20, seed: "live")
    XCTAssertEqual(people, expected)
    XCTAssertEqual(server.requests, ["/api/?results=20&seed=live"])
  }

  func test_load_goodResponse_reactorShowsSections() async throws {
    // given
    let server = try startServer(.json(try goodBody()))

    // when
    let state = await loadThroughReactor(server.baseURL)

    // then
    XCTAssertEqual(state.peopleCount, 20)
    XCTAssertNil(state.sections.error)
    XCTAssertFalse(state.sections.isLoading)
  }

  func test_request_baseURLWithQuery_keepsItAndReplacesResultsAndSeed() throws {
    // given
    let base = try XCTUnwrap(URL(string: "https://example.com/api/?nat=gb&results=3"))

    // when
    let request = LivePeopleClient(baseURL: base).request(count: 7, seed: nil)

    // then
    XCTAssertEqual(request?.url?.absoluteString, "https://example.com/api/?nat=gb&results=7")
    XCTAssertEqual(request?.httpMethod, "GET")
  }

  // MARK: - Failures: the client's error, then the reactor's error state

  func test_fetch_http500_throwsHTTPStatusAndReactorShowsError() async throws {
    // given
    let server = try startServer(
      .status(500, body: Data(#"{"error":"Uh oh, something has gone wrong."}"#.utf8)))

    // when
    let error = await fetchError(server.baseURL)
    let state = await loadThroughReactor(server.baseURL)

    // then
    XCTAssertEqual(error, .httpStatus(500))
    XCTAssertEqual(state.sections.error?.description, PeopleClientError.httpStatus(500).description)
    XCTAssertFalse(state.sections.isLoading)
  }

  func test_fetch_malformedBody_throwsUndecodableAndReactorShowsError() async throws {
    // given
    let server = try startServer(.json(Data("<html><body>Service Unavailable</body></html>".utf8)))

    // when
    let error = await fetchError(server.baseURL)
    let state = await loadThroughReactor(server.baseURL)

    // then
    guard case .undecodable(let reason) = error else { return XCTFail("\(String(describing: error))") }
    XCTAssertTrue(reason.contains("not valid JSON"), reason)
    XCTAssertEqual(
      state.sections.error.map { $0.description.contains("not randomuser.me JSON") }, true, "\(state)")
  }

  func test_fetch_bogusGzipEncoding_throwsUndecodableNotInterrupted() async throws {
    // given: a body that says it is gzip and is plain JSON; the connection itself is fine
    let server = try startServer(.encoded(try goodBody(), contentEncoding: "gzip"))

    // when
    let error = await fetchError(server.baseURL)

    // then
    guard case .undecodable(let reason) = error else { return XCTFail("\(String(describing: error))") }
    XCTAssertTrue(reason.contains("Content-Encoding gzip"), reason)
  }

  func test_fetch_truncatedBody_throwsInterruptedAndReactorShowsError() async throws {
    // given: the server promises the whole body, sends half of it, and closes the connection
    let body = try goodBody()
    let server = try startServer(.truncated(body.prefix(body.count / 2), declaredLength: body.count))

    // when
    let error = await fetchError(server.baseURL)
    let state = await loadThroughReactor(server.baseURL)

    // then
    guard case .interrupted = error else {
      return XCTFail("\(String(describing: error)) is not .interrupted")
    }
    XCTAssertEqual(
      state.sections.error?.description.hasPrefix("the connection broke while the response was arriving"),
      true)
    XCTAssertNil(state.sections.value)
  }

  func test_fetch_connectionResetMidBody_throwsInterruptedNotTransport() async throws {
    // given: the server sends half the body, then resets the connection
    let body = try goodBody()
    let server = try startServer(.reset(body.prefix(body.count / 2), declaredLength: body.count))

    // when
    let error = await fetchError(server.baseURL)

    // then
    guard case .interrupted(let reason) = error else {
      return XCTFail("\(String(describing: error)) is not .interrupted")
    }
    XCTAssertFalse(error?.description.contains("could not reach the server") ?? true, reason)
  }

  // MARK: - Hostile servers: bounded input

  func test_fetch_fortyThousandPeopleForOne_stopsAtTheBodyCap() async throws {
    // given: 40,000 people (about 34 MB) for a request of one, with an honest Content-Length
    let body = Fixtures.repeatingVersion14(40_000)
    XCTAssertGreaterThan(body.count, PeopleClientLimits.maximumBodySize)
    let server = try startServer(.json(body))
    // No timeout races the answer, however loaded the machine: the client's clock is a test clock
    // that nothing advances, and URLSession's backstop is a minute away. `bounded` ends a hang.
    let client = LivePeopleClient(baseURL: server.baseURL, timeout: .seconds(60), clock: TestClock())

    // when
    let error = await bounded("the client refuses the oversized answer", timeout: 30) {
      do {
        _ = try await client.fetchPeople(count: 1, seed: "live")
        return PeopleClientError?.none
      } catch {
        return error as? PeopleClientError
      }
    }

    // then: refused on the Content-Length, before the body
    XCTAssertEqual(error, .tooLarge(limit: PeopleClientLimits.maximumBodySize))
  }

  func test_fetch_endlessBodyWithoutLength_stopsOnceTheCapIsPassed() async throws {
    // given: no Content-Length and a body that never ends; a small cap keeps the test quick
    let server = try startServer(.endless(chunk: Data(repeating: 0x20, count: 64 * 1024)))
    let client = LivePeopleClient(baseURL: server.baseURL, timeout: .seconds(20), maximumBodySize: 1_000_000)

    // when
    do {
      _ = try await client.fetchPeople(count: 1, seed: nil)
      XCTFail("an endless body must fail")
    } catch {
      // then: counted as it arrived, and cut off at the cap, long before the timeout
      XCTAssertEqual(error as? PeopleClientError, .tooLarge(limit: 1_000_000))
    }
  }

  func test_fetch_endlessBodyAtTheDefaultCap_stopsWithTooLarge() async throws {
    // given
    let server = try startServer(.endless(chunk: Data(repeating: 0x20, count: 256 * 1024)))

    // when
    let error = await fetchError(server.baseURL, count: 1, timeout: .seconds(20))

    // then
    XCTAssertEqual(error, .tooLarge(limit: PeopleClientLimits.maximumBodySize))
  }

  func test_fetch_morePeopleThanRequested_throwsTooManyPeople() async throws {
    // given: a small page with three people for a request of one
    let server = try startServer(.json(Fixtures.repeatingVersion14(3)))

    // when
    let error = await fetchError(server.baseURL, count: 1)

    // then
    XCTAssertEqual(error, .tooManyPeople(requested: 1, received: 3))
    XCTAssertEqual(error?.description, "the server sent 3 people for a request of 1")
  }

  func test_fetch_slowServer_timesOutAndReactorShowsError() async throws {
    // given: the server waits far longer than the client's 0.5 s timeout (and `stop` cuts it short)
    let server = try startServer(.delayed(.seconds(30), then: .json(try goodBody())))

    // when
    let error = await fetchError(server.baseURL)
    let state = await loadThroughReactor(server.baseURL)

    // then
    XCTAssertEqual(error, .timedOut(limit: Self.timeout))
    XCTAssertEqual(
      state.sections.error?.description, PeopleClientError.timedOut(limit: Self.timeout).description)
  }

  func test_fetch_refusedConnection_throwsTransportAndReactorShowsError() async throws {
    // given: a port that nothing listens on
    let port = try LoopbackHTTPServer.refusedPort()
    let url = try XCTUnwrap(URL(string: "http://127.0.0.1:\(port)/api/"))

    // when
    let error = await fetchError(url)
    let state = await loadThroughReactor(url)

    // then
    guard case .transport = error else { return XCTFail("\(String(describing: error)) is not .transport") }
    XCTAssertEqual(
      state.sections.error?.description.hasPrefix("could not reach the server"), true, "\(state)")
  }

  func test_fetch_countOutsideAPIRange_throwsInvalidRequestWithoutARequest() async throws {
    // given
    let server = try startServer(.json(try goodBody()))
    let client = LivePeopleClient(baseURL: server.baseURL, timeout: Self.timeout)

    for count in [0, 5001] {
      // when
      do {
        _ = try await client.fetchPeople(count: count, seed: nil)
        XCTFail("count \(count) must be rejected")
      } catch {
        // then
        guard case .invalidRequest = error as? PeopleClientError else { return XCTFail("\(error)") }
      }
    }
    XCTAssertEqual(server.requests, [])
  }

  // MARK: - Recovery

  func test_retry_afterServerError_recoversWhenServerIsGood() async throws {
    // given: a failed load, with sections from an earlier good load
    let server = try startServer(.json(try goodBody(count: 10)))
    let reactor = MainReactor(
      client: LivePeopleClient(baseURL: server.baseURL, timeout: Self.timeout), seed: "live")
    await bounded("reactor.send(.load(10)) finishes") { await reactor.send(.load(10)).finish() }
    server.response = .status(500, body: Data())
    await bounded("reactor.send(.load(20)) finishes") { await reactor.send(.load(20)).finish() }
    XCTAssertEqual(
      reactor.currentState.sections.error?.description, PeopleClientError.httpStatus(500).description)
    XCTAssertEqual(reactor.currentState.peopleCount, 10, "a failed load keeps the previous sections")

    // when
    server.response = .json(try goodBody(count: 20))
    await bounded("reactor.send(.retry) finishes") { await reactor.send(.retry).finish() }

    // then
    XCTAssertNil(reactor.currentState.sections.error)
    XCTAssertEqual(reactor.currentState.peopleCount, 20)
    XCTAssertEqual(server.requests.last, "/api/?results=20&seed=live")
  }

  func test_load_cancelledByNewerLoad_cancelsTheRequest() async throws {
    // given: a first request the server never answers
    let server = try startServer(.delayed(.seconds(30), then: .json(try goodBody())))
    let reactor = MainReactor(
      client: LivePeopleClient(baseURL: server.baseURL, timeout: .seconds(30)), seed: "live")
    var received = server.received.makeAsyncIterator()
    let first = reactor.send(.load(20))
    _ = await received.next()  // the server holds the first request

    // when: the server is switched to good answers and a second load starts
    server.response = .json(try goodBody())
    let second = reactor.send(.load(20))
    await bounded("first finishes") { await first.finish() }
    await bounded("second finishes") { await second.finish() }

    // then: the first request was abandoned at once, not after its 30 s timeout
    XCTAssertNil(reactor.currentState.sections.error)
    XCTAssertEqual(reactor.currentState.peopleCount, 20)
  }
}
