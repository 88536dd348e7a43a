import Observation
import ReactorFlow
import ReactorFlowTestSupport
import XCTest

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
final class ObservedReactorTests: XCTestCase {
  // MARK: Reading

  func test_dynamicMember_readsTheCurrentState() async {
    // given
    let model = ObservedReactor(ProfileReactor())

    // when
    model.send(.setUsername("grace"))

    // then
    XCTAssertEqual(model.username, "grace")
    XCTAssertEqual(model.profile, ProfileReactor.Profile())
    XCTAssertEqual(model[\.profile.city], "London")
    XCTAssertEqual(model.badge.label, "new")
    XCTAssertNil(model.$alert.value)
    XCTAssertEqual(model.state.username, "grace")
  }

  // MARK: Per-property tracking

  func test_tracking_readPropertyChanges_fires() async {
    // given
    let model = ObservedReactor(ProfileReactor())
    let changes = trackOnce { _ = model.username }

    // when
    model.send(.setUsername("grace"))

    // then
    XCTAssertEqual(changes.value, 1)
  }

  func test_tracking_onlyAnotherPropertyChanges_doesNotFire() async {
    // given
    let model = ObservedReactor(ProfileReactor())
    _ = model.isFollowing  // tracked by the model too, so its change is signalled (to no one here)
    let changes = trackOnce { _ = model.username }

    // when
    model.send(.toggleFollow)
    model.send(.setFollowers(10))
    model.send(.setProfileName("Grace"))

    // then
    XCTAssertEqual(changes.value, 0)
  }

  func test_tracking_equalValueAssigned_doesNotFire() async {
    // given
    let model = ObservedReactor(ProfileReactor())
    let changes = trackOnce { _ = model.username }

    // when
    model.send(.setUsername("ada"))

    // then
    XCTAssertEqual(changes.value, 0)
  }

  func test_renderedView_manyMutations_isInvalidatedOncePerChangeOfWhatItRead() async {
    // given
    let model = ObservedReactor(ProfileReactor())
    var shown: [String] = []
    let view = RenderedView { shown.append("\(model.username) \(model.isFollowing)") }

    // when: each send is followed by a frame, like a SwiftUI run loop turn
    let actions: [ProfileReactor.Action] = [
      .setFollowers(1), .setUsername("ada"), .setUsername("grace"), .setUsername("grace"),
      .setProfileName("Grace"), .toggleFollow, .setFollowers(2), .toggleFollow,
    ]
    for action in actions {
      model.send(action)
      view.renderIfNeeded()
    }

    // then
    XCTAssertEqual(view.invalidations, 3)
    XCTAssertEqual(shown, ["ada false", "grace false", "grace true", "grace false"])
  }

  func test_renderedView_severalChangesBeforeTheNextFrame_rendersOnce() async {
    // given
    let model = ObservedReactor(ProfileReactor())
    var shown: [String] = []
    let view = RenderedView { shown.append(model.username) }

    // when
    model.send(.setUsername("grace"))
    model.send(.setUsername("ada"))
    model.send(.setUsername("alan"))
    view.renderIfNeeded()

    // then
    XCTAssertEqual(view.invalidations, 1)
    XCTAssertEqual(shown, ["ada", "alan"])
  }

  // MARK: Nested key paths, pulses, values that are not Equatable

  func test_tracking_nestedKeyPath_firesOnlyForThatNestedProperty() async {
    // given
    let model = ObservedReactor(ProfileReactor())
    let nameChanges = trackOnce { _ = model[\.profile.name] }
    let cityChanges = trackOnce { _ = model[\.profile.city] }

    // when
    model.send(.setProfileCity("Paris"))

    // then
    XCTAssertEqual(nameChanges.value, 0)
    XCTAssertEqual(cityChanges.value, 1)
    XCTAssertEqual(model[\.profile.city], "Paris")
  }

  func test_tracking_memberOfAStructMember_tracksTheWholeMember() async {
    // given
    let model = ObservedReactor(ProfileReactor())
    let changes = trackOnce { _ = model.profile.name }  // reads \.profile, then .name on the value

    // when
    model.send(.setProfileCity("Paris"))

    // then
    XCTAssertEqual(changes.value, 1)
  }

  func test_tracking_pulseAssignedAnEqualValue_firesEachTime() async {
    // given
    let model = ObservedReactor(ProfileReactor())
    var alerts: [String?] = []
    let view = RenderedView { alerts.append(model.$alert.value) }

    // when
    model.send(.alert("Saved"))
    view.renderIfNeeded()
    model.send(.alert("Saved"))
    view.renderIfNeeded()
    model.send(.setFollowers(3))
    view.renderIfNeeded()

    // then
    XCTAssertEqual(view.invalidations, 2)
    XCTAssertEqual(alerts, [nil, "Saved", "Saved"])
  }

  func test_tracking_pulseOfAValueThatIsNotEquatable_firesOnAssignmentOnly() async {
    // given
    let model = ObservedReactor(ProfileReactor())
    let view = RenderedView { _ = model.$toast }

    // when
    model.send(.setFollowers(3))
    view.renderIfNeeded()
    model.send(.toast(Badge(label: "Copied")))
    view.renderIfNeeded()
    model.send(.toast(Badge(label: "Copied")))
    view.renderIfNeeded()

    // then
    XCTAssertEqual(view.invalidations, 2)
    XCTAssertEqual(model.$toast.value.label, "Copied")
  }

  func test_tracking_valueThatIsNotEquatable_firesOnEveryNewState() async {
    // given
    let model = ObservedReactor(ProfileReactor())
    let changes = trackOnce { _ = model.badge }

    // when
    model.send(.setFollowers(3))

    // then
    XCTAssertEqual(changes.value, 1)
  }

  func test_tracking_wholeState_firesOnEveryNewState() async {
    // given
    let model = ObservedReactor(ProfileReactor())
    let changes = trackOnce { _ = model.state }

    // when
    model.send(.setFollowers(3))

    // then
    XCTAssertEqual(changes.value, 1)
  }

  func test_tracking_actionSentToTheReactorDirectly_fires() async {
    // given
    let reactor = ProfileReactor()
    let model = ObservedReactor(reactor)
    let changes = trackOnce { _ = model.followers }

    // when: a change that does not come through the model
    reactor.send(.setFollowers(7))

    // then
    XCTAssertEqual(changes.value, 1)
    XCTAssertEqual(model.followers, 7)
  }

  // MARK: Beside the other observers

  func test_bridge_besideKeyPathObserversAndStreams_everyoneSeesEveryChange() async {
    // given
    let reactor = ProfileReactor()
    let model = ObservedReactor(reactor)
    var observed: [String] = []
    let token = reactor.observe(\.username) { observed.append($0) }
    let names = BoundedIterator(reactor.values(of: \.username))
    let states = BoundedIterator(reactor.state)
    let changes = trackOnce { _ = model.username }

    // when
    model.send(.setUsername("grace"))

    // then
    XCTAssertEqual(changes.value, 1)
    XCTAssertEqual(observed, ["ada", "grace"])
    let streamed = [
      await names.next("the current username", in: self),
      await names.next("the new username", in: self),
    ]
    XCTAssertEqual(streamed, ["ada", "grace"])
    let first = await states.next("the current state", in: self)
    let second = await states.next("the new state", in: self)
    XCTAssertEqual([first?.username, second?.username], ["ada", "grace"])
    token.cancel()
  }

  // MARK: Starting

  func test_init_doesNotStartTheReactor_theFirstReadDoes() async {
    // given: a reactor that counts the starts of its external streams
    let reactor = StreamStartCounter()

    // when: a model is made, as SwiftUI's `@State` initialisers make and drop them
    let model = ObservedReactor(reactor)

    // then
    XCTAssertEqual(reactor.streamStarts, 0, "making a model must not start the reactor")
    XCTAssertEqual(model.value, 0)
    XCTAssertEqual(reactor.streamStarts, 1, "the first read starts the reactor, once")
    let changes = trackOnce { _ = model.value }
    model.send(.increment)
    XCTAssertEqual(changes.value, 1)
    XCTAssertEqual(reactor.streamStarts, 1)
  }

  // MARK: Lifetime

  func test_releasingTheModel_releasesItsReactor() async {
    // given
    var model: ObservedReactor<ProfileReactor>? = ObservedReactor(ProfileReactor())
    weak let reactor = model?.reactor
    _ = model?.username
    _ = model?.binding(\.username, send: ProfileReactor.Action.setUsername)
    XCTAssertNotNil(reactor)

    // when
    model = nil

    // then
    XCTAssertNil(reactor, "the reactor's observer must not keep the model (and so the reactor) alive")
  }

  func test_releasingTheModel_whileTheReactorLives_endsItsObservation() async {
    // given
    let reactor = ProfileReactor()
    var model: ObservedReactor<ProfileReactor>? = ObservedReactor(reactor)
    weak let weakModel = model
    _ = model?.username

    // when
    model = nil
    reactor.send(.setUsername("grace"))

    // then
    XCTAssertNil(weakModel, "the reactor must not keep the model alive")
    XCTAssertEqual(reactor.currentState.username, "grace")
  }

  func test_releasingTheModel_whileAViewTracksIt_invalidatesTheViewAtMostOnce() async {
    // Newer Observation runtimes tell a tracking that its model went away, through a key path they
    // make from the root type of a tracked key (the model's keys are the state's key paths); the
    // runtime of Swift 6.3 drops the tracking silently.
    // given
    var model: ObservedReactor<ProfileReactor>? = ObservedReactor(ProfileReactor())
    weak let weakModel = model
    let changes = trackOnce {
      _ = model?.username
      _ = model?[\.profile.city]
    }

    // when
    model = nil

    // then
    XCTAssertNil(weakModel, "a view's tracking must not keep the model alive")
    XCTAssertLessThanOrEqual(changes.value, 1)
  }
}

// MARK: - Observers that observe again

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
final class ObservedReactorObserverTests: XCTestCase {
  func test_tracking_secondViewReadsAfterTheFirstWasInvalidated_bothAreInvalidated() async {
    // given
    let model = ObservedReactor(ProfileReactor())
    let first = trackOnce { _ = model.username }
    model.send(.setUsername("grace"))
    let second = trackOnce { _ = model.username }

    // when
    model.send(.setUsername("alan"))

    // then
    XCTAssertEqual(first.value, 1)
    XCTAssertEqual(second.value, 1)
  }

  func test_observations_sequenceOfAProperty_seesEachChange() async {
    guard #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) else { return }
    // given
    let model = ObservedReactor(ProfileReactor())
    let seen = ["ada", "grace", "alan"].map { expectation(description: "Observations delivered \($0)") }
    let log = NameLog()
    let names = Observations { model.username }
    let consumer = Task { @MainActor in
      for await name in names {
        log.names.append(name)
        if log.names.count <= seen.count { seen[log.names.count - 1].fulfill() }
      }
    }
    // A failed wait must not leave the test waiting on the consumer.
    defer { consumer.cancel() }
    await fulfillment(of: [seen[0]], timeout: 5)

    // when
    model.send(.setFollowers(1))
    model.send(.setUsername("grace"))
    await fulfillment(of: [seen[1]], timeout: 5)
    model.send(.setUsername("alan"))
    await fulfillment(of: [seen[2]], timeout: 5)

    // then
    XCTAssertEqual(log.names, ["ada", "grace", "alan"])
  }
}

/// Counts how many times its external streams were started, that is, how many times it started.
@MainActor
private final class StreamStartCounter: Reactor {
  enum Action: Sendable { case increment }
  struct State: Equatable, Sendable { var value = 0 }

  let initialState = State()
  let runtime = Runtime()
  private(set) var streamStarts = 0

  func externalActions() -> Effect<Action> {
    streamStarts += 1
    return .none
  }

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    state.value += 1
    return state
  }
}

@MainActor
private final class NameLog {
  var names: [String] = []
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
final class ObservedReactorKeyPathTests: XCTestCase {
  func test_tracking_keyPathsMadeOnTheFly_areOnePropertyPerPath() async {
    // given: a new key path object for each read, as code that builds key paths makes them
    let model = ObservedReactor(ProfileReactor())
    let city = { (\ProfileReactor.State.profile).appending(path: \ProfileReactor.Profile.city) }
    for _ in 0..<200 { _ = model[city()] }
    let cityChanges = trackOnce { _ = model[city()] }
    let nameChanges = trackOnce { _ = model[(\ProfileReactor.State.profile).appending(path: \.name)] }

    // when
    model.send(.setProfileCity("Paris"))

    // then
    XCTAssertEqual(cityChanges.value, 1)
    XCTAssertEqual(nameChanges.value, 0)
    XCTAssertEqual(model[city()], "Paris")
  }

  func test_tracking_modelsOfOneTypeReadingTheSameProperties_areInvalidatedEachByItsOwnReactor() async {
    // given: rows of a list, each its own model of one type, read through the same literals and,
    // for the city, a key path made on the fly (each model tracks its own properties)
    let rows = (0..<3).map { _ in ObservedReactor(ProfileReactor()) }
    let city = { (\ProfileReactor.State.profile).appending(path: \ProfileReactor.Profile.city) }
    let nameChanges = rows.map { row in trackOnce { _ = row.username } }
    let cityChanges = rows.map { row in trackOnce { _ = row[city()] } }

    // when
    rows[1].send(.setUsername("grace"))
    rows[2].send(.setProfileCity("Paris"))

    // then
    XCTAssertEqual(nameChanges.map(\.value), [0, 1, 0])
    XCTAssertEqual(cityChanges.map(\.value), [0, 0, 1])
    XCTAssertEqual(rows.map(\.username), ["ada", "grace", "ada"])
    XCTAssertEqual(rows.map { $0[city()] }, ["London", "London", "Paris"])
  }
}
