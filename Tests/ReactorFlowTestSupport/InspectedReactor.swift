import ReactorFlow

/// A reactor with every kind of event an inspector can see: a synchronous mutation, an effect that
/// sends, one that waits until cancelled, one that fails, a transform that makes two actions, and
/// external actions that the test feeds.
@MainActor
package final class InspectedCounter: Reactor {
  package enum Action: Sendable, Equatable { case increment, load, wait, stop, fail, pair }
  package enum Mutation: Sendable, Equatable { case add(Int), setLoading(Bool) }
  package struct State: Equatable, Sendable {
    package var count = 0
    package var isLoading = false

    package init() {}
  }

  package struct Failure: Error, CustomStringConvertible {
    package var description: String { "Failure" }
  }

  package let initialState = State()
  package let runtime = Runtime()
  package let gate = Gate<Void>()
  /// Actions for the reactor's external action stream, when it has one.
  package let external: AsyncStream<Action>?
  package let externalContinuation: AsyncStream<Action>.Continuation
  /// The line of the `.run` of `.load`, for the inspected source location.
  package static let loadLine = 41

  package init(withExternalActions: Bool = false) {
    let (stream, continuation) = AsyncStream.makeStream(of: Action.self)
    external = withExternalActions ? stream : nil
    externalContinuation = continuation
  }

  package func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .increment:
      return .send(.add(1))
    case .load:
      return .run { send in await send(.add(10)) }
        .prepend(.setLoading(true))
        .cancellable(id: "load")
    case .wait:
      return .run { [gate] _ in try await gate.wait() }.cancellable(id: "wait")
    case .stop:
      return .cancel(id: "wait")
    case .fail:
      return .run { _ in throw Failure() }
    case .pair:
      return .none
    }
  }

  package func transform(action: Action) -> Effect<Action> {
    action == .pair ? .send(.increment, .increment) : .send(action)
  }

  package func externalActions() -> Effect<Action> {
    guard let external else { return .none }
    return .sequence(external)
  }

  package func recover(from error: any Error) -> Mutation? {
    .add(100)
  }

  package func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .add(let amount): state.count += amount
    case .setLoading(let isLoading): state.isLoading = isLoading
    }
    return state
  }
}

/// The events of one inspection, as short lines that a test compares.
@MainActor
package final class EventLines {
  package var lines: [String] = []

  package init() {}

  package func record(
    _ event: ReactorEvent<InspectedCounter.Action, InspectedCounter.Mutation, InspectedCounter.State>
  ) {
    switch event {
    case .action(let action, let source):
      lines.append("action \(action) from \(source)")
    case .mutation(let mutation, let effect):
      lines.append("mutation \(mutation) by \(effect.map { "effect \($0.label)" } ?? "mutate")")
    case .state(let old, let new):
      lines.append("state \(old.count),\(old.isLoading) -> \(new.count),\(new.isLoading)")
    case .effectStarted(let effect):
      lines.append("start \(effect.label)")
    case .effectEnded(let effect, let outcome):
      lines.append("end \(effect.label) \(outcome)")
    }
  }
}
