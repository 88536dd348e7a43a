/// A to-do, declared `nonisolated` as a model of an app target should be.
nonisolated struct Todo: Equatable, Sendable {
  var id: Int
  var title: String
}

/// Shows screens: in a module whose default isolation is the main actor, its requirements are
/// main-actor isolated.
///
/// - Mockable
protocol Navigator {
  func show(_ screen: String)
  func dismiss() async
  var current: String? { get }
  func confirm(_ question: String) async -> Bool
}

/// A `Sendable` protocol of the same module: main-actor isolated requirements, and one declared
/// `nonisolated`.
///
/// - Mockable
protocol SessionClient: Sendable {
  func signIn(user: String, password: String) async throws -> String
  nonisolated func version() -> String
}

/// A client declared `nonisolated`, as the Dependencies article advises for an app target.
///
/// - Mockable
nonisolated protocol TodoClient: Sendable {
  func todos() async throws -> [Todo]
  func add(_ todo: Todo) async throws
}
