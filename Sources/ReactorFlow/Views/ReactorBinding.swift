/// A two-way value for a control: read from a reactor's state, written by sending an action.
///
/// Writing ``value`` sends exactly one action, synchronously: the next read sees the state that
/// action produced. Make one with `ObservedReactor.binding(_:send:)` (reads are tracked by
/// Observation) or ``Reactor/binding(_:send:)``. On Apple platforms, `swiftUI` turns it into
/// SwiftUI's `Binding` (`ReactorBinding+SwiftUI.swift`, which Linux, and so CI, does not compile).
///
/// ```swift
/// let name = model.binding(\.name, send: Action.setName)
/// name.value = "Ada"             // sends .setName("Ada") before returning
/// XCTAssertEqual(name.value, "Ada")  // if the reactor applied it
/// ```
///
/// A binding does not keep its reactor alive. Once the reactor is gone, reads return the last
/// value read and writes do nothing.
@MainActor
public final class ReactorBinding<Value> {
  private let read: @MainActor () -> Value?
  private let write: @MainActor (Value) -> Void
  private var lastValue: Value

  /// Creates a binding from a reader and a writer.
  ///
  /// - Parameters:
  ///   - initial: The value to return if `read` returns `nil` before any successful read.
  ///   - read: Returns the current value, or `nil` when its source is gone.
  ///   - write: Sends the action that sets the value.
  init(initial: Value, read: @escaping @MainActor () -> Value?, write: @escaping @MainActor (Value) -> Void) {
    self.lastValue = initial
    self.read = read
    self.write = write
  }

  /// The value in the reactor's current state; setting it sends the binding's action.
  public var value: Value {
    get {
      if let value = read() { lastValue = value }
      return lastValue
    }
    set {
      write(newValue)
    }
  }
}
