/// A requirement of a marked protocol, taken apart from its declaration as the compiler printed
/// it into the symbol graph.
struct Requirement {
  /// What a call may throw.
  enum Throwing: Equatable {
    case none
    /// `throws`: any error.
    case untyped
    /// `throws(E)`.
    case typed(String)
  }

  /// One parameter of a method.
  struct Parameter {
    /// The argument label, `_` for none.
    var label: String
    /// The name inside the function, which the mock's witness uses too.
    var name: String
    /// The type as declared: `inout Int`, `@escaping @Sendable (Int) -> Void`, `Int...`.
    var type: String
  }

  /// A method requirement.
  struct Method {
    /// The base name: `fetch`.
    var name: String
    /// The declaration without isolation attributes and `mutating`, as the witness repeats it.
    var signature: String
    /// The method's own generic parameters.
    var genericParameters: [String]
    /// The generic parameters constrained to `Sendable`.
    var sendableGenericParameters: Set<String>
    /// The parameters, in order.
    var parameters: [Parameter]
    /// Whether the method is `async`.
    var isAsync: Bool
    /// What the method throws.
    var throwing: Throwing
    /// The result type, `Void` when there is none, without `sending`.
    var returnType: String
  }

  /// A property requirement.
  struct Property {
    /// The property's name.
    var name: String
    /// The property's type.
    var type: String
    /// Whether the requirement has a setter.
    var isSettable: Bool
    /// Whether reading it is `async`.
    var isAsync: Bool
    /// What reading it throws.
    var throwing: Throwing
  }

  /// The two kinds of requirement that a mock implements.
  enum Kind {
    case method(Method)
    case property(Property)
  }

  /// The symbol of the requirement.
  var symbol: Symbol
  /// `@MainActor` or `nonisolated` when the declaration carries one (explicitly, or from the
  /// module's default isolation).
  var isolation: String?
  /// What the requirement is.
  var kind: Kind

  /// The requirement as written in documentation: `fetch(id:force:)`.
  var title: String { symbol.names.title }

  /// Takes a requirement apart, or says why a mock cannot implement it.
  init(_ symbol: Symbol) throws(Unmockable) {
    self.symbol = symbol
    var fragments = symbol.declarationFragments[...]
    var isolation: String?
    // Leading attributes: the isolation is kept; others (`@discardableResult`) are not part of
    // what a witness must repeat.
    while let first = fragments.first, first.kind == "attribute" {
      fragments = fragments.dropFirst()
      let spelling = Scanner.trimmed(first.spelling)
      if spelling == "@", let name = fragments.first, name.kind == "attribute" {
        fragments = fragments.dropFirst()
        if name.spelling == "MainActor" { isolation = "@MainActor" }
      } else if spelling == "nonisolated" {
        isolation = "nonisolated"
      }
      while fragments.first?.kind == "text" && fragments.first?.spelling.allSatisfy(\.isWhitespace) == true {
        fragments = fragments.dropFirst()
      }
    }
    self.isolation = isolation
    let declaration = Self.text(of: fragments)
    switch symbol.kind.identifier {
    case "swift.method":
      kind = .method(try Self.method(declaration, symbol))
    case "swift.property":
      kind = .property(try Self.property(declaration, symbol))
    case "swift.type.method", "swift.type.property", "swift.type.subscript":
      throw Unmockable(
        "it is static: a static spy would be shared by every test that runs in parallel")
    case "swift.init":
      throw Unmockable("it is an initializer, which a mock made by the test cannot stand for")
    case "swift.subscript":
      throw Unmockable("it is a subscript, which generated mocks do not implement")
    case "swift.associatedtype":
      throw Unmockable("it is an associated type, which only a mock written by hand can choose")
    default:
      throw Unmockable("it is a \(symbol.kind.identifier), which generated mocks do not implement")
    }
  }

  /// The declaration as one line, with the compiler's ` : ` written `: ` as swift-format does.
  static func text(of fragments: ArraySlice<Symbol.Fragment>) -> String {
    var text = ""
    for fragment in fragments where !(fragment.kind == "keyword" && isDropped(fragment.spelling)) {
      text += fragment.kind == "text" ? fragment.spelling.replacingAll(" : ", with: ": ") : fragment.spelling
    }
    return Scanner.trimmed(text.replacingAll("  ", with: " "))
  }

  /// Modifiers that a class's witness does not repeat.
  private static func isDropped(_ keyword: String) -> Bool {
    keyword == "mutating" || keyword == "nonmutating"
  }

  private static func method(_ declaration: String, _ symbol: Symbol) throws(Unmockable) -> Method {
    let characters = Array(declaration)
    guard declaration.hasPrefix("func "),
      let open = characters.firstIndex(of: "("),
      let close = Scanner.closing(characters, from: open)
    else { throw Unmockable("its declaration `\(declaration)` could not be read") }
    var name = String(characters[5..<open])
    if let generic = name.firstIndex(of: "<") { name = String(name[..<generic]) }
    let generics = (symbol.swiftGenerics?.parameters ?? []).map(\.name).filter { $0 != "Self" }
    let sendable = Set(
      (symbol.swiftGenerics?.constraints ?? [])
        .filter { $0.kind == "conformance" && $0.rhs == "Sendable" }
        .map(\.lhs))
    var parameters: [Parameter] = []
    for piece in Scanner.split(String(characters[(open + 1)..<close]), on: ",") {
      let pieceCharacters = Array(piece)
      guard let colon = Scanner.find(":", in: pieceCharacters) else {
        throw Unmockable("its parameter `\(piece)` could not be read")
      }
      let names = Scanner.trimmed(String(pieceCharacters[..<colon])).split(separator: " ").map(String.init)
      guard let label = names.first, let internalName = names.last else {
        throw Unmockable("its parameter `\(piece)` could not be read")
      }
      parameters.append(
        Parameter(
          label: label, name: internalName,
          type: Scanner.trimmed(String(pieceCharacters[(colon + 1)...]))))
    }
    // After the parameters: effects, then `-> Result`, then a `where` clause.
    var rest = Array(characters[(close + 1)...])
    if let whereClause = Scanner.find(" where ", in: rest) { rest = Array(rest[..<whereClause]) }
    var isAsync = false
    var throwing = Throwing.none
    var returnType = "Void"
    var index = 0
    while index < rest.count {
      let remaining = String(rest[index...])
      if rest[index] == " " {
        index += 1
      } else if remaining.hasPrefix("async") {
        isAsync = true
        index += 5
      } else if remaining.hasPrefix("rethrows") {
        throw Unmockable("it rethrows: a mock cannot throw a stubbed error from it")
      } else if remaining.hasPrefix("throws(") {
        let open = index + 6
        guard let close = Scanner.closing(rest, from: open) else { break }
        let error = String(rest[(open + 1)..<close])
        throwing = error == "Never" ? .none : (error == "any Error" ? .untyped : .typed(error))
        index = close + 1
      } else if remaining.hasPrefix("throws") {
        throwing = .untyped
        index += 6
      } else if remaining.hasPrefix("->") {
        returnType = Scanner.trimmed(String(rest[(index + 2)...]))
        break
      } else {
        throw Unmockable("its effects `\(remaining)` could not be read")
      }
    }
    if returnType.hasPrefix("sending ") { returnType = String(returnType.dropFirst(8)) }
    if returnType == "()" { returnType = "Void" }
    return Method(
      name: name, signature: declaration, genericParameters: generics,
      sendableGenericParameters: sendable, parameters: parameters, isAsync: isAsync,
      throwing: throwing, returnType: returnType)
  }

  private static func property(_ declaration: String, _ symbol: Symbol) throws(Unmockable) -> Property {
    let characters = Array(declaration)
    guard declaration.hasPrefix("var "),
      let colon = Scanner.find(":", in: characters),
      let brace = Scanner.find(" {", in: characters, from: colon)
    else { throw Unmockable("its declaration `\(declaration)` could not be read") }
    let name = Scanner.trimmed(String(characters[4..<colon]))
    let type = Scanner.trimmed(String(characters[(colon + 1)..<brace]))
    let accessors = String(characters[(brace + 2)...]).replacingAll("}", with: "")
    var throwing = Throwing.none
    if let typed = Array(accessors).firstIndex(of: "("), accessors.contains("throws(") {
      let accessorCharacters = Array(accessors)
      if let close = Scanner.closing(accessorCharacters, from: typed) {
        throwing = .typed(String(accessorCharacters[(typed + 1)..<close]))
      }
    } else if accessors.contains("throws") {
      throwing = .untyped
    }
    let words = Scanner.identifiers(in: accessors)
    return Property(
      name: name, type: type, isSettable: words.contains("set"), isAsync: words.contains("async"),
      throwing: throwing)
  }
}

/// Why a requirement or a protocol cannot be mocked: the message's end, after the requirement.
package struct Unmockable: Error, Equatable, Sendable {
  /// Why, as a clause: "it is static: …".
  package var reason: String

  /// Makes an explanation.
  /// - Parameter reason: Why, as a clause.
  package init(_ reason: String) {
    self.reason = reason
  }
}

extension String {
  /// The string with every `target` replaced, without Foundation.
  func replacingAll(_ target: String, with replacement: String) -> String {
    guard !target.isEmpty else { return self }
    var result = ""
    var rest = self[...]
    while let range = rest.range(of: target) {
      result += rest[..<range.lowerBound]
      result += replacement
      rest = rest[range.upperBound...]
    }
    return result + rest
  }
}

extension Substring {
  /// The first range of `target`, without Foundation.
  func range(of target: String) -> Range<Index>? {
    var start = startIndex
    while start < endIndex {
      if self[start...].starts(with: target) {
        return start..<index(start, offsetBy: target.count)
      }
      start = index(after: start)
    }
    return nil
  }
}
