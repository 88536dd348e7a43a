/// A type-erased identifier for a cancellable, debounced or throttled effect.
///
/// Any `Hashable & Sendable` value can name an effect: a string, an enum case, a type.
/// ```swift
/// let search = Effect<Mutation>.task { [client] in .setResults(try await client.search(query)) }
/// return search.cancellable(id: "search", cancelInFlight: true)  // a new search cancels the last
/// ```
public struct EffectID: Hashable, Sendable {
  // `AnyHashable` is not `Sendable`; it is safe here because it is only ever built from a
  // value that is `Hashable & Sendable` (see `init(_:)`), and it is never mutated.
  private struct Box: Hashable, @unchecked Sendable {
    let base: AnyHashable
  }

  private let box: Box

  /// Wraps a hashable, sendable value as an effect identifier.
  /// - Parameter id: The value that names the effect.
  public init(_ id: some Hashable & Sendable) {
    if let id = id as? EffectID {
      self = id
    } else {
      self.box = Box(base: AnyHashable(id))
    }
  }

  /// The wrapped identifier.
  public var base: AnyHashable { box.base }
}
