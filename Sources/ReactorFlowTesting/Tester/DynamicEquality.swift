/// Finds a type's `Equatable` conformance at run time, on the main actor.
///
/// The tester compares states and mutations this way instead of requiring `Equatable` in its
/// generic signature. In a module with main-actor default isolation and inferred isolated
/// conformances (Xcode 26's app-target defaults), `struct State: Equatable` conforms on the main
/// actor only, and Swift (SE-0470) rejects such a conformance for a generic requirement on a
/// type that is `Sendable`, as a reactor's `Mutation` is. A dynamic cast to the conformance
/// succeeds on the actor it is isolated to, which is where the tester runs.
@MainActor
enum DynamicEquality {
  /// A function that compares two values of `type` with its `==`, or `nil` when `type` is not
  /// `Equatable`.
  static func comparator<Value>(for type: Value.Type) -> ((Value, Value) -> Bool)? {
    guard let equatable = type as? any Equatable.Type else { return nil }
    return comparator(opening: equatable, as: type)
  }

  private static func comparator<E: Equatable, Value>(
    opening _: E.Type, as _: Value.Type
  ) -> (Value, Value) -> Bool {
    { lhs, rhs in
      guard let lhs = lhs as? E, let rhs = rhs as? E else { return false }
      return lhs == rhs
    }
  }
}
