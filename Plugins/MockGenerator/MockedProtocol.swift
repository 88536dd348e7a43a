/// A protocol marked for a mock, with every requirement it and the protocols it refines declare.
struct MockedProtocol {
  /// The protocol's symbol.
  var symbol: Symbol
  /// The module that declares it.
  var module: String
  /// Whether the mock must be `Sendable`: the protocol or one it refines is.
  var isSendable: Bool
  /// `@MainActor` when the protocol or all its requirements are main-actor isolated.
  var isolation: String?
  /// The requirements, the protocol's own first, each in the order of its source file.
  var requirements: [Requirement]

  /// The protocol's name.
  var name: String { symbol.pathComponents.joined(separator: ".") }

  /// Whether the mock's file must import the module with `@testable` to see the protocol.
  var needsTestableImport: Bool { symbol.accessLevel == "internal" }

  /// The line of documentation comment that marks a protocol for a mock.
  static let marker = "- Mockable"

  /// Protocols that add no requirement a mock must implement.
  private static let requirementFree: Set<String> = [
    "s:s8SendableP", "s:s16SendableMetatypeP", "s:s8CopyableP", "s:s9EscapableP",
  ]

  /// The marked protocols of `graph`, and the problems of those that cannot be mocked.
  static func marked(in graph: SymbolGraph) -> (protocols: [MockedProtocol], problems: [Problem]) {
    let symbols = Dictionary(
      graph.symbols.map { ($0.identifier.precise, $0) }, uniquingKeysWith: { a, _ in a })
    var requirements: [String: [Symbol]] = [:]
    var parents: [String: [Relationship]] = [:]
    for relationship in graph.relationships {
      switch relationship.kind {
      case "requirementOf":
        if let symbol = symbols[relationship.source] {
          requirements[relationship.target, default: []].append(symbol)
        }
      case "inheritsFrom", "conformsTo":
        parents[relationship.source, default: []].append(relationship)
      default:
        break
      }
    }
    var protocols: [MockedProtocol] = []
    var problems: [Problem] = []
    let marked = graph.symbols.filter { symbol in
      symbol.kind.identifier == "swift.protocol"
        && (symbol.docComment?.lines ?? []).contains { Scanner.trimmed($0.text) == marker }
    }
    for symbol in marked.sorted(by: { $0.pathComponents.joined() < $1.pathComponents.joined() }) {
      var found: [Problem] = []
      var isSendable = false
      var collected: [Symbol] = []
      var visited: Set<String> = []
      // The protocol's own requirements, then those of each protocol it refines, depth first.
      func collect(_ id: String) {
        guard visited.insert(id).inserted else { return }
        collected += (requirements[id] ?? []).sorted(by: sourceOrder)
        for parent in (parents[id] ?? []).sorted(by: { $0.target < $1.target }) {
          if parent.target == "s:s8SendableP" { isSendable = true }
          if requirementFree.contains(parent.target) { continue }
          if let declared = symbols[parent.target], declared.kind.identifier == "swift.protocol" {
            collect(parent.target)
          } else {
            let name = parent.targetFallback ?? parent.target
            found.append(
              Problem(
                symbol, nil,
                Unmockable(
                  name == "_Concurrency.Actor"
                    ? "it refines `Actor`, and a mock is a class"
                    : "it refines `\(name)`, which is declared in another module, so its "
                      + "requirements are not in this module's symbol graph")))
          }
        }
      }
      collect(symbol.identifier.precise)
      var parsed: [Requirement] = []
      var signatures: Set<String> = []
      for requirement in collected {
        do {
          let taken = try Requirement(requirement)
          // A refinement that repeats a requirement has one witness for both.
          if signatures.insert(taken.signatureKey).inserted { parsed.append(taken) }
        } catch {
          found.append(Problem(symbol, requirement, error))
        }
      }
      if symbol.accessLevel == "private" || symbol.accessLevel == "fileprivate" {
        found.append(Problem(symbol, nil, Unmockable("it is \(symbol.accessLevel), so a test cannot see it")))
      }
      if symbol.pathComponents.count > 1 {
        found.append(Problem(symbol, nil, Unmockable("it is nested in a type; declare it at the top level")))
      }
      let isMainActor =
        symbol.declarationFragments.contains { $0.kind == "attribute" && $0.spelling == "MainActor" }
        || (!parsed.isEmpty && parsed.allSatisfy { $0.isolation == "@MainActor" })
      // A protocol with problems is returned too, so that the writer names the requirements it
      // cannot implement as well, and a user sees every problem at once.
      protocols.append(
        MockedProtocol(
          symbol: symbol, module: graph.module.name, isSendable: isSendable,
          isolation: isMainActor ? "@MainActor" : nil, requirements: parsed))
      problems += found
    }
    return (protocols, problems)
  }

  /// Source order: by file, then line, then column.
  private static func sourceOrder(_ a: Symbol, _ b: Symbol) -> Bool {
    let a = a.location.map { ($0.uri, $0.position.line, $0.position.character) } ?? ("", 0, 0)
    let b = b.location.map { ($0.uri, $0.position.line, $0.position.character) } ?? ("", 0, 0)
    return a < b
  }
}

extension Requirement {
  /// What identifies the requirement's witness: its declaration without isolation.
  var signatureKey: String {
    switch kind {
    case .method(let method): method.signature
    case .property(let property): "var \(property.name)"
    }
  }
}

/// A marked protocol that cannot be mocked, with the requirement at fault and why.
package struct Problem: Sendable, Equatable, CustomStringConvertible {
  /// `file:line:column` of the declaration at fault, when the graph has it.
  package var location: String?
  /// `PeopleClient` or `PeopleClient.fetch(id:)`.
  package var declaration: String
  /// The protocol: `PeopleClient`.
  package var protocolName: String
  /// Why it cannot be mocked.
  package var reason: String

  init(_ protocolSymbol: Symbol, _ requirement: Symbol?, _ unmockable: Unmockable) {
    let at = requirement ?? protocolSymbol
    location = at.location.map { location in
      let path = location.uri.hasPrefix("file://") ? String(location.uri.dropFirst(7)) : location.uri
      return "\(path):\(location.position.line + 1):\(location.position.character + 1)"
    }
    let name = protocolSymbol.pathComponents.joined(separator: ".")
    protocolName = name
    declaration = requirement.map { "\(name).\($0.names.title)" } ?? name
    reason = unmockable.reason
  }

  /// The message as compilers write one, so that editors link it to the declaration.
  package var description: String {
    "\(location.map { "\($0): " } ?? "")error: `\(declaration)` cannot be mocked: \(reason)"
  }
}
