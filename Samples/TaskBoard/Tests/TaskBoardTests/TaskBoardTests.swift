import Foundation
import ReactorFlowTesting
import Testing

@testable import TaskBoard

// Swift Testing with the app target's settings: main-actor by default, as the reactors are.

struct BoardTests {
  @Test func refreshShowsARowPerTaskExhaustively() async {
    // given
    let service = TaskServiceMock()
    service.tasksSpy.returns([.milk, .tests])
    let tester = ReactorTester(TaskListReactor(service: service))

    // when
    await tester.send(.refresh) { $0.isLoading = true }

    // then
    await tester.receive(.setTasks([.milk, .tests])) {
      $0.rows = tester.state.rows  // new row reactors: equal by instance
      $0.tasks = [.milk, .tests]
    }
    await tester.receive(.setLoading(false)) { $0.isLoading = false }
    await tester.finish()
    #expect(tester.state.rows.ids == ["1", "2"])
    #expect(tester.state.rows.map(\.currentState.task) == [.milk, .tests])
  }

  @Test func theHeaderFollowsARowsLike() async {
    // given
    let service = TaskServiceMock()
    service.tasksSpy.returns([.milk])
    var liked = TaskItem.milk
    liked.isLiked = true
    liked.likeCount = 3
    service.setLikedSpy.returns(.success(liked))
    let tester = ReactorTester(TaskListReactor(service: service))
    await tester.send(.refresh) { $0.isLoading = true }
    await tester.receive(.setTasks([.milk])) {
      $0.rows = tester.state.rows
      $0.tasks = [.milk]
    }
    await tester.receive(.setLoading(false)) { $0.isLoading = false }

    // when: the row is liked; the parent's copy follows (adopt(_:state:action:))
    await tester.send(.toggleLike, to: \.rows[id: "1"]) { $0.task = liked }

    // then
    await tester.receive(.replace(liked)) { $0.tasks = [liked] }
    await tester.finish()
    #expect(tester.state.summary == "1 tasks · 0 done · 1 liked")
    #expect(service.setLikedSpy.allArguments.map(\.isLiked) == [true])
  }

  @Test func aTaskCreatedElsewhereBecomesARowOnce() async {
    // given: a loaded board, and the events of an editor's save at ticks 1 and 2
    let clock = TestClock()
    let service = TaskServiceMock()
    service.tasksSpy.returns([.milk])
    let board = TaskListReactor(service: service)
    await board.send(.refresh).finish()
    let taskCounts = board.record(\.tasks.count, clock: clock)
    let plants = TaskItem(id: "3", title: "Water plants")
    clock.schedule(at: clock.now.advanced(by: .seconds(1))) { service.events.post(.created(plants)) }
    // The same event again (a second subscriber's echo): the board already has the task.
    clock.schedule(at: clock.now.advanced(by: .seconds(2))) { service.events.post(.created(plants)) }

    // when
    await clock.run()

    // then
    #expect(taskCounts.events == [.next(0, 1), .next(1, 2)])
    #expect(board.currentState.rows.ids == ["1", "3"])
  }
}

struct RowTests {
  @Test func aRowMapsOnlyItsOwnTasksEvents() async {
    // given
    let clock = TestClock()
    let service = TaskServiceMock()
    let row = TaskCellReactor(task: .milk, service: service)
    let tasks = row.record(\.task, clock: clock)
    var renamedTests = TaskItem.tests
    renamedTests.title = "Write more tests"
    var oatMilk = TaskItem.milk
    oatMilk.title = "Buy oat milk"
    var done = oatMilk
    done.isDone = true
    clock.schedule(at: clock.now.advanced(by: .seconds(1))) { service.events.post(.updated(renamedTests)) }
    clock.schedule(at: clock.now.advanced(by: .seconds(2))) {
      service.events.post(.updated(oatMilk))
    }
    clock.schedule(at: clock.now.advanced(by: .seconds(3))) { row.send(.toggleDone) }

    // when
    service.updateSpy.handler = { task in
      service.events.post(.updated(task))  // what the live service announces once it saved
      return task
    }
    await clock.run()

    // then: another task's event changed nothing; the row's own did, and so did its toggle
    #expect(tasks.events == [.next(0, .milk), .next(2, oatMilk), .next(3, done)])
    #expect(service.updateSpy.allArguments == [done])
  }
}

struct EditorTests {
  @Test func cancelWithChangesUserKeepsEditingStays() async {
    // given: the user will tap "Keep Editing"
    let alerts = AlertServiceMock()
    alerts.chooseSpy.returns(.keepEditing)
    let tester = ReactorTester(TaskEditReactor(mode: .create, service: TaskServiceMock(), alerts: alerts))
    await tester.send(.edit("Call mum")) {
      $0.draft = "Call mum"
      $0.canSave = true
    }

    // when
    await tester.send(.cancel)
    await tester.finish()

    // then: no mutation, still editing
    #expect(!tester.state.isDismissed)
    #expect(alerts.chooseSpy.callCount == 1)
  }

  @Test func cancelWithoutChangesDismissesWithoutAsking() async {
    // given
    let alerts = AlertServiceMock()
    let tester = ReactorTester(
      TaskEditReactor(mode: .edit(.milk), service: TaskServiceMock(), alerts: alerts))

    // when
    await tester.send(.cancel) { $0.isDismissed = true }

    // then
    await tester.finish()
    #expect(!alerts.chooseSpy.called)
  }

  @Test func aBlankTitleCannotBeSaved() async {
    // given
    let service = TaskServiceMock()
    let tester = ReactorTester(TaskEditReactor(mode: .create, service: service, alerts: AlertServiceMock()))

    // when
    await tester.send(.edit("   ")) { $0.draft = "   " }
    await tester.send(.save)

    // then: the base reactor asked the subclass, which said no
    await tester.finish()
    #expect(!service.createSpy.called)
  }

  @Test func savingAnEditUpdatesTheTaskThroughTheService() async {
    // given
    let service = TaskServiceMock()
    var renamed = TaskItem.milk
    renamed.title = "Buy oat milk"
    service.updateSpy.returns(renamed)
    let tester = ReactorTester(
      TaskEditReactor(mode: .edit(.milk), service: service, alerts: AlertServiceMock()))
    await tester.send(.edit("Buy oat milk")) {
      $0.draft = "Buy oat milk"
      $0.canSave = true
    }

    // when
    await tester.send(.save) {
      $0.isSaving = true
      $0.canSave = false
    }

    // then
    await tester.receive(.dismiss) { $0.isDismissed = true }
    await tester.receive(.setSaving(false)) {
      $0.isSaving = false
      $0.canSave = true
    }
    await tester.finish()
    #expect(service.updateSpy.allArguments == [renamed])
    #expect(!service.createSpy.called)
  }
}
