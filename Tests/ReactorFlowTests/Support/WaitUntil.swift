import ReactorFlow

/// Waits until a part of the reactor's state equals `value`, without polling: the reactor's value
/// stream delivers each change, and the wait ends on the change itself.
@MainActor
func waitUntil<R: Reactor, Value: Equatable & Sendable>(
  _ reactor: R, _ keyPath: KeyPath<R.State, Value>, equals value: Value
) async where R.State: Sendable {
  for await current in reactor.values(of: keyPath) where current == value { return }
}
