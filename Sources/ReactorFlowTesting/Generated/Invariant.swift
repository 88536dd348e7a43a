/// A property that a generated test checks throughout every run: over each state the reactor
/// publishes, or over each step.
///
/// Name it as the sentence it checks, so that a failure reads as the property that broke:
///
/// ```swift
/// let invariants: [Invariant<DetailReactor>] = [
///   .state("the expanded row is one of the people") { state in
///     state.expandedIndex.map(state.people.indices.contains) ?? true
///   },
///   .step("closing changes nothing") { transition in
///     transition.action != .close || transition.before == transition.after
///   },
/// ]
/// ```
public struct Invariant<R: Reactor> {
  /// What the invariant says, as the report names it when it breaks.
  public let name: String

  enum Check {
    case state((R.State) throws -> Bool)
    case step((GeneratedTest<R>.Transition) throws -> Bool)
  }

  let check: Check

  /// An invariant of the state: it must hold for the initial state and for every state the
  /// reactor publishes, after every mutation, including those effects send.
  /// - Parameters:
  ///   - name: What it says, for example `"the expanded row is one of the people"`.
  ///   - holds: Whether a state satisfies it; a thrown error counts as `false`.
  /// - Returns: The invariant.
  public static func state(_ name: String, _ holds: @escaping (R.State) throws -> Bool) -> Invariant {
    Invariant(name: name, check: .state(holds))
  }

  /// An invariant of a step: it must hold for every step, seen as a ``GeneratedTest/Transition``
  /// (the step, the mutations it led to, effects' included, and the states before and after).
  /// - Parameters:
  ///   - name: What it says, for example `"closing changes nothing"`.
  ///   - holds: Whether a transition satisfies it; a thrown error counts as `false`.
  /// - Returns: The invariant.
  public static func step(
    _ name: String, _ holds: @escaping (GeneratedTest<R>.Transition) throws -> Bool
  ) -> Invariant {
    Invariant(name: name, check: .step(holds))
  }
}
