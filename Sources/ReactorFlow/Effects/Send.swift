/// Delivers the elements of an asynchronous effect back to its reactor.
///
/// An effect's `run` closure receives a `Send`. Calling it hops to the main actor and reduces the
/// mutation before it returns, so code that runs after `await send(...)` sees the new state.
/// Elements sent after the effect was cancelled, or after the reactor was released, are dropped.
/// ```swift
/// .run { [client] send in
///   await send(.setLoading(true))
///   let people = try await client.fetchPeople(count: 100)
///   await send(.setPeople(people))
/// }
/// ```
public struct Send<Element: Sendable>: Sendable {
  let deliver: @MainActor @Sendable (Element) -> Void

  /// Creates a `Send` that hands each element to `deliver` on the main actor.
  ///
  /// The runtime makes these for you; create your own only to drive an effect's `run` closure by
  /// hand, for example in a test of the closure alone.
  /// - Parameter deliver: Called on the main actor with every element that is sent.
  public init(_ deliver: @escaping @MainActor @Sendable (Element) -> Void) {
    self.deliver = deliver
  }

  /// Sends one element to the reactor, unless the current task has been cancelled.
  /// - Parameter element: The mutation (or action) to deliver.
  @MainActor
  public func callAsFunction(_ element: Element) {
    guard !Task.isCancelled else { return }
    deliver(element)
  }
}
