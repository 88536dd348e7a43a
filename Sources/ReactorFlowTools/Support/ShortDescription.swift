/// `String(describing:)` of a value, cut after `limit` characters with an ellipsis: the change
/// log, the timeline and replay messages name a value; they do not dump it.
func shortDescription(of value: Any, limit: Int) -> String {
  let text = String(describing: value)
  guard text.count > limit else { return text }
  return text.prefix(limit) + "…"
}

/// `text` without the prefixes of `modules` or of private contexts, as `String(describing:)`
/// writes them: with `RandomUserCore` among the modules, `setSections([RandomUserCore.PersonSection(…`
/// becomes `setSections([PersonSection(…`. A prefix is dropped only at the start of a word.
func withoutModulePrefixes(_ text: String, modules: Set<String>) -> String {
  var result = ""
  var rest = text[...]
  var previous: Character?
  while let character = rest.first {
    if character == "(", rest.hasPrefix("(unknown context at "), let end = rest.firstRange(of: ").") {
      rest = rest[end.upperBound...]
      previous = "."
      continue
    }
    let startsWord = previous.map { !($0.isLetter || $0.isNumber || $0 == "_") } ?? true
    if startsWord, character.isLetter, let module = modules.first(where: { rest.hasPrefix($0 + ".") }) {
      rest = rest.dropFirst(module.count + 1)
      previous = "."
      continue
    }
    result.append(character)
    previous = character
    rest = rest.dropFirst()
  }
  return result
}

/// The modules whose prefixes a message about `types` leaves out: theirs, the standard
/// library's, Foundation's and ReactorFlow's.
func modulesNaming(_ types: Any.Type...) -> Set<String> {
  var modules: Set<String> = ["Swift", "Foundation", "FoundationEssentials", "ReactorFlow"]
  for type in types {
    if let module = moduleName(of: type) { modules.insert(module) }
  }
  return modules
}

/// The module that declares `type`, as `String(reflecting:)` names it.
func moduleName(of type: Any.Type) -> String? {
  let name = String(reflecting: type)
  return name.firstIndex(of: ".").map { String(name[..<$0]) }
}
