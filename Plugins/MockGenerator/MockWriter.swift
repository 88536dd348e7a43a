/// Writes the Swift source of one protocol's mock: a class with one `Spy` per requirement.
struct MockWriter {
  /// What an unstubbed call answers, after its spy has failed the test.
  private enum Placeholder {
    /// The spy's own: `false`, `0`, `""`, `[]`, `[:]`, `nil`, or nothing for `Void`.
    case spyDefault
    /// An expression written into the spy's declaration: `.success([])`.
    case expression(String)
    /// A value the test passes to the mock's `init`, named `name`: `.success(name)` when
    /// `wrapped` says so.
    case parameter(name: String, type: String, wrapped: Bool)
  }

  /// One spy of the mock.
  private struct SpyPlan {
    var property: String
    var arguments: String
    var output: String
    var displayName: String
    var placeholder: Placeholder
  }

  private let mocked: MockedProtocol
  private let mockName: String
  private var spies: [SpyPlan] = []
  private var witnesses: [String] = []
  private var usedNames: Set<String> = []
  private var needsUnstubbed = false
  private var storedPlaceholders: [(name: String, type: String)] = []
  /// The spies of throwing requirements that return nothing: they answer success until stubbed.
  private var succeedByDefault: [String] = []

  /// Plans the mock of `mocked`, or says which requirement stops it.
  init(_ mocked: MockedProtocol) throws(ProblemList) {
    self.mocked = mocked
    mockName = mocked.name + "Mock"
    var problems: [Problem] = []
    let names = SpyNames(mocked.requirements)
    for (requirement, name) in zip(mocked.requirements, names.names) {
      do {
        switch requirement.kind {
        case .method(let method):
          try plan(method, requirement, spy: name)
        case .property(let property):
          try plan(property, requirement, spy: name)
        }
      } catch {
        problems.append(Problem(mocked.symbol, requirement.symbol, error))
      }
    }
    if !problems.isEmpty { throw ProblemList(problems: problems) }
  }

  // MARK: - Methods

  private mutating func plan(_ method: Requirement.Method, _ requirement: Requirement, spy: String)
    throws(Unmockable)
  {
    let generics = Set(method.genericParameters)
    func mentionsGeneric(_ type: String) -> Bool {
      type.contains("some ") || !generics.isDisjoint(with: Scanner.identifiers(in: type))
    }
    var recorded: [(label: String, type: String, value: String)] = []
    var parameters: [Requirement.Parameter] = []
    for (index, parameter) in method.parameters.enumerated() {
      var parameter = parameter
      if parameter.name == "_" { parameter.name = "argument\(index + 1)" }
      parameters.append(parameter)
      try rejectSelf(parameter.type, "its parameter `\(parameter.name)`")
      let type = ParameterType(parameter.type)
      if type.isAutoclosure || (type.isFunction && !type.isEscaping) {
        // A closure that cannot outlive the call cannot be kept among the recorded arguments.
        continue
      }
      if mentionsGeneric(type.recorded) {
        if generics.contains(type.recorded) && method.sendableGenericParameters.contains(type.recorded) {
          recorded.append((parameter.name, "any Sendable", parameter.name))
        } else {
          recorded.append((parameter.name, "String", "String(describing: \(parameter.name))"))
        }
        continue
      }
      if mocked.isSendable && mocked.isolation == nil && type.recorded.contains("->")
        && !type.recorded.contains("@Sendable")
      {
        throw Unmockable(
          "its parameter `\(parameter.name)` is a closure that is not `@Sendable`, which a `Sendable` "
            + "mock cannot keep; mark it `@Sendable`")
      }
      recorded.append((parameter.name, type.recorded, parameter.name))
    }
    let arguments: String
    let argumentValues: String
    switch recorded.count {
    case 0:
      arguments = "Void"
      argumentValues = ""
    case 1:
      arguments = recorded[0].type
      argumentValues = recorded[0].value
    default:
      arguments = "(" + recorded.map { "\($0.label): \($0.type)" }.joined(separator: ", ") + ")"
      argumentValues = "(" + recorded.map(\.value).joined(separator: ", ") + ")"
    }
    try rejectSelf(method.returnType, "its result")
    var value = method.returnType
    var cast = ""
    if mentionsGeneric(method.returnType) {
      guard method.returnType.hasSuffix("?") else {
        throw Unmockable(
          "it returns `\(method.returnType)`, a generic type that a mock can only answer through an "
            + "optional; return `\(method.returnType)?` or write this mock by hand")
      }
      value = "(any Sendable)?"
      cast = " as? " + String(method.returnType.dropLast())
    }
    let answer = addSpy(
      spy, arguments: arguments, value: value, throwing: method.throwing,
      displayName: "\(mockName).\(requirement.title)", cancellable: method.isAsync)
    let body = Self.body(
      spy: spy, arguments: argumentValues, isAsync: method.isAsync, throwing: method.throwing,
      returnsValue: method.returnType != "Void", cast: cast, fallback: answer)
    let signature = Self.signature(method, parameters)
    witnesses.append(
      "  " + isolationPrefix(requirement) + signature + " {\n" + body.map { "    " + $0 + "\n" }.joined()
        + "  }")
  }

  /// The method's declaration with parameters renamed where the protocol left them unnamed.
  private static func signature(_ method: Requirement.Method, _ parameters: [Requirement.Parameter]) -> String
  {
    let characters = Array(method.signature)
    guard let open = characters.firstIndex(of: "("), let close = Scanner.closing(characters, from: open)
    else {
      return method.signature
    }
    let list = parameters.map { parameter in
      parameter.label == parameter.name
        ? "\(parameter.name): \(parameter.type)" : "\(parameter.label) \(parameter.name): \(parameter.type)"
    }
    return String(characters[...open]) + list.joined(separator: ", ") + String(characters[close...])
  }

  /// The statements of a witness that forwards to its spy.
  private static func body(
    spy: String, arguments: String, isAsync: Bool, throwing: Requirement.Throwing, returnsValue: Bool,
    cast: String, fallback: String?
  ) -> [String] {
    let call = isAsync ? "\(spy).answer(\(arguments))" : "\(spy)(\(arguments))"
    switch (isAsync, throwing) {
    case (false, .none):
      return [cast.isEmpty ? call : "\(call)\(cast)"]
    case (false, _):
      return ["try \(call).get()\(cast)"]
    case (true, .untyped):
      return ["try await \(call).get()\(cast)"]
    case (true, .none):
      // `answer` throws only when the task is cancelled while it waits; a method that cannot
      // throw answers the placeholder then.
      if !returnsValue { return ["_ = try? await \(call)"] }
      if !cast.isEmpty { return ["(try? await \(call))\(cast)"] }
      return ["(try? await \(call)) ?? \(fallback ?? "nil")"]
    case (true, .typed):
      // Cancellation is not the method's error type: a cancelled call answers the placeholder.
      return [
        "let answer = (try? await \(call)) ?? \(fallback ?? "nil")",
        (returnsValue ? "return " : "") + "try answer.get()\(cast)",
      ]
    }
  }

  // MARK: - Properties

  private mutating func plan(_ property: Requirement.Property, _ requirement: Requirement, spy: String)
    throws(Unmockable)
  {
    try rejectSelf(property.type, "its type")
    let isEffectful = property.isAsync || property.throwing != .none
    let answer = addSpy(
      spy, arguments: "Void", value: property.type, throwing: property.throwing,
      displayName: "\(mockName).\(property.name)", cancellable: property.isAsync)
    let get = Self.body(
      spy: spy, arguments: "", isAsync: property.isAsync, throwing: property.throwing, returnsValue: true,
      cast: "", fallback: answer)
    var lines = ["  " + isolationPrefix(requirement) + "var \(property.name): \(property.type) {"]
    if property.isSettable {
      let setter = uniqueName(
        "set" + property.name.prefix(1).uppercased() + property.name.dropFirst() + "Spy")
      spies.append(
        SpyPlan(
          property: setter, arguments: property.type, output: "Void",
          displayName: "\(mockName).\(property.name) (set)", placeholder: .spyDefault))
      lines += ["    get { \(get[0]) }", "    set {", "      \(setter)(newValue)"]
      // A property that the code under test sets reads back what it set, as a stored one would.
      lines += ["      \(spy).returns(newValue)", "    }"]
    } else if isEffectful {
      var effects = property.isAsync ? " async" : ""
      switch property.throwing {
      case .none: break
      case .untyped: effects += " throws"
      case .typed(let error): effects += " throws(\(error))"
      }
      lines += ["    get\(effects) {"] + get.map { "      " + $0 } + ["    }"]
    } else {
      lines += get.map { "    " + $0 }
    }
    witnesses.append((lines + ["  }"]).joined(separator: "\n"))
  }

  // MARK: - Spies

  /// Adds the spy of a requirement that answers `value`, and returns what a cancelled call
  /// answers instead, if the body needs it.
  private mutating func addSpy(
    _ property: String, arguments: String, value: String, throwing: Requirement.Throwing, displayName: String,
    cancellable: Bool
  ) -> String? {
    usedNames.insert(property)
    let literal = Self.literal(for: value)
    let output: String
    let placeholder: Placeholder
    var fallback: String?
    switch throwing {
    case .none:
      output = value
      if let literal {
        placeholder = .spyDefault
        fallback = literal
      } else {
        let name = placeholderName(property)
        placeholder = .parameter(name: name, type: value, wrapped: false)
        fallback = name
        if cancellable { storedPlaceholders.append((name, value)) }
      }
    case .untyped:
      output = "Result<\(value), any Error>"
      if value == "Void" { succeedByDefault.append(property) }
      if let literal {
        placeholder = .expression(".success(\(literal))")
      } else {
        needsUnstubbed = true
        placeholder = .expression(".failure(Unstubbed())")
      }
    case .typed(let error):
      output = "Result<\(value), \(error)>"
      if value == "Void" { succeedByDefault.append(property) }
      if let literal {
        placeholder = .expression(".success(\(literal))")
        fallback = ".success(\(literal))"
      } else {
        let name = placeholderName(property)
        placeholder = .parameter(name: name, type: value, wrapped: true)
        fallback = ".success(\(name))"
        if cancellable { storedPlaceholders.append((name, value)) }
      }
    }
    spies.append(
      SpyPlan(
        property: property, arguments: arguments, output: output, displayName: displayName,
        placeholder: placeholder))
    return fallback
  }

  /// `fetchSpy` → `fetchPlaceholder`.
  private func placeholderName(_ spy: String) -> String {
    (spy.hasSuffix("Spy") ? String(spy.dropLast(3)) : spy) + "Placeholder"
  }

  private mutating func uniqueName(_ name: String) -> String {
    var candidate = name
    var number = 2
    while usedNames.contains(candidate) {
      candidate = name + "\(number)"
      number += 1
    }
    usedNames.insert(candidate)
    return candidate
  }

  /// The literal that a spy's convenience `init` uses for `type`, if it has one.
  static func literal(for type: String) -> String? {
    let numbers: Set<String> = [
      "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double",
      "Float", "Float16", "Float80",
    ]
    if type == "Void" || type == "()" { return "()" }
    if type.hasSuffix("?") || type.hasPrefix("Optional<") { return "nil" }
    if type == "Bool" { return "false" }
    if numbers.contains(type) { return "0" }
    if type == "String" || type == "Substring" { return "\"\"" }
    if type.hasPrefix("Dictionary<") { return "[:]" }
    if type.hasPrefix("Array<") || type.hasPrefix("Set<") || type.hasPrefix("ContiguousArray<") {
      return "[]"
    }
    let characters = Array(type)
    if characters.first == "[", Scanner.closing(characters, from: 0) == characters.count - 1 {
      let inside = Array(characters.dropFirst().dropLast())
      return Scanner.find(":", in: inside) == nil ? "[]" : "[:]"
    }
    return nil
  }

  private func rejectSelf(_ type: String, _ what: String) throws(Unmockable) {
    if Scanner.identifiers(in: type).contains("Self") {
      throw Unmockable("\(what) mentions `Self`, which only a mock written by hand can choose")
    }
  }

  /// The witness's own isolation where it differs from the mock's.
  private func isolationPrefix(_ requirement: Requirement) -> String {
    switch (mocked.isolation, requirement.isolation) {
    case ("@MainActor", "nonisolated"): "nonisolated "
    case (nil, "@MainActor"): "@MainActor "
    default: ""
    }
  }

  // MARK: - Writing

  /// The mock's source: the class, its spies, its `init` when placeholders need one, and the
  /// witnesses.
  func source() -> String {
    var lines: [String] = []
    lines.append(
      "/// `\(mocked.name)` for tests: each requirement calls its `Spy`, which the test stubs and reads.")
    let isolation = mocked.isolation.map { "\($0) " } ?? "nonisolated "
    lines.append("\(isolation)final class \(mockName): \(mocked.name) {")
    for spy in spies {
      let type = "Spy<\(spy.arguments), \(spy.output)>"
      let name = "\"\(spy.displayName)\""
      switch spy.placeholder {
      case .spyDefault:
        lines += Self.wrapped("  let \(spy.property) = \(type)(", "\(name))")
      case .expression(let expression):
        lines += Self.wrapped("  let \(spy.property) = \(type)(", "\(name), placeholder: \(expression))")
      case .parameter:
        lines.append("  let \(spy.property): \(type)")
      }
    }
    for stored in storedPlaceholders {
      lines.append("  private let \(stored.name): \(stored.type)")
    }
    let parameters = spies.compactMap { spy -> (spy: SpyPlan, name: String, type: String, wrapped: Bool)? in
      if case .parameter(let name, let type, let wrapped) = spy.placeholder {
        return (spy, name, type, wrapped)
      }
      return nil
    }
    if !parameters.isEmpty || !succeedByDefault.isEmpty {
      lines.append("")
      if !parameters.isEmpty {
        lines.append("  /// Makes a mock whose unstubbed calls fail the test and answer these placeholders.")
      }
      if !succeedByDefault.isEmpty {
        // Like a `Void` spy, a call that has nothing to return needs no stub to succeed.
        lines.append(
          parameters.isEmpty
            ? "  /// Makes a mock whose throwing requirements without a result succeed until a test stubs"
            : "  /// The throwing requirements without a result succeed until a test stubs a failure.")
        if parameters.isEmpty { lines.append("  /// a failure.") }
      }
      let list = parameters.map { "\($0.name): \($0.type)" }.joined(separator: ", ")
      lines += Self.wrapped("  init(", "\(list)) {")
      for parameter in parameters {
        let value = parameter.wrapped ? ".success(\(parameter.name))" : parameter.name
        lines += Self.wrapped(
          "    \(parameter.spy.property) = Spy(", "\"\(parameter.spy.displayName)\", placeholder: \(value))",
          indent: "      ")
      }
      for stored in storedPlaceholders {
        lines.append("    self.\(stored.name) = \(stored.name)")
      }
      for spy in succeedByDefault {
        lines.append("    \(spy).returns(.success(()))")
      }
      lines.append("  }")
    }
    for witness in witnesses {
      lines.append("")
      lines.append(witness)
    }
    if needsUnstubbed {
      lines.append("")
      lines.append(
        "  /// What a throwing requirement throws when the test did not stub it; its spy has failed the")
      lines.append("  /// test already.")
      lines.append("  nonisolated struct Unstubbed: Error {}")
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// `head + tail` on one line if it fits in 100 columns, else `tail` on the next line, indented.
  private static func wrapped(_ head: String, _ tail: String, indent: String = "    ") -> [String] {
    let line = head + tail
    return line.count <= 100 ? [line] : [head, indent + tail]
  }
}

/// Several problems, thrown together.
struct ProblemList: Error {
  var problems: [Problem]
}

/// A parameter's type, as a spy records it.
private struct ParameterType {
  var isFunction = false
  var isEscaping = false
  var isAutoclosure = false
  /// The type a spy records: without `inout` and `@escaping`, and a variadic `Int...` as `[Int]`.
  var recorded: String

  init(_ declared: String) {
    var type = declared
    let modifiers = [
      "inout ", "__owned ", "__shared ", "consuming ", "borrowing ", "sending ", "@escaping ",
      "@autoclosure ",
    ]
    var stripped = true
    while stripped {
      stripped = false
      for modifier in modifiers where type.hasPrefix(modifier) {
        if modifier == "@escaping " { isEscaping = true }
        if modifier == "@autoclosure " { isAutoclosure = true }
        type = String(type.dropFirst(modifier.count))
        stripped = true
      }
    }
    if type.hasSuffix("...") { type = "[" + type.dropLast(3) + "]" }
    recorded = type
    // A function type: its parameter list is followed by `->`, `async` or `throws`.
    var bare = type
    while bare.hasPrefix("@"), let space = bare.firstIndex(of: " ") {
      bare = String(bare[bare.index(after: space)...])
    }
    let characters = Array(bare)
    if characters.first == "(", let close = Scanner.closing(characters, from: 0), close < characters.count - 1
    {
      let after = Scanner.trimmed(String(characters[(close + 1)...]))
      isFunction = after.hasPrefix("->") || after.hasPrefix("async") || after.hasPrefix("throws")
    }
  }
}

/// The spy name of each requirement: its base name, then with its labels, then with its
/// parameters' types, then numbered, whichever is first unique.
private struct SpyNames {
  var names: [String] = []

  init(_ requirements: [Requirement]) {
    let candidates: [[String]] = requirements.map { requirement in
      switch requirement.kind {
      case .property(let property):
        return [property.name]
      case .method(let method):
        let labels = method.parameters.map(\.label).filter { $0 != "_" }
        let types = method.parameters.map { Scanner.identifiers(in: $0.type).joined() }
        return [
          method.name,
          method.name + labels.map(Self.capitalized).joined(),
          method.name + labels.map(Self.capitalized).joined() + types.map(Self.capitalized).joined(),
        ]
      }
    }
    // Setters take `set` + the name; a method with that name must not collide with them.
    var taken: Set<String> = []
    for requirement in requirements {
      if case .property(let property) = requirement.kind, property.isSettable {
        taken.insert("set" + Self.capitalized(property.name) + "Spy")
      }
    }
    var chosen: [String] = []
    for (index, options) in candidates.enumerated() {
      // The first level at which no other requirement has the same name.
      let level = options.indices.first { level in
        candidates.indices.allSatisfy { other in
          other == index || candidates[other][min(level, candidates[other].count - 1)] != options[level]
        }
      }
      let base = options[level ?? options.count - 1]
      var name = base + "Spy"
      var number = 2
      while taken.contains(name) {
        name = base + "\(number)Spy"
        number += 1
      }
      taken.insert(name)
      chosen.append(name)
    }
    names = chosen
  }

  private static func capitalized(_ word: String) -> String {
    word.prefix(1).uppercased() + word.dropFirst()
  }
}
