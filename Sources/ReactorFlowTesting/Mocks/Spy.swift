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
/// **Answers that take time.** An `async` mock awaits ``answer(_:function:fileID:filePath:line:column:)``
/// instead of calling the spy; then ``neverReturns()`` makes its calls suspend until their task
/// is cancelled (ReactorKit Stubber's `.never()`), and ``returnsAfter(_:on:)`` makes them answer
/// after a delay on the clock the test gives, a ``TestClock`` or an ``ImmediateClock``:
/// ```swift
/// func search(query: String, page: Int) async throws -> SearchPage {
///   try await searchSpy.answer((query, page)).get()
/// }
/// ```
///
/// A spy is `Sendable` when its arguments and output are: a lock protects its records, so a mock
/// can be called from effects running on any executor.
public final class Spy<Arguments, Output> {
  private struct Records {
    var calls: [Arguments] = []
    var returnValue: Output?
    var handler: (@Sendable (Arguments) -> Output)?
    var timing = Timing.immediately
  }

  /// When an awaited call answers.
  private enum Timing {
    case immediately
    /// After `delay`, slept by `sleep` on the clock the test gave.
    case after(_ delay: Duration, sleep: @Sendable (Duration) async throws -> Void)
    case never

    /// How a failure names the setting: "neverReturns()".
    var setter: String? {
      switch self {
      case .immediately: nil
      case .after(let delay, _): "returnsAfter(\(delay), on:)"
      case .never: "neverReturns()"
      }
    }
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

  // MARK: - Answering later

  /// Makes every call through ``answer(_:function:fileID:filePath:line:column:)`` suspend until
  /// its task is cancelled, then throw `CancellationError`: ReactorKit Stubber's `.never()`.
  ///
  /// The call is recorded when it starts. An effect that awaits it stays in flight until the
  /// test cancels it (`ReactorTask.cancel()`, or the action that cancels it), so a
  /// test can assert the state while the work is under way. ``ReactorTester`` knows that such a
  /// call only ends when the test ends it: `receive` and `finish()` do not wait for it, and
  /// their failures name the spy ("effect started by .refresh of FeedReactor is awaiting Spy
  /// "fetch(page:)", which never returns (neverReturns())").
  public func neverReturns() {
    records.withLock { $0.timing = .never }
  }

  /// Makes every call through ``answer(_:function:fileID:filePath:line:column:)`` sleep for
  /// `delay` on `clock` before it answers with the stub (``handler`` or ``returnValue``) set at
  /// that time.
  ///
  /// ```swift
  /// client.searchSpy.returnsAfter(.seconds(1), on: clock)  // each search takes a second
  /// ```
  /// Give it the test's ``TestClock``: the answer comes when the test advances the clock, never
  /// on real time. A call whose task is cancelled while it sleeps throws `CancellationError`.
  /// - Parameters:
  ///   - delay: How long each call takes, on `clock`.
  ///   - clock: The clock to sleep on: the test's ``TestClock`` or an ``ImmediateClock``.
  public func returnsAfter(_ delay: Duration, on clock: some Clock<Duration>) {
    let sleep: @Sendable (Duration) async throws -> Void = { try await clock.sleep(for: $0) }
    records.withLock { $0.timing = .after(delay, sleep: sleep) }
  }

  /// Makes calls through ``answer(_:function:fileID:filePath:line:column:)`` answer at once
  /// again, undoing ``neverReturns()`` and ``returnsAfter(_:on:)``. It is the default.
  public func returnsImmediately() {
    records.withLock { $0.timing = .immediately }
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
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let (handler, returnValue, timing) = records.withLock { records in
      records.calls.append(arguments)
      return (records.handler, records.returnValue, records.timing)
    }
    if let setter = timing.setter {
      // A synchronous call cannot wait; answering now keeps the test going to its other checks.
      reportFailure(
        """
        Spy "\(name)" is set to \(setter), but \(function) called it synchronously, so it \
        answered at once. Fix: make the mock await the spy: `try await spy.answer(arguments)`.
        """,
        at: location)
    }
    return stubbedAnswer(arguments, handler, returnValue, function: function, location)
  }

  /// Records a call, waits as ``neverReturns()`` or ``returnsAfter(_:on:)`` says (at once by
  /// default), and answers it: with ``handler`` if set, else ``returnValue``, else (a failure,
  /// then) the placeholder. The stub is read when the call answers, so a test may set it while
  /// the call waits.
  ///
  /// An `async` mock awaits it instead of calling the spy. A mocked function that does not throw
  /// answers its own value when its task is cancelled:
  /// `(try? await chooseSpy.answer(message)) ?? .cancel`.
  /// - Parameters:
  ///   - arguments: The arguments of the call.
  ///   - function: The mocked function, for failure messages; leave the default.
  ///   - fileID: The mock's file, for failures.
  ///   - filePath: The mock's file path, for failures.
  ///   - line: The mock's line, for failures.
  ///   - column: The mock's column, for failures.
  /// - Returns: The stubbed result.
  /// - Throws: `CancellationError` when the calling task is cancelled while the call waits.
  public func answer(
    _ arguments: Arguments,
    function: String = #function,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async throws -> Output {
    let timing = records.withLock { records in
      records.calls.append(arguments)
      return records.timing
    }
    switch timing {
    case .immediately:
      break
    case .after(let delay, let sleep):
      try await sleep(delay)
    case .never:
      try await suspendUntilCancelled()
    }
    let (handler, returnValue) = records.withLock { ($0.handler, $0.returnValue) }
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    return stubbedAnswer(arguments, handler, returnValue, function: function, location)
  }

  /// Suspends until the current task is cancelled, then throws `CancellationError`. A tester
  /// that started the effect notes the wait, so that its failures name this spy.
  private func suspendUntilCancelled() async throws {
    let label = EffectLabel.current
    let wait = label?.beginWait("awaiting Spy \"\(name)\", which never returns (neverReturns())")
    defer { if let label, let wait { label.endWait(wait) } }
    // Whoever comes second, the call storing its continuation or the cancellation, resumes it:
    // a cancellation that comes first is remembered.
    let waiter = Locked<(isCancelled: Bool, continuation: UnsafeContinuation<Void, any Error>?)>(
      (false, nil))
    try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
        let isCancelled = waiter.withLock { waiter in
          if !waiter.isCancelled { waiter.continuation = continuation }
          return waiter.isCancelled
        }
        if isCancelled { continuation.resume(throwing: CancellationError()) }
      }
    } onCancel: {
      let continuation = waiter.withLock { waiter in
        waiter.isCancelled = true
        defer { waiter.continuation = nil }
        return waiter.continuation
      }
      continuation?.resume(throwing: CancellationError())
    }
  }

  /// The answer of a call: the handler's, the return value, or (a failure, then) the placeholder.
  private func stubbedAnswer(
    _ arguments: Arguments,
    _ handler: (@Sendable (Arguments) -> Output)?,
    _ returnValue: Output?,
    function: String,
    _ location: SourceLocation
  ) -> Output {
    if let handler { return handler(arguments) }
    if let returnValue { return returnValue }
    if Output.self != Void.self {
      reportFailure(
        """
        Spy "\(name)" was called by \(function) but has nothing to return: neither returns(_:) \
        nor handler was set, so it returned its placeholder \(placeholder). Fix: in the test's \
        "given" part, call returns(...) or set handler on the spy that \(function) calls.
        """,
        at: location)
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

  /// Records a call without arguments, waits as ``neverReturns()`` or ``returnsAfter(_:on:)``
  /// says, and answers it; see ``answer(_:function:fileID:filePath:line:column:)``.
  /// - Parameters:
  ///   - function: The mocked function, for failure messages; leave the default.
  ///   - fileID: The mock's file, for failures.
  ///   - filePath: The mock's file path, for failures.
  ///   - line: The mock's line, for failures.
  ///   - column: The mock's column, for failures.
  /// - Returns: The stubbed result.
  /// - Throws: `CancellationError` when the calling task is cancelled while the call waits.
  public func answer(
    function: String = #function,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async throws -> Output {
    try await answer(
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
