import Foundation
import ReactorFlow
import XCTest

@testable import ReactorFlowTools

/// The change log finds a struct state's changed fields from their bytes and outlines only those:
/// each test checks the lines it writes, and that they are the lines of the whole state's diff.
@MainActor
final class ChangeLogFieldTests: XCTestCase {
  func test_logChanges_oneFieldChanged_writesItsOldAndNewValue() async {
    // given
    var form = FieldLogForm()
    form.count = 1

    // when
    let lines = loggedChanges(from: FieldLogForm(), to: form)

    // then
    XCTAssertEqual(lines, ["  count: 0 → 1"])
  }

  func test_logChanges_severalFieldsChanged_writesThemInTheirOrder() async {
    // given
    let old = FieldLogForm()
    var new = old
    new.name = "Grace \"G\" Hopper"
    new.ratio = 0.1
    new.isOn = true
    new.small = -3
    new.large = .max
    new.scale = 1.5

    // when
    let lines = loggedChanges(from: old, to: new)

    // then
    XCTAssertEqual(
      lines,
      [
        "  name: \"Ada\" → \"Grace \\\"G\\\" Hopper\"",
        "  ratio: 0.5 → 0.1",
        "  isOn: false → true",
        "  small: 0 → -3",
        "  large: 0 → 18446744073709551615",
        "  scale: 1.0 → 1.5",
      ])
    // The whole state's diff lists the six old lines, then the six new ones: each field in one
    // line reads better, and the values are the same.
    XCTAssertEqual(lines.sorted(), oneLinePerLabel(wholeStateChanges(from: old, to: new)).sorted())
  }

  func test_logChanges_fieldsSharingEightBytesAndAShortTail_areEachFound() async {
    // given: `flag` and `level` share the eight bytes after `count`; `last` is in the two bytes
    // that end the state
    let old = FieldLogPacked()
    var new = old
    new.level = -1
    new.last = true

    // when
    let lines = loggedChanges(from: old, to: new)

    // then
    XCTAssertEqual(lines, ["  level: 0 → -1", "  last: false → true"])
    XCTAssertEqual(lines.sorted(), oneLinePerLabel(wholeStateChanges(from: old, to: new)).sorted())
  }

  func test_logChanges_extremeValues_areWrittenAsTheirOutlines() async {
    // given
    let old = FieldLogForm()
    var mostly = old
    mostly.name = "line\nbreak \u{1F600} \\ \"quoted\""
    mostly.count = .min
    mostly.ratio = -0.0
    mostly.small = .min
    mostly.large = 10_000_000_000_000_000_000
    mostly.scale = 1e-7
    var others = old
    others.count = .max
    others.ratio = .nan
    others.scale = -.infinity
    others.small = -1

    // when
    let lines = loggedChanges(from: old, to: mostly) + loggedChanges(from: old, to: others)

    // then
    let expected =
      oneLinePerLabel(wholeStateChanges(from: old, to: mostly))
      + oneLinePerLabel(wholeStateChanges(from: old, to: others))
    XCTAssertEqual(lines.sorted(), expected.sorted())
    XCTAssertTrue(lines.contains("  count: 0 → -9223372036854775808"), "\(lines)")
  }

  func test_writeDecimal_boundaryIntegersOfEveryWidth_areWrittenAsStringWritesThem() async {
    // given
    func decimal<Value: BinaryInteger>(_ value: Value) -> String {
      var line = Array("count: ".utf8)
      StateLayout.Leaf.writeDecimal(value, to: &line)
      return String(decoding: line.dropFirst(7), as: UTF8.self)
    }

    // when
    let written = [
      decimal(Int.min), decimal(Int.max), decimal(0), decimal(-1), decimal(Int8.min), decimal(Int16.min),
      decimal(Int32.min), decimal(Int64.min), decimal(UInt.max), decimal(UInt8.max), decimal(UInt16.max),
      decimal(UInt32.max), decimal(UInt64.max), decimal(10 as UInt8), decimal(-100_000 as Int32),
    ]

    // then
    XCTAssertEqual(
      written,
      [
        String(Int.min), String(Int.max), "0", "-1", String(Int8.min), String(Int16.min), String(Int32.min),
        String(Int64.min), String(UInt.max), String(UInt8.max), String(UInt16.max), String(UInt32.max),
        String(UInt64.max), "10", "-100000",
      ])
  }

  func test_logChanges_nestedStructAndArrayChanged_showsTheNestedChange() async {
    // given
    let old = FieldLogForm()
    var new = old
    new.point.y = 5
    new.items[2] = 4

    // when
    let lines = loggedChanges(from: old, to: new)

    // then: each by its path, where the whole state's diff shows `− y: 0` and `− 3`
    XCTAssertEqual(lines, ["  point.y: 0 → 5", "  items[2]: 3 → 4"])
    XCTAssertEqual(wholeStateChanges(from: old, to: new), ["− y: 0", "+ y: 5", "− 3", "+ 4"])
  }

  func test_logChanges_arraysOfPlainValues_showTheirChangedElementsByIndex() async {
    // given
    let old = FieldLogLists()
    var new = old
    new.names[1] = "Grace"
    new.names[2] = String(repeating: "Lin", count: 1) + "us"
    new.ratios[0] = -0.0
    new.flags[2] = true
    new.bytes = [9, 9, 9, 9, 9, 9, 9]

    // when
    let lines = loggedChanges(from: old, to: new)

    // then: an equal string in other storage is no change; six bytes changed show five and a count
    XCTAssertEqual(
      lines,
      [
        "  names[1]: \"Ada\" → \"Grace\"",
        "  ratios[0]: 0.0 → -0.0",
        "  flags[2]: false → true",
        "  bytes[0]: 1 → 9",
        "  bytes[1]: 2 → 9",
        "  bytes[2]: 3 → 9",
        "  bytes[3]: 4 → 9",
        "  bytes[4]: 5 → 9",
        "… and 1 more changed elements in bytes",
      ])
  }

  func test_logChanges_namesAndValuesBeyondASCII_areWrittenAsTheirText() async {
    // given: a label, strings and array elements of two-, three- and four-byte characters
    let old = FieldLogWords()
    var new = old
    new.größe = 2
    new.name = "Zoë 🙂"
    new.tags[1] = "日本"

    // when
    let lines = loggedChanges(from: old, to: new)

    // then: the same text, and the same bytes
    let expected = [
      "  größe: 1 → 2",
      "  name: \"Zoë\" → \"Zoë 🙂\"",
      "  tags[1]: \"naïve\" → \"日本\"",
    ]
    XCTAssertEqual(lines, expected)
    XCTAssertEqual(lines.map { Array($0.utf8) }, expected.map { Array($0.utf8) })
  }

  func test_logChanges_arrayOfAnotherCount_showsItsOldAndNewOutline() async {
    // given
    let old = FieldLogLists()
    var new = old
    new.flags.append(true)

    // when
    let lines = loggedChanges(from: old, to: new)

    // then: the outlines' diff, read through the mirror
    XCTAssertEqual(lines, ["− flags: 3 elements", "+ flags: 4 elements", "+ true"])
  }

  func test_logChanges_urlAndDateChanged_showsThemReadably() async {
    // given
    let old = FieldLogForm()
    var new = old
    new.site = URL(string: "https://example.com/b")
    new.born = Date(timeIntervalSince1970: 86_400.5)

    // when
    let lines = loggedChanges(from: old, to: new)

    // then
    XCTAssertEqual(
      lines,
      [
        "  site: https://example.com/a → https://example.com/b",
        "  born: 1970-01-01T00:00:00Z → 1970-01-02T00:00:00.500Z",
      ])
    XCTAssertEqual(lines.sorted(), oneLinePerLabel(wholeStateChanges(from: old, to: new)).sorted())
  }

  func test_logChanges_anotherObjectInAField_showsWhatDiffers() async {
    // given
    let old = FieldLogForm()
    var new = old
    new.marker = FieldLogMarker(count: 2)

    // when
    let lines = loggedChanges(from: old, to: new)

    // then
    XCTAssertEqual(lines, ["  count: 0 → 2"])
    XCTAssertEqual(lines, oneLinePerLabel(wholeStateChanges(from: old, to: new)))
  }

  func test_logChanges_equalObjectOrEqualStringInOtherStorage_writesNothing() async {
    // given: bytes that differ, outlines that do not
    let old = FieldLogForm()
    var new = old
    new.marker = FieldLogMarker(count: 0)
    new.name = String(repeating: "Ad", count: 1) + "a"
    var long = old
    long.name = String(repeating: "x", count: 40)
    var sameLong = long
    sameLong.name = String(repeating: "xx", count: 20)

    // when
    let lines = loggedChanges(from: old, to: new)
    let longLines = loggedChanges(from: long, to: sameLong)

    // then
    XCTAssertEqual(lines, [])
    XCTAssertEqual(longLines, [])
  }

  func test_logChanges_enumState_showsTheWholeStateDiff() async {
    // given
    let old = FieldLogScreen.detail(id: 1, title: "One")
    let new = FieldLogScreen.detail(id: 2, title: "One")

    // when
    let lines = loggedChanges(from: old, to: new)

    // then
    XCTAssertEqual(lines, ["  id: 1 → 2"])
    XCTAssertEqual(lines, oneLinePerLabel(wholeStateChanges(from: old, to: new)))
  }

  func test_logChanges_weakReferenceField_isReadThroughItsMirrorNotItsBytes() async {
    // given: a weak reference's bytes are not the object's address, so the field is outlined
    // from the state's mirror, alive or released
    var marker: FieldLogMarker? = FieldLogMarker(count: 7)
    let empty = FieldLogWeakHolder(marker: nil, count: 0)
    let held = FieldLogWeakHolder(marker: marker, count: 1)

    // when
    let lines = loggedChanges(from: empty, to: held)
    marker = nil
    let released = FieldLogWeakHolder(marker: held.marker, count: 2)
    let afterRelease = loggedChanges(from: held, to: released)

    // then: the object's outline is more than one line, so its old and new lines are apart
    XCTAssertEqual(lines.count, 4, "\(lines)")
    guard lines.count == 4 else { return }
    XCTAssertEqual(Array(lines.prefix(2)), ["− marker: nil", lines[1]])
    XCTAssertTrue(lines[1].hasPrefix("+ marker: ") && lines[1].hasSuffix("FieldLogMarker"), "\(lines)")
    XCTAssertEqual(Array(lines.suffix(2)), ["+ count: 7", "  count: 0 → 1"])
    XCTAssertEqual(afterRelease.last, "  count: 1 → 2")
    XCTAssertNil(released.marker)
  }

  func test_logChanges_existentialField_showsTheWholeStateDiff() async {
    // given: an existential's container is not its value's bytes, so the state is outlined whole
    let old = FieldLogTagged(tag: 1, count: 0)
    let new = FieldLogTagged(tag: "two", count: 0)

    // when
    let lines = loggedChanges(from: old, to: new)

    // then
    XCTAssertEqual(lines, oneLinePerLabel(wholeStateChanges(from: old, to: new)))
    XCTAssertEqual(lines, ["  tag: 1 → \"two\""])
  }

  func test_logChanges_manyChangedLinesInAField_cutsAfterTheMaximum() async {
    // given
    let old = FieldLogForm()
    var new = old
    new.items = Array(0..<100)

    // when
    let lines = loggedChanges(from: old, to: new)

    // then: 24 diff lines, then the count of the rest
    let all = wholeStateChanges(from: old, to: new)
    XCTAssertEqual(lines.count, 24 + 1)
    XCTAssertEqual(lines.prefix(24), all.prefix(24))
    XCTAssertEqual(lines.last, "… \(all.count - 24) more changed lines")
  }

  func test_logChanges_sameActionBytesAgain_writesTheSameLine() async {
    // given
    let reactor = FieldLogReactor(FieldLogForm())
    var lines: [String] = []
    let token = reactor.logChanges { line in
      if line.contains("action") { lines.append(line) }
    }

    // when
    reactor.send(.init(count: 1))
    reactor.send(.init(count: 2))
    reactor.send(.init(count: 1))
    token.cancel()

    // then
    XCTAssertEqual(lines.count, 3)
    guard lines.count == 3 else { return }
    XCTAssertEqual(lines[0], lines[2])
    XCTAssertNotEqual(lines[0], lines[1])
    XCTAssertTrue(lines[1].contains("count: 2"), lines[1])
  }

  /// The lines that the change log writes for the state change from `old` to `new`, without the
  /// reactor's name and the indentation.
  /// Each line is the same whichever way the log writes it: to a closure, to a stream, or as
  /// bytes as it writes standard error.
  private func loggedChanges<State: Sendable>(from old: State, to new: State) -> [String] {
    let reactor = FieldLogReactor(old)
    var lines: [String] = []
    let stream = FieldLogText()
    var bytes: [UInt8] = []
    let tokens = [
      reactor.logChanges { lines.append($0) },
      reactor.logChanges(to: stream),
      reactor.attachChangeLog(ChangeLog(writes: { bytes.append(contentsOf: $0) })),
    ]
    reactor.send(new)
    tokens.forEach { $0.cancel() }
    let expected = lines.map { $0 + "\n" }.joined()
    XCTAssertEqual(stream.text, expected)
    XCTAssertEqual(String(decoding: bytes, as: UTF8.self), expected)
    let prefix = "[FieldLogReactor<\(String(describing: State.self))>]     "
    return lines.dropFirst(2).map { line in
      XCTAssertTrue(line.hasPrefix(prefix), line)
      return String(line.dropFirst(prefix.count))
    }
  }

  /// The lines of the diff of the whole states' outlines, as the change log shows them.
  private func wholeStateChanges<State>(from old: State, to new: State) -> [String] {
    StateDiff.changes(old: old, new: new).map { line in
      let marker = line.prefix(1)
      var rest = line.dropFirst().drop { $0 == " " }
      if rest.hasPrefix("- ") || rest.hasPrefix("▿ ") { rest = rest.dropFirst(2) }
      return "\(marker) \(rest)"
    }
  }

  /// `lines` with each label that has one old line and one new one, `− label: old` and
  /// `+ label: new`, in one line where its old one was: `  label: old → new`.
  private func oneLinePerLabel(_ lines: [String]) -> [String] {
    func parts(_ line: String, _ marker: String) -> (label: Substring, value: Substring)? {
      guard line.hasPrefix(marker + " "), let end = line.firstRange(of: ": ") else { return nil }
      return (line[..<end.lowerBound].dropFirst(2), line[end.upperBound...])
    }
    let old = lines.compactMap { parts($0, "−") }
    let new = lines.compactMap { parts($0, "+") }
    func single(_ label: Substring, in parts: [(label: Substring, value: Substring)]) -> Substring? {
      let matches = parts.filter { $0.label == label }
      return matches.count == 1 ? matches[0].value : nil
    }
    return lines.compactMap { line in
      if let (label, value) = parts(line, "−"), single(label, in: old) != nil,
        let newValue = single(label, in: new)
      {
        return "  \(label): \(value) → \(newValue)"
      }
      if let (label, _) = parts(line, "+"), single(label, in: new) != nil, single(label, in: old) != nil {
        return nil
      }
      return line
    }
  }
}

/// Gathers what a change log writes.
private final class FieldLogText: TextOutputStream {
  var text = ""

  func write(_ string: String) {
    text += string
  }
}

/// Sets its state to each action it is sent.
@MainActor
private final class FieldLogReactor<State: Sendable>: Reactor {
  typealias Action = State

  let initialState: State
  let runtime = Runtime()

  init(_ initialState: State) {
    self.initialState = initialState
  }

  func reduce(state: State, mutation: State) -> State {
    mutation
  }
}

private final class FieldLogMarker: Sendable {
  let count: Int

  init(count: Int) {
    self.count = count
  }
}

private struct FieldLogLists: Sendable {
  var names = ["Linus", "Ada", "Linus"]
  var ratios = [0.0, 0.5]
  var flags = [false, false, false]
  var bytes: [UInt8] = [1, 2, 3, 4, 5, 6, 9]
}

private struct FieldLogWords: Sendable {
  var größe = 1
  var name = "Zoë"
  var tags = ["café", "naïve"]
}

private struct FieldLogPacked: Sendable {
  var count = 0
  var flag = false
  var level: Int16 = 0
  var total = 0
  var tail: Int8 = 0
  var last = false
}

private struct FieldLogPoint: Sendable {
  var x = 0
  var y = 0
}

private struct FieldLogForm: Sendable {
  var name = "Ada"
  var count = 0
  var ratio = 0.5
  var isOn = false
  var small: Int8 = 0
  var large: UInt64 = 0
  var scale: Float = 1
  var point = FieldLogPoint()
  var items = [1, 2, 3]
  var site = URL(string: "https://example.com/a")
  var born = Date(timeIntervalSince1970: 0)
  var marker = FieldLogMarker(count: 0)

  init(count: Int = 0) {
    self.count = count
  }
}

private enum FieldLogScreen: Sendable {
  case list
  case detail(id: Int, title: String)
}

private struct FieldLogWeakHolder: Sendable {
  weak var marker: FieldLogMarker?
  var count: Int
}

private struct FieldLogTagged: Sendable {
  var tag: any Sendable
  var count: Int
}
