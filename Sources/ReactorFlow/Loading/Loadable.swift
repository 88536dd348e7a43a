/// A value that is loaded: not asked for yet, loading, loaded, or failed.
///
/// It keeps the last loaded value while a reload runs and after a reload fails, as a screen
/// does: a refresh that fails must not blank the list, and ``value`` is what a view shows in
/// every case. ``error`` is set only in ``failed(_:previous:)``, until the next load starts.
///
/// `Failure` is the type of the errors, as in `Result`: the `throws(Failure)` error of a client
/// whose errors the screen tells apart, or ``DescribedError`` for any other error, which keeps the
/// error's text and makes the state `Equatable` whatever was thrown. A `Loadable` is `Equatable`,
/// `Hashable` and `Sendable` when `Value` and `Failure` are.
///
/// ```swift
/// struct State: Equatable, Sendable {
///   var people: Loadable<[String], DescribedError> = .idle
/// }
///
/// func reduce(state: State, mutation: Mutation) -> State {
///   var state = state
///   switch mutation {
///   case .startLoading: state.people.startLoading()  // keeps the people shown
///   case .setPeople(let people): state.people = .loaded(people)
///   case .setError(let error): state.people.fail(error)  // keeps them too
///   }
///   return state
/// }
/// ```
public enum Loadable<Value, Failure: Error> {
  /// Nothing was asked for yet.
  case idle
  /// A load runs; `previous` is the last loaded value, if any.
  case loading(previous: Value?)
  /// The last load delivered this value.
  case loaded(Value)
  /// The last load failed with this error; `previous` is the value loaded before it, if any.
  case failed(Failure, previous: Value?)

  /// Whether a load runs.
  public var isLoading: Bool {
    if case .loading = self { return true }
    return false
  }

  /// The last loaded value, if any: the one just loaded, or the one kept while a reload runs or
  /// after it failed.
  public var value: Value? {
    switch self {
    case .idle: nil
    case .loading(let previous): previous
    case .loaded(let value): value
    case .failed(_, let previous): previous
    }
  }

  /// The error of the last load, when it failed; `nil` once another load starts.
  public var error: Failure? {
    if case .failed(let error, _) = self { return error }
    return nil
  }

  /// Marks a load as started, keeping the last loaded value: ``loading(previous:)``.
  public mutating func startLoading() {
    self = .loading(previous: value)
  }

  /// Marks the load as failed with `error`, keeping the last loaded value:
  /// ``failed(_:previous:)``.
  /// - Parameter error: Why the load failed.
  public mutating func fail(_ error: Failure) {
    self = .failed(error, previous: value)
  }

  /// The same phase with the value transformed: the way to show a part of it, or another type.
  /// - Parameter transform: Makes the new value from a value, loaded now or kept.
  /// - Returns: The same phase, with every value transformed.
  public func map<NewValue>(_ transform: (Value) -> NewValue) -> Loadable<NewValue, Failure> {
    switch self {
    case .idle: .idle
    case .loading(let previous): .loading(previous: previous.map(transform))
    case .loaded(let value): .loaded(transform(value))
    case .failed(let error, let previous): .failed(error, previous: previous.map(transform))
    }
  }

  /// The same phase and value with the error transformed, for example into ``DescribedError``.
  /// - Parameter transform: Makes the new error from the error.
  /// - Returns: The same phase, with the error transformed.
  public func mapError<NewFailure: Error>(_ transform: (Failure) -> NewFailure) -> Loadable<Value, NewFailure>
  {
    switch self {
    case .idle: .idle
    case .loading(let previous): .loading(previous: previous)
    case .loaded(let value): .loaded(value)
    case .failed(let error, let previous): .failed(transform(error), previous: previous)
    }
  }
}

extension Loadable: Equatable where Value: Equatable, Failure: Equatable {}
extension Loadable: Hashable where Value: Hashable, Failure: Hashable {}
extension Loadable: Sendable where Value: Sendable {}
