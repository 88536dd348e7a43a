import ReactorFlow
import ReactorFlowTestSupport
import ReactorFlowTesting
import XCTest

/// The tester with a parent and its children: sends to a child through the parent, the child's
/// outputs, the parent's resulting mutations, and child effects left running.
@MainActor
final class ReactorTesterChildrenTests: XCTestCase {
  func test_sendToChild_outputAndParentMutations_areReceivedInOrder() async {
    // given
    let clock = TestClock()
    weak var editor: EditorReactor?
    let tester = ReactorTester(
      NotesReactor(makeEditor: {
        let made = EditorReactor(clock: clock)
        editor = made
        return made
      }))
    await tester.send(.edit) { $0.editor = editor.map(Child.init) }

    // when: the child's synchronous change, then its effect, then its output
    await tester.send(.type("milk"), to: \.editor) { $0.text = "milk" }
    await tester.send(.save, to: \.editor) { $0.isSaving = true }
    await clock.advance(by: .seconds(1))

    // then
    await tester.receiveOutput(EditorReactor.Output.didSave("milk"))
    await tester.receive(.append("milk")) { $0.notes = ["milk"] }
    await tester.receive(.setEditor(nil)) { $0.editor = nil }
    await tester.finish()
    XCTAssertNil(editor, "the state dropped the editor: nothing else holds it")
  }

  func test_sendToChild_synchronousOutput_reachesTheParentBeforeTheStepReturns() async {
    // given
    let tester = ReactorTester(NotesReactor(makeEditor: { EditorReactor(clock: TestClock()) }))
    await tester.send(.edit) { $0.editor = tester.state.editor }

    // when
    await tester.send(.cancel, to: \.editor)

    // then
    XCTAssertNil(tester.state.editor)
    await tester.receiveOutput(EditorReactor.Output.didCancel)
    await tester.receive(.setEditor(nil)) { $0.editor = nil }
    await tester.finish()
  }

  func test_finish_childEffectStillRunning_fails() async {
    // given: the editor stays in the state with an effect that never ends by itself
    let tester = ReactorTester(NotesReactor(makeEditor: { EditorReactor(clock: TestClock()) }))
    await tester.send(.edit) { $0.editor = tester.state.editor }
    await tester.send(.autosave, to: \.editor)

    // when
    let failures = await captureFailures { await tester.finish() }

    // then
    XCTAssertEqual(failures.count, 1)
    let message = failures.first?.message ?? ""
    XCTAssertTrue(
      message.hasPrefix(
        """
        The test ended while children of NotesReactor still had effects running:
          • 1 effect(s) of EditorReactor
        """), message)
    XCTAssertTrue(
      message.contains(
        "effect started by .autosave of EditorReactor, a child of NotesReactor is sleeping on a TestClock"),
      message)

    // when: the parent drops the editor, which cancels its effect
    await tester.send(.closeEditor) { $0.editor = nil }
    // then
    await tester.finish()
  }

  func test_finish_childDroppedButKeptAliveWithARunningEffect_fails() async {
    // given: the test itself keeps the editor that the state dropped
    let clock = TestClock()
    let editor = EditorReactor(clock: clock)
    let tester = ReactorTester(NotesReactor(makeEditor: { editor }))
    await tester.send(.edit) { $0.editor = Child(editor) }
    await tester.send(.autosave, to: \.editor)
    await tester.send(.closeEditor) { $0.editor = nil }

    // when
    let failures = await captureFailures { await tester.finish() }

    // then
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(failures.first?.message.contains("  • 1 effect(s) of EditorReactor") ?? false)
    withExtendedLifetime(editor) {}
  }

  func test_finish_outputNotReceived_fails() async {
    // given
    let tester = ReactorTester(NotesReactor(makeEditor: { EditorReactor(clock: TestClock()) }))
    await tester.send(.edit) { $0.editor = tester.state.editor }
    await tester.send(.cancel, to: \.editor)
    await tester.receive(.setEditor(nil)) { $0.editor = nil }

    // when
    let failures = await captureFailures { await tester.finish() }

    // then
    XCTAssertEqual(
      failures.map(\.message),
      [
        """
        the end of the test came before the test received 1 output(s) that children announced:
          • didCancel (from EditorReactor)
        Fix: assert each with `await tester.receiveOutput(...)`, call skipReceivedMutations(), or \
        set exhaustivity = .off.
        """
      ])
  }

  func test_sendToChild_noChildThere_fails() async {
    // given
    let tester = ReactorTester(NotesReactor(makeEditor: { EditorReactor(clock: TestClock()) }))

    // when
    let failures = await captureFailures {
      let task = await tester.send(.cancel, to: \.editor)
      XCTAssertNil(task)
    }

    // then
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(
      failures.first?.message.hasPrefix(
        "send(cancel, to: \\State.editor): the state of NotesReactor holds no EditorReactor there.")
        ?? false, failures.first?.message ?? "")
  }

  func test_receiveOutput_otherOutput_failsWithBoth() async {
    // given
    let tester = ReactorTester(NotesReactor(makeEditor: { EditorReactor(clock: TestClock()) }))
    await tester.send(.edit) { $0.editor = tester.state.editor }
    await tester.send(.cancel, to: \.editor)

    // when
    let failures = await captureFailures {
      await tester.receiveOutput(EditorReactor.Output.didSave("x"))
    }

    // then
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(
      failures.first?.message.hasPrefix(
        """
        Received an output other than the one expected:
          − didSave("x")
          + didCancel (from EditorReactor)
        """) ?? false, failures.first?.message ?? "")
    tester.skipReceivedMutations()
  }

  func test_testerOfAChild_receivesItsOwnOutputs() async {
    // given
    let clock = TestClock()
    let tester = ReactorTester(EditorReactor(clock: clock))

    // when
    await tester.send(.type("tea")) { $0.text = "tea" }
    await tester.send(.save) { $0.isSaving = true }
    await clock.advance(by: .seconds(1))

    // then
    await tester.receive(.saved) { $0.isSaving = false }
    await tester.receiveOutput(EditorReactor.Output.didSave("tea"))
    await tester.finish()
  }

  func test_testerOfAnAdoptedChild_leavesItsOutputsToTheParent() async throws {
    // given
    let parent = NotesReactor(makeEditor: { EditorReactor(clock: TestClock()) })
    parent.send(.edit)
    let editor = try XCTUnwrap(parent.currentState.editor?.reactor)
    let tester = ReactorTester(editor)

    // when
    await tester.send(.cancel)

    // then: the parent got the output, as in production
    XCTAssertNil(parent.currentState.editor)
    await tester.finish()
  }
}
