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
@MainActor
final class CoverageCounter {
  private(set) var actions: [String: Int] = [:]
  private(set) var mutations: [String: Int] = [:]

  func noteAction(_ action: some Any) {
    actions[SwiftSource.caseName(action), default: 0] += 1
  }

  func noteMutation(_ mutation: some Any) {
    mutations[SwiftSource.caseName(mutation), default: 0] += 1
  }
}
