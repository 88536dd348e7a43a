extension GeneratedTest {
  /// A step as a step invariant sees it: what was done, the mutations it led to, and the states
  /// before and after, once the work of the effects it woke is done.
  public struct Transition {
    /// The step.
    public let step: Step
    /// The mutations reduced during the step, in order: the action's own, then those its effects
    /// (or those an advance woke) sent.
    public let mutations: [R.Mutation]
    /// The state before the step.
    public let before: R.State
    /// The state after the step and the effect work it led to.
    public let after: R.State

    /// The action the step sent, or `nil` for an advance of the clock.
    public var action: R.Action? {
      if case .send(let action) = step { action } else { nil }
    }
  }
}
