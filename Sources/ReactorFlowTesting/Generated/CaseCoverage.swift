/// Which cases of a reactor's `Action` or `Mutation` a generated test reached, and which it never
/// did, when it knows them all.
///
/// Reached cases are named from the values seen (an enum case's name, by reflection). The list of
/// every case cannot come from reflection: it comes from a `CaseIterable` conformance, from the
/// names the test gives (``GeneratedTest/actionCases``, ``GeneratedTest/mutationCases``) and, for
/// actions, from the alternatives of the test's action generator. When none gives it,
/// ``neverReached`` is `nil`: the report says what was reached, not what was missed.
public struct CaseCoverage: Sendable, Equatable, CustomStringConvertible {
  /// `"Action"` or `"Mutation"`.
  public let kind: String
  /// How many times each case was reached, by case name.
  public let reached: [String: Int]
  /// Every case, in the order they were listed, when the test knows them; else `nil`.
  public let known: [String]?

  /// Creates a coverage record.
  /// - Parameters:
  ///   - kind: `"Action"` or `"Mutation"`.
  ///   - reached: How many times each case was reached.
  ///   - known: Every case, when known.
  public init(kind: String, reached: [String: Int], known: [String]?) {
    self.kind = kind
    self.reached = reached
    self.known = known
  }

  /// The known cases that no run reached, in the order they were listed; `nil` when the cases
  /// are not known.
  public var neverReached: [String]? {
    known.map { $0.filter { reached[$0] == nil } }
  }

  /// Whether every case is known and was reached.
  public var isComplete: Bool {
    neverReached?.isEmpty == true
  }

  /// `Mutation: toggle 1,203 · close 380 (2 of 3 cases); never reached: setFavourites`.
  public var description: String {
    let order = (known ?? []) + reached.keys.sorted().filter { !(known ?? []).contains($0) }
    let counts = order.compactMap { name in reached[name].map { "\(name) \(Self.grouped($0))" } }
    let reachedText = counts.isEmpty ? "nothing" : counts.joined(separator: " · ")
    guard let known, let neverReached else {
      return "\(kind): \(reachedText) (all cases unknown: make it CaseIterable or list them)"
    }
    let tally = "\(known.count - neverReached.count) of \(known.count) cases"
    let missed = neverReached.isEmpty ? "" : "; never reached: \(neverReached.joined(separator: ", "))"
    return "\(kind): \(reachedText) (\(tally))\(missed)"
  }

  /// `1,203`: digits in groups of three.
  private static func grouped(_ number: Int) -> String {
    let digits = Array(String(number))
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { text += "," }
      text.append(digit)
    }
    return text
  }
}

/// The cases a generated test reaches, counted as the runs go.
///
/// A case's name comes from a `Mirror`, which costs thousands of instructions (the runtime
/// demangles the payload's type). For a value of plain data of up to 16 bytes (an enum with an
/// `Int` payload, most actions and mutations), the name is kept by the value's bytes, so that a
/// value seen before costs a hash look-up; other values are reflected each time.
@MainActor
final class CoverageCounter {
  private var actionCounts = CaseCounts()
  private var mutationCounts = CaseCounts()

  var actions: [String: Int] { actionCounts.byName }
  var mutations: [String: Int] { mutationCounts.byName }

  func noteAction<Value>(_ action: Value) {
    actionCounts.note(action)
  }

  func noteMutation<Value>(_ mutation: Value) {
    mutationCounts.note(mutation)
  }
}

/// Counts of case names, by name and, for small values of plain data, by their bytes.
struct CaseCounts {
  private struct Bytes: Hashable {
    var low: UInt64
    var high: UInt64
  }

  private var names: [String] = []
  private var counts: [Int] = []
  private var indexOfName: [String: Int] = [:]
  private var indexOfBytes: [Bytes: Int] = [:]
  /// Distinct byte patterns kept at most: a payload of many values (a counter's `add(Int)`)
  /// would otherwise grow the table without end; beyond it, values are reflected.
  private static var byteLimit: Int { 4096 }

  var byName: [String: Int] {
    Dictionary(uniqueKeysWithValues: zip(names, counts).filter { $0.1 > 0 })
  }

  mutating func note<Value>(_ value: Value) {
    guard _isPOD(Value.self), MemoryLayout<Value>.size <= 16 else {
      counts[index(of: SwiftSource.caseName(value))] += 1
      return
    }
    var bytes = Bytes(low: 0, high: 0)
    withUnsafeBytes(of: value) { source in
      withUnsafeMutableBytes(of: &bytes) { $0.copyMemory(from: source) }
    }
    if let index = indexOfBytes[bytes] {
      counts[index] += 1
      return
    }
    let index = index(of: SwiftSource.caseName(value))
    if indexOfBytes.count < Self.byteLimit { indexOfBytes[bytes] = index }
    counts[index] += 1
  }

  private mutating func index(of name: String) -> Int {
    if let index = indexOfName[name] { return index }
    names.append(name)
    counts.append(0)
    indexOfName[name] = names.count - 1
    return names.count - 1
  }
}
