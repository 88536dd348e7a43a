/// A type-erased identifier for a cancellable, debounced or throttled effect.
///
/// Any `Hashable & Sendable` value can name an effect: a string, an enum case, a type.
/// ```swift
/// let search = Effect<Mutation>.task { [client] in .setResults(try await client.search(query)) }
/// return search.cancellable(id: "search", cancelInFlight: true)  // a new search cancels the last
/// ```
public struct EffectID: Hashable, Sendable {
  // `AnyHashable` is not `Sendable`; it is safe here because it is only ever built from a
  // value that is `Hashable & Sendable` (see `init(_:)`), and it is never mutated. A class, so
  // that an identifier takes two words rather than an `AnyHashable`'s five.
  final class Box: @unchecked Sendable {
    let base: AnyHashable

    init(base: AnyHashable) {
      self.base = base
    }
  }

  // `Int` and `String`, the usual names, are kept as themselves: an `AnyHashable` of an integer
  // builds a canonical box and casts it on every hash and comparison, which made looking an effect
  // up by its identifier cost more than cancelling its task.
  enum Storage: Sendable {
    case int(Int)
    case string(String)
    case other(Box)
  }

  let storage: Storage

  /// Wraps a hashable, sendable value as an effect identifier.
  /// - Parameter id: The value that names the effect.
  public init(_ id: some Hashable & Sendable) {
    if type(of: id) == Int.self {
      storage = .int(unsafeBitCast(id, to: Int.self))
    } else if type(of: id) == String.self {
      storage = .string(unsafeBitCast(id, to: String.self))
    } else if let id = id as? EffectID {
      self = id
    } else {
      storage = .other(Box(base: AnyHashable(id)))
    }
  }

  /// The wrapped identifier.
  public var base: AnyHashable {
    switch storage {
    case .int(let value): AnyHashable(value)
    case .string(let value): AnyHashable(value)
    case .other(let box): box.base
    }
  }

  /// Whether two identifiers wrap equal values, as their `AnyHashable`s compare: integers of
  /// different types are equal when their values are.
  /// - Parameters:
  ///   - lhs: An identifier.
  ///   - rhs: Another identifier.
  /// - Returns: Whether they name the same effects.
  public static func == (lhs: EffectID, rhs: EffectID) -> Bool {
    switch (lhs.storage, rhs.storage) {
    case (.int(let lhs), .int(let rhs)): lhs == rhs
    case (.string(let lhs), .string(let rhs)): lhs == rhs
    case (.int, .string), (.string, .int): false
    default: lhs.base == rhs.base
    }
  }

  /// Hashes the wrapped value the way its `AnyHashable` does, so that identifiers that are equal
  /// across kinds (an `Int` and a `UInt8` of the same value) hash alike.
  /// - Parameter hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) {
    switch storage {
    case .int(let value): hasher.combine(value)
    case .string(let value): hasher.combine(value)
    case .other(let box): hasher.combine(box.base)
    }
  }
}
