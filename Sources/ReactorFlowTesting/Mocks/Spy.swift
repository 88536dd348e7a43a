/// Records the calls of one function of a hand-written mock and answers them.
///
/// A spy replaces the generated bookkeeping of Sourcery's `AutoMockable` mocks: call count,
/// received arguments, a stubbed return value or a handler. A mock is one spy per function:
/// ```swift
/// final class UserServiceMock: UserServicing {
///   let userIsLoggedInSpy = Spy<Void, Bool>()
///   func userIsLoggedIn() -> Bool { userIsLoggedInSpy() }
/// }
/// ```
/// ```swift
/// mock.userIsLoggedInSpy.returns(true)                        // given
/// reactor.send(.didBecomeActive)                              // when
/// XCTAssertEqual(mock.userIsLoggedInSpy.callCount, 1)         // then
/// ```
/// Functions with several parameters take a tuple: `Spy<(id: Int, force: Bool), User>`, called
/// as `spy((id, force))`. A throwing function can use `Spy<Arguments, Result<T, any Error>>` and
/// `try spy(arguments).get()`.
///
/// **When nothing is stubbed.** A call to a spy whose `Output` is not `Void`, with neither
/// ``returns(_:)`` nor ``handler`` set, is a test failure that names the mock and the mocked
/// function. The spy then returns its *placeholder* so that the test can go on and report
/// everything else: `false`, `0`, `""`, `[]`, `[:]` or `nil` for the types that have such a
/// literal, or the value given to ``init(_:placeholder:)`` for any other type. It never crashes.
///
/// A spy is `Sendable` when its arguments and output are: a lock protects its records, so a mock
/// can be called from effects running on any executor.
public final class Spy<Arguments, Output> {
  private struct Records {
    var calls: [Arguments] = []
    var returnValue: Output?
    var handler: (@Sendable (Arguments) -> Output)?
  }

  /// The name used in failure messages. By default it is the enclosing declaration: the mock's
  /// type when the spy is a stored property of a mock (`UserServiceMock`).
  public let name: String
  private let placeholder: Output
  private let records = Locked(Records())

  /// Creates a spy that returns `placeholder`, after reporting a failure, when it is called
  /// with nothing stubbed.
  ///
  /// ```swift
  /// let fetchUserSpy = Spy<Int, User>(placeholder: User(id: 0, name: ""))
  /// ```
  /// - Parameters:
  ///   - name: The spy's name in failure messages; defaults to the enclosing declaration.
  ///   - placeholder: What an unstubbed call returns.
  public init(_ name: String = #function, placeholder: Output) {
    self.name = name
    self.placeholder = placeholder
  }

  // MARK: - Stubbing

  /// The value that calls return when no ``handler`` is set.
  public var returnValue: Output? {
    get { records.withLock { $0.returnValue } }
    set { records.withLock { $0.returnValue = newValue } }
  }

  /// Computes the result of each call from its arguments; it wins over ``returnValue``.
  ///
  /// ```swift
  /// searchSpy.handler = { query in ["\(query) 1", "\(query) 2"] }
  /// ```
  public var handler: (@Sendable (Arguments) -> Output)? {
    get { records.withLock { $0.handler } }
    set { records.withLock { $0.handler = newValue } }
  }

  /// Makes every call return `value`.
  /// - Parameter value: The value to return.
  public func returns(_ value: Output) {
    returnValue = value
  }

  // MARK: - Inspecting calls

  /// How many times the spy was called.
  public var callCount: Int {
    records.withLock { $0.calls.count }
  }

  /// Whether the spy was called at least once.
  public var called: Bool {
    callCount > 0
  }

  /// The arguments of the latest call, or `nil` if there was none.
  public var lastArguments: Arguments? {
    records.withLock { $0.calls.last }
  }

  /// The arguments of every call, first to last.
  public var allArguments: [Arguments] {
    records.withLock { $0.calls }
  }

  /// Forgets the calls; the stubs stay.
  public func resetCalls() {
    records.withLock { $0.calls.removeAll() }
  }

  // MARK: - Calling

  /// Records a call and answers it: with ``handler`` if set, else ``returnValue``, else (a
  /// failure, then) the placeholder.
  /// - Parameters:
  ///   - arguments: The arguments of the call.
  ///   - function: The mocked function, for failure messages; leave the default.
  ///   - fileID: The mock's file, for failures.
  ///   - filePath: The mock's file path, for failures.
  ///   - line: The mock's line, for failures.
  ///   - column: The mock's column, for failures.
  /// - Returns: The stubbed result.
  public func callAsFunction(
    _ arguments: Arguments,
    function: String = #function,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Output {
    let (handler, returnValue) = records.withLock { records in
      records.calls.append(arguments)
      return (records.handler, records.returnValue)
    }
    if let handler { return handler(arguments) }
    if let returnValue { return returnValue }
    if Output.self != Void.self {
      reportFailure(
        """
        Spy "\(name)" was called by \(function) but has nothing to return: neither returns(_:) \
        nor handler was set, so it returned its placeholder \(placeholder). Fix: in the test's \
        "given" part, call returns(...) or set handler on the spy that \(function) calls.
        """,
        at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    return placeholder
  }
}

// `records` (a lock) protects every mutable field; arguments and outputs only cross isolation
// domains when they are `Sendable`.
extension Spy: @unchecked Sendable where Arguments: Sendable, Output: Sendable {}

extension Spy where Arguments == Void {
  /// Records a call without arguments and answers it.
  /// - Parameters:
  ///   - function: The mocked function, for failure messages; leave the default.
  ///   - fileID: The mock's file, for failures.
  ///   - filePath: The mock's file path, for failures.
  ///   - line: The mock's line, for failures.
  ///   - column: The mock's column, for failures.
  /// - Returns: The stubbed result.
  public func callAsFunction(
    function: String = #function,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Output {
    callAsFunction(
      (), function: function, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

// MARK: - Placeholders

extension Spy where Output == Void {
  /// Creates a spy for a function that returns nothing; it never needs a stub.
  /// - Parameter name: The spy's name in failure messages; defaults to the enclosing declaration.
  public convenience init(_ name: String = #function) {
    self.init(name, placeholder: ())
  }
}

extension Spy where Output: ExpressibleByNilLiteral {
  /// Creates a spy whose unstubbed calls fail and return `nil`.
  /// - Parameter name: The spy's name in failure messages; defaults to the enclosing declaration.
  public convenience init(_ name: String = #function) {
    self.init(name, placeholder: nil)
  }
}

extension Spy where Output: ExpressibleByBooleanLiteral {
  /// Creates a spy whose unstubbed calls fail and return `false`.
  /// - Parameter name: The spy's name in failure messages; defaults to the enclosing declaration.
  public convenience init(_ name: String = #function) {
    self.init(name, placeholder: false)
  }
}

extension Spy where Output: ExpressibleByIntegerLiteral {
  /// Creates a spy whose unstubbed calls fail and return `0`.
  /// - Parameter name: The spy's name in failure messages; defaults to the enclosing declaration.
  public convenience init(_ name: String = #function) {
    self.init(name, placeholder: 0)
  }
}

extension Spy where Output: ExpressibleByStringLiteral {
  /// Creates a spy whose unstubbed calls fail and return `""`.
  /// - Parameter name: The spy's name in failure messages; defaults to the enclosing declaration.
  public convenience init(_ name: String = #function) {
    self.init(name, placeholder: "")
  }
}

extension Spy where Output: ExpressibleByArrayLiteral {
  /// Creates a spy whose unstubbed calls fail and return `[]`.
  /// - Parameter name: The spy's name in failure messages; defaults to the enclosing declaration.
  public convenience init(_ name: String = #function) {
    self.init(name, placeholder: [])
  }
}

extension Spy where Output: ExpressibleByDictionaryLiteral {
  /// Creates a spy whose unstubbed calls fail and return `[:]`.
  /// - Parameter name: The spy's name in failure messages; defaults to the enclosing declaration.
  public convenience init(_ name: String = #function) {
    self.init(name, placeholder: [:])
  }
}
