/// One thing a reactor did, as an inspector receives it (see ``Reactor/inspect(_:)``).
///
/// Events arrive on the main actor, in the order the reactor did them: an action as it is sent,
/// then the mutations it produced with the state each one published, and the effects it started,
/// as they start and end. Mutations that an effect sends later arrive when they are reduced.
public enum ReactorEvent<Action: Sendable, Mutation: Sendable, State> {
  /// An action was sent to the reactor. It is reported when it is sent, before it is processed
  /// or queued (an action sent while another is processed runs after that one).
  case action(Action, source: ActionSource)
  /// A mutation was reduced (the `state` event that follows shows what it changed). `effect` is
  /// the effect that sent it, or `nil` when
  /// `mutate(action:)` (or the synchronous part of its effect) produced it.
  case mutation(Mutation, effect: InspectedEffect?)
  /// The published state changed after a mutation: `old` is the state before it, `new` the one
  /// ``Reactor/currentState`` now returns. Reported for every mutation, even when the two are
  /// equal.
  case state(old: State, new: State)
  /// An effect started a task (its asynchronous part).
  case effectStarted(InspectedEffect)
  /// An effect's task ended: finished, cancelled, or failed with an error.
  case effectEnded(InspectedEffect, EffectOutcome)
}

extension ReactorEvent: Sendable where State: Sendable {}

/// Where an action came from.
public enum ActionSource: Sendable, Hashable, CustomStringConvertible {
  /// ``Reactor/send(_:)``: a view, a test, or any other caller.
  case send
  /// The reactor's ``ReactorDefinition/externalActions()`` effect.
  case effect
  /// An action that `transform(action:)` produced as an effect
  /// (several actions, or one later). A one-to-one transform is not reported again.
  case transform

  /// `send`, `effect` or `transform`.
  public var description: String {
    switch self {
    case .send: "send"
    case .effect: "effect"
    case .transform: "transform"
    }
  }
}

/// How an effect's task ended.
public enum EffectOutcome: Sendable, CustomStringConvertible {
  /// The effect's work returned.
  case finished
  /// The effect was cancelled (by ``Effect/cancel(id:)``, `cancelInFlight`,
  /// ``ReactorTask/cancel()`` or the reactor's release).
  case cancelled
  /// The effect's work threw an error that it did not handle; it went to
  /// ``ReactorDefinition/recover(from:)``.
  case failed(any Error)

  /// `finished`, `cancelled` or `failed: <error>`.
  public var description: String {
    switch self {
    case .finished: "finished"
    case .cancelled: "cancelled"
    case .failed(let error): "failed: \(error)"
    }
  }
}
