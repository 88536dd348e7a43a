/// Receives the events of every reactor in the process, once attached with
/// ``ReactorInspection/attach(_:)``.
///
/// A process-wide inspector sees every reactor whose runtime starts while it is attached, whatever
/// its types: the method is generic. To inspect one reactor with its own types, use
/// ``Reactor/inspect(_:)`` instead.
/// ```swift
/// final class Printer: ReactorInspector {
///   func receive<Action, Mutation, State>(
///     _ event: ReactorEvent<Action, Mutation, State>, from reactor: InspectedReactor
///   ) {
///     print(reactor.name, event)
///   }
/// }
/// let token = ReactorInspection.attach(Printer())
/// ```
@MainActor
public protocol ReactorInspector: AnyObject {
  /// Receives one event of one reactor, on the main actor, in the order the reactor did it.
  /// - Parameters:
  ///   - event: What the reactor did.
  ///   - reactor: Which reactor did it.
  func receive<Action, Mutation, State>(
    _ event: ReactorEvent<Action, Mutation, State>, from reactor: InspectedReactor)

  /// Learns that a reactor started, with its first published state, before any of its events.
  /// Does nothing unless the inspector implements it.
  /// - Parameters:
  ///   - reactor: The reactor that starts.
  ///   - state: Its first published state.
  func reactorStarted<State>(_ reactor: InspectedReactor, state: State)
}

extension ReactorInspector {
  /// Does nothing: an inspector that only needs the events leaves starts alone.
  /// - Parameters:
  ///   - reactor: The reactor that starts.
  ///   - state: Its first published state.
  public func reactorStarted<State>(_ reactor: InspectedReactor, state: State) {}
}

/// Names the reactor that an event comes from, without keeping it alive.
public struct InspectedReactor: Sendable, Hashable, CustomStringConvertible {
  /// The reactor's identity: the same for every event of one reactor while it lives.
  public let id: ObjectIdentifier
  /// The reactor's type name, without its module: `MainReactor`.
  public let name: String

  /// Names a reactor.
  /// - Parameters:
  ///   - id: An identity that stays the same for every event of the reactor.
  ///   - name: The reactor's type name.
  package init(id: ObjectIdentifier, name: String) {
    self.id = id
    self.name = name
  }

  /// The reactor's type name.
  public var description: String { name }
}
