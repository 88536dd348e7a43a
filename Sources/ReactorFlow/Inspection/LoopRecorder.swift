/// What records a reactor's loop step by step: the session recorder of ReactorFlowTools, which
/// the runtime calls itself, beside its inspectors, so that a recording keeps each step in code
/// specialized for the reactor's types (`recording` in Benchmarks/InstructionCounts).
package protocol LoopRecorder<Action, Mutation, State>: AnyObject {
  associatedtype Action
  associatedtype Mutation
  associatedtype State

  /// Records an action sent to the reactor (by `send` or by its external actions).
  @MainActor func record(_ action: Action)
  /// Records a reduced mutation and the state it published.
  @MainActor func record(_ mutation: Mutation, _ state: State)
  /// Notes that the next mutation is one an effect's task delivered.
  @MainActor func noteEffectDelivery()
}

extension ReactorRuntime {
  /// The recorder started last, or `nil`; a recorder that starts installs itself here and keeps
  /// the one it replaced, which it calls on.
  package var recorder: (any LoopRecorder<Action, Mutation, State>)? {
    get { attachments?.recorder }
    set { installedAttachments.recorder = newValue }
  }

  /// Whether a replay turned effects off: an effect then starts no task, so that only the
  /// synchronous mutations of each action and the recorded ones of effects are reduced.
  @usableFromInline package var isReplaying: Bool {
    get { attachments?.isReplaying ?? false }
    set { installedAttachments.isReplaying = newValue }
  }

  /// Whether the runtime has started: its state was read, an action sent or it was observed.
  package var hasStarted: Bool { publishedState != nil }

  /// Publishes `state` as it is (no `reduce`, no `transform(state:)`) and notifies the
  /// observers: a time-travelling view's step.
  package func publish(_ state: State) {
    publishedState = state
    attachments?.inspectors?.lastState = state
    if !observers.isEmpty { notify(state) }
  }
}
