import Foundation
import ReactorFlowTesting
import XCTest

@testable import TaskBoard

/// Nonisolated and synchronous: the fixture and the model's `Codable` conformance are used off
/// the main actor, as `nonisolated` declarations allow.
final class TaskItemFixtureTests: XCTestCase {
  func test_fixture_roundTripsThroughJSON() throws {
    let data = try JSONEncoder().encode(TaskItem.milk)
    XCTAssertEqual(try JSONDecoder().decode(TaskItem.self, from: data), .milk)
    XCTAssertEqual(try JSONDecoder().decode([TaskItem].self, from: TaskItem.milkJSON), [.milk])
  }
}

/// The live task service over a store mock: one client calling the other.
final class TaskServiceTests: XCTestCase {
  func test_create_appendsToTheStoredTasksAndAnnouncesIt() async throws {
    // given
    let store = KeyValueStoreMock()
    store.dataSpy.returns(TaskItem.milkJSON)
    let service = TaskService(store: store, makeID: { "9" })
    var events = service.events.events.makeAsyncIterator()

    // when
    let created = try await service.create(title: "Call mum")

    // then
    XCTAssertEqual(created, TaskItem(id: "9", title: "Call mum"))
    XCTAssertEqual(store.setDataSpy.callCount, 1)
    let saved = try XCTUnwrap(store.setDataSpy.lastArguments)
    XCTAssertEqual(saved.key, TaskService.key)
    XCTAssertEqual(try JSONDecoder().decode([TaskItem].self, from: saved.data), [.milk, created])
    // Ending the bus bounds the wait: the subscription ends after the events already posted.
    service.events.finish()
    let event = await events.next()
    XCTAssertEqual(event, .created(created))
  }

  func test_setLiked_unknownTask_throwsAndSavesNothing() async {
    // given
    let store = KeyValueStoreMock()
    store.dataSpy.returns(TaskItem.milkJSON)
    let service = TaskService(store: store)

    // when
    do {
      _ = try await service.setLiked(true, taskID: "404")
      XCTFail("expected TaskNotFound")
    } catch {
      // then
      XCTAssertEqual(error as? TaskNotFound, TaskNotFound(id: "404"))
    }
    XCTAssertFalse(store.setDataSpy.called)
  }
}

@MainActor
final class TaskBoardReactorXCTests: XCTestCase {
  func test_refresh_expectationFulfilledByTheLoadedState() async {
    // given
    let service = TaskServiceMock()
    service.tasksSpy.returns([.milk, .tests])
    let board = TaskListReactor(service: service)
    let loaded = expectation(for: board) { $0.tasks.count == 2 && !$0.isLoading }

    // when
    board.send(.refresh)

    // then
    await fulfillment(of: [loaded], timeout: 5)
    XCTAssertEqual(board.currentState.rows.ids, ["1", "2"])
    XCTAssertEqual(board.currentState.summary, "2 tasks · 1 done · 0 liked")
  }

  func test_like_requestFails_rowAndHeaderGoBack() async {
    // given: the like request fails
    let service = TaskServiceMock()
    service.tasksSpy.returns([.milk])
    service.setLikedSpy.returns(.failure(TaskNotFound(id: "1")))
    let board = TaskListReactor(service: service)
    await board.send(.refresh).finish()
    guard let row = board.currentState.rows[id: "1"] else { return XCTFail("no row for task 1") }
    var liked = TaskItem.milk
    liked.isLiked = true
    liked.likeCount = 3

    // when
    let likeCounts = row.reactor.record(\.task.likeCount)
    await row.send(.toggleLike).finish()

    // then: liked at once, then undone; the header followed both
    XCTAssertEqual(likeCounts.values, [2, 3, 2])
    XCTAssertEqual(board.currentState.tasks, [.milk])
    XCTAssertEqual(service.setLikedSpy.lastArguments?.taskID, "1")
  }

  func test_cancel_changedDraft_userDiscards_dismisses() async {
    // given: the user will tap "Discard"
    let alerts = AlertServiceMock()
    alerts.chooseSpy.returns(.discard)
    let tester = ReactorTester(
      TaskEditReactor(mode: .edit(.milk), service: TaskServiceMock(), alerts: alerts))

    // when
    await tester.send(.edit("Buy oat milk")) {
      $0.draft = "Buy oat milk"
      $0.canSave = true
    }
    await tester.send(.cancel)

    // then
    await tester.receive(.dismiss) { $0.isDismissed = true }
    await tester.finish()
    XCTAssertEqual(alerts.chooseSpy.lastArguments?.title, "Discard changes?")
    XCTAssertEqual(alerts.chooseSpy.lastArguments?.choices, [.discard, .keepEditing])
  }

  func test_save_answerAfterASecond_showsSavingUntilThen() async {
    // given: creating takes a second on the test's clock
    let clock = TestClock()
    let service = TaskServiceMock()
    service.createSpy.returns(TaskItem(id: "3", title: "Call mum"))
    service.createSpy.returnsAfter(.seconds(1), on: clock)
    let tester = ReactorTester(TaskEditReactor(mode: .create, service: service, alerts: AlertServiceMock()))
    await tester.send(.edit("Call mum")) {
      $0.draft = "Call mum"
      $0.canSave = true
    }

    // when
    await tester.send(.save) {
      $0.isSaving = true
      $0.canSave = false
    }
    await clock.advance(by: .milliseconds(999))
    XCTAssertTrue(tester.state.isSaving)
    await clock.advance(by: .milliseconds(1))

    // then
    await tester.receive(.dismiss) { $0.isDismissed = true }
    await tester.receive(.setSaving(false)) {
      $0.isSaving = false
      $0.canSave = true
    }
    await tester.finish()
    XCTAssertEqual(service.createSpy.allArguments, ["Call mum"])
  }
}
