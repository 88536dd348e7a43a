/// A state value that notifies on every assignment, even of an equal value.
///
/// Use it for one-shot events that live in state: an alert, a toast, a navigation request.
/// Observing a pulse skips its initial value and then reports each assignment.
/// ```swift
/// struct State: Sendable { @Pulse var alert: String? }
/// ```
/// ```swift
/// // reduce: state.alert = "Saved"   (assigning "Saved" again notifies again)
/// token = reactor.observe(pulse: \.$alert) { message in show(message) }
/// ```
@propertyWrapper
public struct Pulse<Value> {
  /// The latest value.
  public private(set) var value: Value
  /// How many times a value was assigned; observers compare it to detect assignments.
  public private(set) var valueUpdatedCount: UInt = 0

  /// Creates a pulse with an initial value, which observers do not receive.
  /// - Parameter wrappedValue: The initial value.
  public init(wrappedValue: Value) {
    self.value = wrappedValue
  }

  /// The latest value; assigning counts as an update, even when the value is equal.
  public var wrappedValue: Value {
    get { value }
    set {
      value = newValue
      valueUpdatedCount &+= 1
    }
  }

  /// The pulse itself, for `observe(pulse: \.$name)`.
  public var projectedValue: Pulse<Value> { self }
}

extension Pulse: Equatable where Value: Equatable {}
extension Pulse: Hashable where Value: Hashable {}
extension Pulse: Sendable where Value: Sendable {}
