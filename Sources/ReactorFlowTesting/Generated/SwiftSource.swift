import ReactorFlow

/// Values written as Swift source, for the test a failure prints.
///
/// It writes what a default mirror shows: numbers, strings, booleans, `nil`, durations, arrays,
/// sets, dictionaries, tuples, enum cases and structs (as their memberwise initializer). A value
/// whose type reflects itself otherwise (`CustomReflectable`, a class, a private type) cannot be
/// written back reliably, and ``literal(_:)`` returns `nil` for it.
enum SwiftSource {
  /// `value` as a Swift expression, or `nil` when it cannot be written as one.
  static func literal(_ value: Any) -> String? {
    switch value {
    case let string as String: return string.debugDescription
    case let bool as Bool: return bool ? "true" : "false"
    case let integer as any BinaryInteger: return "\(integer)"
    case let double as Double: return double.isFinite ? "\(double)" : nil
    case let float as Float: return float.isFinite ? "\(float)" : nil
    case let duration as Duration: return durationLiteral(duration)
    case let array as [Any]: return sequence(array)
    case let set as Set<AnyHashable>:
      guard let elements = set.map({ literal($0.base) }) as? [String] else { return nil }
      return "[" + elements.sorted().joined(separator: ", ") + "]"
    case let dictionary as [AnyHashable: Any]:
      var pairs: [String] = []
      for (key, element) in dictionary {
        guard let key = literal(key.base), let element = literal(element) else { return nil }
        pairs.append("\(key): \(element)")
      }
      return pairs.isEmpty ? "[:]" : "[" + pairs.sorted().joined(separator: ", ") + "]"
    default:
      return reflected(value)
    }
  }

  /// `value` as a Swift expression when it can be written as one, and otherwise as its
  /// description (an enum case with a leading dot): for messages.
  static func expression(_ value: Any) -> String {
    if let literal = literal(value) { return literal }
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .enum { return ".\(value)" }
    return "\(value)"
  }

  /// The name of an enum case, without its payload: `toggle` for `.toggle(2)`. For a case
  /// without a payload of a type that describes itself, its description.
  static func caseName(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .enum, let label = mirror.children.first?.label { return label }
    return "\(value)"
  }

  private static func sequence(_ elements: [Any]) -> String? {
    var written: [String] = []
    for element in elements {
      guard let literal = literal(element) else { return nil }
      written.append(literal)
    }
    return "[" + written.joined(separator: ", ") + "]"
  }

  private static func reflected(_ value: Any) -> String? {
    guard !(value is any CustomReflectable) else { return nil }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      guard let wrapped = mirror.children.first else { return "nil" }
      return literal(wrapped.value)
    case .enum:
      guard let payload = mirror.children.first else {
        // A case without a payload is its description, unless the type wrote its own.
        guard !(value is any CustomStringConvertible), !(value is any CustomDebugStringConvertible)
        else { return nil }
        return ".\(value)"
      }
      guard let label = payload.label, let arguments = arguments(of: payload.value) else { return nil }
      return ".\(label)(\(arguments))"
    case .struct:
      var fields: [String] = []
      for child in mirror.children {
        guard let label = child.label, !label.hasPrefix("_"), let field = literal(child.value) else {
          return nil
        }
        fields.append("\(label): \(field)")
      }
      guard let type = typeName(of: value) else { return nil }
      return "\(type)(\(fields.joined(separator: ", ")))"
    case .tuple:
      return arguments(of: value).map { "(\($0))" }
    default:
      return nil
    }
  }

  /// An enum payload or a tuple as the arguments of a call: `2`, `count: 2`, `1, "a"`.
  private static func arguments(of payload: Any) -> String? {
    let mirror = Mirror(reflecting: payload)
    guard mirror.displayStyle == .tuple else { return literal(payload) }
    var written: [String] = []
    for child in mirror.children {
      guard let element = literal(child.value) else { return nil }
      if let label = child.label, !label.hasPrefix(".") {
        written.append("\(label): \(element)")
      } else {
        written.append(element)
      }
    }
    return written.joined(separator: ", ")
  }

  /// The type's name as code in a module that imports its module: without the module, and `nil`
  /// for a type that code cannot name (a private or local one).
  private static func typeName(of value: Any) -> String? {
    let name = String(reflecting: type(of: value))
    guard !name.contains("("), !name.contains("<") else { return nil }
    guard let dot = name.firstIndex(of: ".") else { return name }
    return String(name[name.index(after: dot)...])
  }

  /// `.seconds(2)`, `.milliseconds(1500)`, or `.nanoseconds(…)`.
  private static func durationLiteral(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    if attoseconds == 0 { return ".seconds(\(seconds))" }
    let attosecondsPerMillisecond: Int64 = 1_000_000_000_000_000
    if attoseconds % attosecondsPerMillisecond == 0 {
      return ".milliseconds(\(seconds * 1000 + attoseconds / attosecondsPerMillisecond))"
    }
    return ".nanoseconds(\(seconds * 1_000_000_000 + attoseconds / 1_000_000_000))"
  }
}
