/// Reads a reactor's current state from an asynchronous effect without keeping the reactor alive.
///
/// ``Effect/run(reading:priority:operation:catch:fileID:line:)`` hands one to its operation. Capturing `self`
/// in a `.run` closure to read `currentState` would keep the reactor alive until the effect ends,
/// which defeats "effects are cancelled when the reactor goes away"; the reader holds the reactor
/// weakly instead.
/// ```swift
/// case .loadNextPage:
///   return .run(reading: self) { [client] state, send in
///     let page = try await state.current.nextPage  // read on the main actor, now
///     await send(.appendPage(try await client.fetch(page: page)))
///   }
/// ```
public struct StateReader<State: Sendable>: Sendable {
  private let read: @MainActor @Sendable () -> State?

  /// Creates a reader that calls `read` on the main actor; `read` returns `nil` once the reactor
  /// is gone.
  ///
  /// The runtime makes readers for you; make one yourself only to drive an effect's operation by
  /// hand in a test.
  /// - Parameter read: Returns the current state, or `nil` when there is none any more.
  public init(_ read: @escaping @MainActor @Sendable () -> State?) {
    self.read = read
  }

  /// The reactor's current state, read on the main actor at the moment of the call.
  ///
  /// - Throws: `CancellationError` when the reactor has been released: the effect is being
  ///   cancelled anyway, and ending it is the right thing to do.
  @MainActor
  public var current: State {
    get throws {
      guard let state = read() else { throw CancellationError() }
      return state
    }
  }
}
