/// Every shape of method and property requirement in one `Sendable` client.
///
/// - Mockable
public protocol AccountClient: Sendable {
  /// Synchronous, no parameter, a literal result.
  func isSignedIn() -> Bool
  /// Several parameters with argument labels.
  func greeting(for user: User, formal: Bool) -> String
  /// Asynchronous, no result.
  func refresh() async
  /// Asynchronous and throwing, a result that has no literal.
  func user(id: Int) async throws -> User
  /// Throwing synchronously.
  func validate(name: String) throws
  /// Typed throws, a result that has no literal.
  func cachedUser(id: Int) throws(LookupError) -> User
  /// Asynchronous typed throws, a literal result.
  func friends(of user: User, limit: Int) async throws(LookupError) -> [User]
  /// Asynchronous, not throwing, a literal result.
  func unreadCount() async -> Int
  /// One of two overloads that differ by their parameter's type.
  func find(_ id: Int) -> User?
  /// The other overload.
  func find(_ name: String) -> User?
  /// A generic method whose result is optional.
  func setting<Value: Sendable>(_ type: Value.Type, forKey key: String) -> Value?
  /// A generic method with a `Sendable` argument.
  func save<Value: Codable & Sendable>(_ value: Value, forKey key: String) async throws
  /// A read-only property.
  var name: String { get }
  /// A read-only property of a type that has no literal.
  var lastUser: User { get }
  /// A settable property.
  var token: String? { get set }
  /// A property whose getter is asynchronous and throws.
  var balance: Int { get async throws }
  /// An escaping `@Sendable` closure, kept among the arguments.
  func observe(_ onChange: @escaping @Sendable (User) -> Void)
  /// A variadic parameter.
  func tag(_ tags: String...) -> Int
  /// An `inout` parameter.
  func normalize(_ name: inout String)
  /// A closure that does not escape, which is not recorded.
  func withEach(_ body: (User) -> Void)
  /// A parameter without a name.
  func log(_: String)
}
