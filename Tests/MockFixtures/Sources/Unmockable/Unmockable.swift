/// Requirements that a generated mock cannot implement; the generator must name each and say why.
///
/// - Mockable
protocol Repository {
  associatedtype Item
  static func make() -> Self
  func first<T>() -> T
  subscript(index: Int) -> String { get }
  func each(_ body: () throws -> Void) rethrows
}

/// A protocol that refines one of another module, whose requirements this module's symbol graph
/// does not list.
///
/// - Mockable
protocol Tagged: CustomStringConvertible {
  func tag() -> String
}
