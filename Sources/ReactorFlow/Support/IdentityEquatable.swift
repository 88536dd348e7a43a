/// An object that is equal only to itself.
///
/// ReactorKit's `IdentityEquatable`: conform a reactor to it so that a state holding the reactor (a
/// cell's reactor, a pushed detail) can be `Equatable` without a hand-written `==`. Two states are
/// then equal when they hold the same reactor instance, whatever that reactor's state is.
/// ```swift
/// extension DetailPaneReactor: IdentityEquatable {}
///
/// struct DetailState: Equatable {
///   var detail: DetailPaneReactor?
/// }
/// ```
public protocol IdentityEquatable: AnyObject, Equatable {}

extension IdentityEquatable {
  /// Whether `lhs` and `rhs` are the same instance.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs === rhs
  }
}

/// An object that is equal only to itself and hashes by its identity.
///
/// ReactorKit's `IdentityHashable`: a reactor that conforms can be a `Set` element or a
/// `Dictionary` key, and sit in a `Hashable` state.
public protocol IdentityHashable: IdentityEquatable, Hashable {}

extension IdentityHashable {
  /// Hashes the instance's identity.
  /// - Parameter hasher: The hasher to feed.
  public nonisolated func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}
