import ReactorFlow
import ReactorFlowTestSupport
import XCTest

// The "Both frameworks in one app" snippets of the migration guide, verbatim, against stand-ins
// for RxSwift's types (RxSwift is not a dependency): just what the snippets use.

/// RxSwift's `Observable`, as far as its `values` (RxSwift 6.5 and later).
struct Observable<Element: Sendable>: Sendable {
  let values: AsyncThrowingStream<Element, any Error>
}

/// RxSwift's `BehaviorSubject`, as far as `onNext`; it remembers what it was given.
@MainActor
final class BehaviorSubject<Element> {
  private(set) var elements: [Element] = []
  private let onElement: (Int) -> Void

  init(onElement: @escaping (Int) -> Void = { _ in }) {
    self.onElement = onElement
  }

  func onNext(_ element: Element) {
    elements.append(element)
    onElement(elements.count)
  }
}

/// An Rx service that a ReactorKit screen and a ReactorFlow screen share.
final class SessionService: Sendable {
  let currentUser: Observable<String>
  let userContinuation: AsyncThrowingStream<String, any Error>.Continuation

  init() {
    let (stream, continuation) = AsyncThrowingStream<String, any Error>.makeStream()
    currentUser = Observable(values: stream)
    userContinuation = continuation
  }
}

@MainActor
private final class SessionInboxReactor: FlowReactor {
  enum Action: Sendable { case watchUser, receive }
  enum Mutation: Sendable { case setUser(String), addUnread }
  struct State: Equatable, Sendable {
    var user: String?
    var unreadCount = 0
    @FlowPulse var banner: String?
  }

  let initialState = State()
  let runtime = Runtime()
  let session: SessionService

  init(session: SessionService) {
    self.session = session
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .watchUser:
      return .run { [session] send in
        for try await user in session.currentUser.values {
          await send(.setUser(user))
        }
      }
      .cancellable(id: "user", cancelInFlight: true)
    case .receive:
      return .send(.addUnread)
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setUser(let user):
      state.user = user
      state.banner = "Hello, \(user)"
    case .addUnread:
      state.unreadCount += 1
    }
    return state
  }
}

@MainActor
final class MigrationGuideSideBySideTests: XCTestCase {
  func test_watchUser_readsTheRxServiceThroughValues_untilTheStreamEnds() async {
    // given
    let session = SessionService()
    let reactor = SessionInboxReactor(session: session)

    // when
    let task = reactor.send(.watchUser)
    session.userContinuation.yield("ada")
    session.userContinuation.yield("grace")
    session.userContinuation.finish()
    await bounded("the watch ends with the stream") { await task.finish() }

    // then
    XCTAssertEqual(reactor.currentState.user, "grace")
    XCTAssertEqual(reactor.currentState.banner, "Hello, grace")
  }

  func test_unreadCount_isForwardedToASubjectForTheRxScreens() async {
    // given
    let reactor = SessionInboxReactor(session: SessionService())
    let started = Gate<Void>()
    let reachedTwo = Gate<Void>()
    let unreadCount = BehaviorSubject<Int> { count in
      if count == 1 { started.open() }
      if count == 3 { reachedTwo.open() }
    }
    let forwarding = Task { @MainActor in
      for await count in reactor.values(of: \.unreadCount) {
        unreadCount.onNext(count)
      }
    }
    await started.opened("the subject received the current count", in: self)

    // when
    reactor.send(.receive)
    reactor.send(.receive)

    // then
    await reachedTwo.opened("the subject received 0, 1 and 2", in: self)
    XCTAssertEqual(unreadCount.elements, [0, 1, 2])
    forwarding.cancel()
  }
}
