/// The part of a symbol graph (the JSON that `swift-symbolgraph-extract` writes, and that SwiftPM
/// gives a command plugin) that the generator reads.
package struct SymbolGraph: Decodable, Sendable {
  /// The module the graph describes.
  package struct Module: Decodable, Sendable {
    /// The module's name.
    package var name: String
  }

  /// The module the graph describes.
  package var module: Module
  /// Every declaration of the module at or above the access level it was extracted with.
  package var symbols: [Symbol]
  /// How the symbols relate: `requirementOf`, `inheritsFrom`, `conformsTo`, …
  package var relationships: [Relationship]
}

/// One declaration of a symbol graph.
package struct Symbol: Decodable, Sendable {
  /// What the declaration is: `swift.protocol`, `swift.method`, `swift.property`, …
  package struct Kind: Decodable, Sendable {
    /// The kind's identifier, such as `swift.method`.
    package var identifier: String
  }

  /// The declaration's unique name across modules.
  package struct Identifier: Decodable, Sendable {
    /// The declaration's USR.
    package var precise: String
  }

  /// The declaration's display names.
  package struct Names: Decodable, Sendable {
    /// The name as written in documentation: `fetch(id:force:)`.
    package var title: String
  }

  /// One piece of the declaration as the compiler prints it.
  package struct Fragment: Decodable, Sendable, Equatable {
    /// What the piece is: `keyword`, `attribute`, `identifier`, `typeIdentifier`, `text`, …
    package var kind: String
    /// The piece's text.
    package var spelling: String
    /// The USR of the type that a `typeIdentifier` names.
    package var preciseIdentifier: String?

    /// Makes a fragment.
    /// - Parameters:
    ///   - kind: What the piece is.
    ///   - spelling: The piece's text.
    ///   - preciseIdentifier: The USR of the type it names, if any.
    package init(kind: String, spelling: String, preciseIdentifier: String? = nil) {
      self.kind = kind
      self.spelling = spelling
      self.preciseIdentifier = preciseIdentifier
    }
  }

  /// The declaration's documentation comment.
  package struct DocComment: Decodable, Sendable {
    /// One line of the comment, without its `///`.
    package struct Line: Decodable, Sendable {
      /// The line's text.
      package var text: String
    }

    /// The comment's lines.
    package var lines: [Line]
  }

  /// The generic parameters and constraints of a declaration.
  package struct Generics: Decodable, Sendable {
    /// A generic parameter.
    package struct Parameter: Decodable, Sendable {
      /// The parameter's name: `T`.
      package var name: String
    }

    /// A requirement on a generic parameter.
    package struct Constraint: Decodable, Sendable {
      /// `conformance`, `superclass` or `sameType`.
      package var kind: String
      /// The constrained type: `T`.
      package var lhs: String
      /// What it must conform to, inherit from or equal: `Sendable`.
      package var rhs: String
    }

    /// The generic parameters, the protocol's `Self` included.
    package var parameters: [Parameter]?
    /// The constraints on them.
    package var constraints: [Constraint]?
  }

  /// Where the declaration is.
  package struct Location: Decodable, Sendable {
    /// A position in a file, from zero.
    package struct Position: Decodable, Sendable {
      /// The line, from zero.
      package var line: Int
      /// The column, from zero.
      package var character: Int
    }

    /// The file's URL.
    package var uri: String
    /// Where the declaration's name starts.
    package var position: Position
  }

  /// What the declaration is.
  package var kind: Kind
  /// The declaration's USR.
  package var identifier: Identifier
  /// The declaration's display names.
  package var names: Names
  /// The names of the declaration and of the types it is nested in, outermost first.
  package var pathComponents: [String]
  /// The documentation comment, if any.
  package var docComment: DocComment?
  /// The declaration as the compiler prints it, with its types in full.
  package var declarationFragments: [Fragment]
  /// The generic parameters and constraints, if any.
  package var swiftGenerics: Generics?
  /// `private`, `fileprivate`, `internal`, `package`, `public` or `open`.
  package var accessLevel: String
  /// Where the declaration is.
  package var location: Location?
}

/// A relationship between two symbols of a graph.
package struct Relationship: Decodable, Sendable {
  /// `requirementOf`, `inheritsFrom`, `conformsTo`, `memberOf`, …
  package var kind: String
  /// The USR of the symbol the relationship starts from.
  package var source: String
  /// The USR of the symbol it points to.
  package var target: String
  /// The target's qualified name, when the target is in another module.
  package var targetFallback: String?
}
