import ReactorFlow

/// `==` for a generic type (a state, a mutation) that may or may not be `Equatable`, found once
/// per recorder or replay rather than by a dynamic cast at every step.
enum Equality {
  /// `==` of `Value`, or `nil` when `Value` is not `Equatable`.
  static func of<Value>(_: Value.Type) -> ((Value, Value) -> Bool)? {
    guard let witness = Witness<Value>.self as? any Comparing.Type else { return nil }
    return { lhs, rhs in
      withUnsafePointer(to: lhs) { lhs in
        withUnsafePointer(to: rhs) { rhs in witness.areEqual(lhs, rhs) }
      }
    }
  }

  fileprivate protocol Comparing {
    static func areEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool
  }

  fileprivate enum Witness<Value> {}
}

extension Equality.Witness: Equality.Comparing where Value: Equatable {
  static func areEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
    lhs.assumingMemoryBound(to: Value.self).pointee == rhs.assumingMemoryBound(to: Value.self).pointee
  }
}
