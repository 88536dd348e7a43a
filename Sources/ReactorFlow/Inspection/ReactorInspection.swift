/// The process-wide opt-in to inspection: every reactor that starts while an inspector is attached
/// reports its events to it.
///
/// Attach at launch, before the reactors start (a reactor's runtime starts the first time its state
/// is read, an action is sent or it is observed); a reactor that started before sees no
/// process-wide inspector. With nothing attached, the runtime does not check again, and
/// inspection costs a reactor nothing measurable.
/// ```swift
/// let token = ReactorInspection.attach(ChangeLog())
/// ```
@MainActor
public enum ReactorInspection {
  /// Attaches an inspector to every reactor that starts from now on, until the token is cancelled
  /// or released.
  ///
  /// The inspector is held strongly by the token's registration; reactors are never held.
  /// - Parameter inspector: The inspector.
  /// - Returns: The token that keeps the inspector attached.
  public static func attach(_ inspector: some ReactorInspector) -> ObservationToken {
    registry.attach(inspector)
  }

  /// Whether a process-wide inspector is attached.
  public static var isActive: Bool { !registry.inspectors.isEmpty }

  /// Tells the process-wide inspectors that a reactor started.
  static func reportStart<State>(of reactor: InspectedReactor, state: State) {
    for (_, inspector) in registry.inspectors { inspector.reactorStarted(reactor, state: state) }
  }

  // Process-wide by design (an opt-in for every reactor of the process, such as a debug build's
  // change log): it holds inspectors, never reactors, and it is isolated to the main actor like
  // every reactor.
  static let registry = Registry()

  final class Registry: ObservationSource {
    private(set) var inspectors: [(id: Int, inspector: any ReactorInspector)] = []
    private var nextID = 0

    func attach(_ inspector: any ReactorInspector) -> ObservationToken {
      let id = nextID
      nextID += 1
      inspectors.append((id, inspector))
      return ObservationToken(source: self, id: id)
    }

    func removeObservation(id: Int) {
      inspectors.removeAll { $0.id == id }
    }
  }
}
