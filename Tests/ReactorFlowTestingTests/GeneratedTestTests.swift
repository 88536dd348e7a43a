import Foundation
import ReactorFlow
import ReactorFlowTesting
import XCTest

/// Generated tests on the till with a planted bug (`CheckoutReactor`): found, shrunk to the four
/// actions that reach it, and reported as a tester test and a recording.
@MainActor
final class GeneratedTestTests: XCTestCase {
  private func makeReactor(clock: TestClock) -> CheckoutReactor {
    CheckoutReactor(clock: clock)
  }

  private func makeTest(seed: UInt64? = 0xC0FFEE) -> GeneratedTest<CheckoutReactor> {
    var test = GeneratedTest(
      seed: seed, actions: CheckoutProperties.actions, invariants: CheckoutProperties.invariants,
      make: makeReactor)
    test.printsReport = false
    return test
  }

  func test_plantedBug_isShrunkToTheFourActionsThatReachIt() async throws {
    // given
    let test = makeTest()

    // when
    var report: GeneratedTestReport<CheckoutReactor>?
    let failures = await captureFailures { report = await test.run() }

    // then
    XCTAssertEqual(failures.count, 1)
    let failure = try XCTUnwrap(report?.failure)
    XCTAssertEqual(failure.invariant, "every receipt's total is the sum of its items")
    XCTAssertEqual(
      failure.steps, [.send(.add(price: 1)), .send(.add(price: 1)), .send(.add(price: 1)), .send(.checkout)])
    XCTAssertGreaterThan(failure.originalStepCount, 4)
    XCTAssertTrue(failure.reproduces)
    XCTAssertEqual(failures.first?.message, failure.description)
    print(failure)
  }

  func test_plantedBug_withManySeeds_isAlwaysShrunkToTheSameFourActions() async throws {
    for seed in UInt64(1)...8 {
      // given
      let test = makeTest(seed: seed)

      // when
      var report: GeneratedTestReport<CheckoutReactor>?
      _ = await captureFailures { report = await test.run() }

      // then
      let failure = try XCTUnwrap(report?.failure, "seed \(seed)")
      XCTAssertEqual(
        failure.steps,
        [.send(.add(price: 1)), .send(.add(price: 1)), .send(.add(price: 1)), .send(.checkout)],
        "seed \(seed)")
    }
  }

  func test_plantedBug_messageShowsTheSequenceTheDiffAndTheSeed() async throws {
    // given
    let test = makeTest()

    // when
    let failures = await captureFailures { await test.run() }

    // then
    let message = try XCTUnwrap(failures.first?.message)
    XCTAssertTrue(
      message.hasPrefix(
        "A generated test of CheckoutReactor broke \"every receipt's total is the sum of its items\" at step 4"
      ),
      message)
    XCTAssertTrue(message.contains("REACTORFLOW_SEED=0xC0FFEE"), message)
    XCTAssertTrue(
      message.contains(
        """
        Minimal sequence:
          1. send(.add(price: 1))
          2. send(.add(price: 1))
          3. send(.add(price: 1))
          4. send(.checkout)   ← "every receipt's total is the sum of its items" broke here
        """), message)
    XCTAssertTrue(message.contains("+       - total: 2"), message)
  }

  func test_plantedBug_testerSource_isTheTestBelow() async throws {
    // given
    let test = makeTest()

    // when
    var report: GeneratedTestReport<CheckoutReactor>?
    _ = await captureFailures { report = await test.run() }

    // then
    XCTAssertEqual(
      report?.failure?.testerSource,
      """
      let clock = TestClock()
      let tester = ReactorTester(makeReactor(clock: clock))
      await tester.send(.add(price: 1)) {
        $0.items = [1]
      }
      await tester.send(.add(price: 1)) {
        $0.items = [1, 1]
      }
      await tester.send(.add(price: 1)) {
        $0.items = [1, 1, 1]
      }
      await tester.send(.checkout) { _ in
        // "every receipt's total is the sum of its items" broke here. The reducer made:
        //   $0.items = []
        //   $0.receipts = [CheckoutReactor.Receipt(items: [1, 1, 1], total: 2)]
        // Write the state the fixed reducer makes instead.
      }
      await tester.finish()
      """)
  }

  /// The tester source above, pasted: it fails at `checkout`, the step that broke the invariant.
  func test_pastedTesterSource_failsAtTheBrokenStep() async {
    // when
    let failures = await captureFailures {
      let clock = TestClock()
      let tester = ReactorTester(makeReactor(clock: clock))
      await tester.send(.add(price: 1)) {
        $0.items = [1]
      }
      await tester.send(.add(price: 1)) {
        $0.items = [1, 1]
      }
      await tester.send(.add(price: 1)) {
        $0.items = [1, 1, 1]
      }
      await tester.send(.checkout) { _ in
        // "every receipt's total is the sum of its items" broke here. The reducer made:
        //   $0.items = []
        //   $0.receipts = [CheckoutReactor.Receipt(items: [1, 1, 1], total: 2)]
        // Write the state the fixed reducer makes instead.
      }
      await tester.finish()
    }

    // then
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(failures.first?.message.hasPrefix("The state after send(checkout)") == true)
  }

  func test_plantedBug_recordingReplaysAndIsWrittenAsJSON() async throws {
    // given
    let test = makeTest()
    var report: GeneratedTestReport<CheckoutReactor>?
    _ = await captureFailures { report = await test.run() }
    let failure = try XCTUnwrap(report?.failure)

    // when
    let replayed = makeReactor(clock: TestClock()).assertReplays(failure.recording)
    let file = try XCTUnwrap(failure.recordingFile)
    let decoded = try JSONDecoder().decode(
      CheckoutReactor.Recording.self, from: Data(contentsOf: URL(fileURLWithPath: file)))

    // then
    XCTAssertTrue(replayed)
    XCTAssertEqual(failure.recording.steps.count, 8, "four actions and their mutations")
    XCTAssertTrue(makeReactor(clock: TestClock()).assertReplays(decoded))
  }

  func test_fixedReducer_passesAndItsRecordingBecomesTheRegressionTest() async throws {
    // given
    var test = makeTest()
    let steps: [GeneratedTest<CheckoutReactor>.Step] = [
      .send(.add(price: 1)), .send(.add(price: 1)), .send(.add(price: 1)), .send(.checkout),
    ]
    let buggy = await captureFailures { _ = await test.check(steps) }
    test = GeneratedTest(
      seed: 0xC0FFEE, actions: CheckoutProperties.actions, invariants: CheckoutProperties.invariants
    ) { CheckoutReactor(clock: $0, isFixed: true) }
    test.printsReport = false

    // when
    let report = await test.run()
    let fixedCheck = await test.check(steps)
    let recording = await test.record(steps)

    // then
    XCTAssertEqual(buggy.count, 1)
    XCTAssertTrue(buggy.first?.message.hasPrefix("\"every receipt's total") == true, "\(buggy)")
    XCTAssertNil(report.failure)
    XCTAssertEqual(report.steps, report.runs * 30)
    XCTAssertTrue(fixedCheck)
    XCTAssertTrue(CheckoutReactor(clock: TestClock(), isFixed: true).assertReplays(recording))
    let failures = captureFailures { _ = CheckoutReactor(clock: TestClock()).assertReplays(recording) }
    XCTAssertEqual(failures.count, 1, "the planted bug diverges from the fixed recording")
  }

  func test_sameSeed_sameRunsAndFailure() async throws {
    // given
    let test = makeTest(seed: 42)

    // when
    var first: GeneratedTestReport<CheckoutReactor>?
    var second: GeneratedTestReport<CheckoutReactor>?
    _ = await captureFailures {
      first = await test.run()
      second = await test.run()
    }

    // then
    let failure = try XCTUnwrap(first?.failure)
    XCTAssertEqual(failure.run, second?.failure?.run)
    XCTAssertEqual(failure.originalStepCount, second?.failure?.originalStepCount)
    XCTAssertEqual(failure.description, second?.failure?.description)
    XCTAssertEqual(first?.actionCoverage, second?.actionCoverage)
  }

  func test_coverage_namesReachedAndNeverReachedCases() async {
    // given
    var test = GeneratedTest(
      runs: 20, steps: 10, seed: 7,
      actions: .oneOf(.constant(.clear), .constant(.removeLast)),
      invariants: CheckoutProperties.invariants, make: makeReactor)
    test.printsReport = false
    test.actionCases = ["add", "removeLast", "checkout", "clear", "checkoutLater"]
    test.mutationCases = ["add", "removeLast", "checkout", "clear"]
    test.requiresFullCoverage = true

    // when
    var report: GeneratedTestReport<CheckoutReactor>?
    let failures = await captureFailures { report = await test.run() }

    // then
    XCTAssertEqual(report?.actionCoverage.neverReached, ["add", "checkout", "checkoutLater"])
    XCTAssertEqual(report?.mutationCoverage.neverReached, ["add", "removeLast", "checkout"])
    XCTAssertEqual(report?.mutationCoverage.reached.keys.sorted(), ["clear"])
    XCTAssertEqual(failures.count, 2)
    XCTAssertTrue(
      failures.first?.message.contains("never reached add, checkout, checkoutLater") == true,
      failures.first?.message ?? "")
  }

  func test_coverage_withoutTheCaseList_saysItCannotKnowWhatWasMissed() async {
    // given
    var test = GeneratedTest(
      runs: 5, steps: 5, seed: 7, actions: .constant(.clear),
      invariants: [], make: makeReactor)
    test.printsReport = false

    // when
    let report = await test.run()

    // then
    XCTAssertNil(report.mutationCoverage.neverReached)
    XCTAssertEqual(
      report.mutationCoverage.description,
      "Mutation: clear 25 (all cases unknown: make it CaseIterable or list them)")
    XCTAssertEqual(report.actionCoverage.description, "Action: clear 25 (1 of 1 cases)")
  }
}

/// The article's way from a failure to a regression test: record the minimal sequence.
@MainActor
final class GeneratedTestRecordingTests: XCTestCase {
  private func makeReactor(clock: TestClock) -> CheckoutReactor {
    CheckoutReactor(clock: clock)
  }

  func test_recordOfAFailuresSteps_replays() async throws {
    // given
    var test = GeneratedTest(
      seed: 3, actions: CheckoutProperties.actions, invariants: CheckoutProperties.invariants,
      make: makeReactor)
    test.printsReport = false
    var report: GeneratedTestReport<CheckoutReactor>?
    _ = await captureFailures { report = await test.run() }
    let failure = try XCTUnwrap(report?.failure)

    // when
    let recording = await test.record(failure.steps)
    makeReactor(clock: TestClock()).assertReplays(recording)

    // then
    XCTAssertEqual(recording.steps.count, 8)
  }
}

/// The invariant every generated test checks without being told: no effect throws an error that
/// nothing handles.
@MainActor
final class GeneratedTestUnhandledErrorTests: XCTestCase {
  private struct Offline: Error {}

  private final class UploadReactor: Reactor {
    enum Action: Sendable, Equatable { case edit, upload }
    enum Mutation: Sendable { case edited }
    struct State: Sendable, Equatable { var edits = 0 }

    let initialState = State()
    let runtime = Runtime()

    func mutate(action: Action) -> Effect<Mutation> {
      switch action {
      case .edit: .send(.edited)
      case .upload: .run { _ in throw Offline() }
      }
    }

    func reduce(state: State, mutation: Mutation) -> State {
      State(edits: state.edits + 1)
    }
  }

  func test_effectThrowingAnUnhandledError_isShrunkToTheActionThatStartsIt() async throws {
    // given
    var test = GeneratedTest(
      seed: 9, actions: .oneOf(.constant(.edit), .constant(.upload)), invariants: []
    ) { _ in UploadReactor() }
    test.printsReport = false

    // when
    var report: GeneratedTestReport<UploadReactor>?
    let failures = await captureFailures { report = await test.run() }

    // then
    XCTAssertEqual(failures.count, 1)
    let failure = try XCTUnwrap(report?.failure)
    XCTAssertEqual(failure.invariant, "no effect throws an error that nothing handles")
    XCTAssertEqual(failure.steps, [.send(.upload)])
    XCTAssertTrue(failure.description.contains("(Offline())"), failure.description)
  }
}
