import ReactorFlowTools
extension GeneratedTest {
  /// The minimal sequence as the body of a ``ReactorTester`` test: one `send` or `advance` per
  /// step, one `receive` per mutation an effect sent, each asserting the fields it changed.
  ///
  /// The step that broke the invariant asserts nothing and lists, in a comment, what the reducer
  /// made: in an exhaustive test it fails there, showing the diff, until someone writes the
  /// state the fixed reducer makes. When a changed value cannot be written as Swift (see
  /// ``SwiftSource``), the test is not exhaustive and checks the fields it writes.
  func testerSource(
    _ records: [GeneratedRun<R>.StepRecord], breach: GeneratedRun<R>.Breach, name: String,
    effectsRunning: Int
  ) -> String {
    let mutationsAreEquatable = DynamicEquality.comparator(for: R.Mutation.self) != nil
    var body: [String] = []
    var isExhaustive = true
    var usesClock = reactorExpression.contains("clock")

    func assertion(_ before: R.State, _ after: R.State, breaks: Bool) -> String {
      let (lines, isComplete) = Self.changes(from: before, to: after)
      if !isComplete { isExhaustive = false }
      if breaks {
        let made = lines.isEmpty ? ["//   (no field changed)"] : lines.map { "//   " + $0 }
        return " { _ in\n  // \(name) broke here. The reducer made:\n"
          + made.map { "  " + $0 }.joined(separator: "\n")
          + "\n  // Write the state the fixed reducer makes instead.\n}"
      }
      guard !lines.isEmpty else { return "" }
      return " {\n" + lines.map { "  " + $0 }.joined(separator: "\n") + "\n}"
    }

    for (index, record) in records.enumerated() {
      let breaksHere = index == breach.step
      switch record.step {
      case .send(let action):
        let written = SwiftSource.literal(action) ?? SwiftSource.expression(action)
        body.append(
          "await tester.send(\(written))"
            + assertion(record.before, record.afterSend, breaks: breaksHere && record.effectMutations.isEmpty)
        )
      case .advance(let duration):
        usesClock = true
        body.append("await clock.advance(by: \(SwiftSource.expression(duration)))")
      }
      var previous = record.afterSend
      for (position, entry) in record.effectMutations.enumerated() {
        let after = entry.state ?? previous
        let matcher: String
        if mutationsAreEquatable, let literal = SwiftSource.literal(entry.mutation) {
          matcher = "(\(literal))"
        } else {
          let name = SwiftSource.caseName(entry.mutation)
          matcher = "(where: { if case .\(name) = $0 { true } else { false } })"
        }
        let breaks = breaksHere && position == record.effectMutations.count - 1
        body.append("await tester.receive\(matcher)" + assertion(previous, after, breaks: breaks))
        previous = after
      }
    }
    if breach.step < 0 {
      body.append("// \(name) is broken by the initial state.")
    }
    var header: [String] = []
    if usesClock { header.append("let clock = TestClock()") }
    header.append("let tester = ReactorTester(\(reactorExpression))")
    if !isExhaustive {
      header.append(
        "// Some changed values cannot be written as Swift: the test checks the fields it writes.")
      header.append("tester.exhaustivity = .off")
    }
    var footer: [String] = []
    if effectsRunning == 0 {
      footer.append("await tester.finish()")
    } else {
      footer.append("// \(effectsRunning) effect(s) still run here: end them before `await tester.finish()`.")
    }
    return (header + body + footer).joined(separator: "\n")
  }

  /// The assignments that turn `before` into `after`, one per changed stored property, and
  /// whether every changed one could be written.
  static func changes(from before: R.State, to after: R.State) -> (lines: [String], isComplete: Bool) {
    let old = Mirror(reflecting: before)
    let new = Mirror(reflecting: after)
    guard new.displayStyle == .struct, old.children.count == new.children.count else {
      guard StateDiff.outline(before) != StateDiff.outline(after) else { return ([], true) }
      if let literal = SwiftSource.literal(after) { return (["$0 = \(literal)"], true) }
      return (["// the state changed, and cannot be written as Swift"], false)
    }
    var lines: [String] = []
    var isComplete = true
    for (oldChild, newChild) in zip(old.children, new.children) {
      guard let label = newChild.label,
        StateDiff.outline(oldChild.value) != StateDiff.outline(newChild.value)
      else { continue }
      if !label.hasPrefix("_"), let literal = SwiftSource.literal(newChild.value) {
        lines.append("$0.\(label) = \(literal)")
      } else {
        isComplete = false
        lines.append("// $0.\(label) changed, and cannot be written as Swift")
      }
    }
    return (lines, isComplete)
  }
}
