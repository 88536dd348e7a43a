/// Brackets-aware scanning of declarations as the compiler prints them: a comma, a colon or a word
/// counts only outside `()`, `[]` and `<>`, and the `>` of `->` closes nothing.
enum Scanner {
  /// The index of the bracket that closes the one at `open`, or `nil` if it is not closed.
  static func closing(_ text: [Character], from open: Int) -> Int? {
    var depth = 0
    var index = open
    while index < text.count {
      depth += change(text, at: index)
      if depth == 0 { return index }
      index += 1
    }
    return nil
  }

  /// `text` cut at each `separator` that is outside brackets, each piece trimmed.
  static func split(_ text: String, on separator: Character) -> [String] {
    let characters = Array(text)
    var pieces: [String] = []
    var depth = 0
    var start = 0
    for index in characters.indices {
      depth += change(characters, at: index)
      if depth == 0 && characters[index] == separator {
        pieces.append(String(characters[start..<index]))
        start = index + 1
      }
    }
    pieces.append(String(characters[start...]))
    return pieces.map(trimmed).filter { !$0.isEmpty }
  }

  /// The index of the first `needle` that starts outside brackets, at or after `start`.
  static func find(_ needle: String, in text: [Character], from start: Int = 0) -> Int? {
    let pattern = Array(needle)
    var depth = 0
    var index = 0
    while index < text.count {
      if depth == 0 && index >= start && text[index...].starts(with: pattern) { return index }
      depth += change(text, at: index)
      index += 1
    }
    return nil
  }

  /// The identifiers that `type` mentions: `[String: T]?` mentions `String` and `T`.
  static func identifiers(in type: String) -> [String] {
    var words: [String] = []
    var word = ""
    for character in type {
      if character.isLetter || character.isNumber || character == "_" {
        word.append(character)
      } else {
        if !word.isEmpty { words.append(word) }
        word = ""
      }
    }
    if !word.isEmpty { words.append(word) }
    return words
  }

  /// `text` without spaces and newlines around it.
  static func trimmed(_ text: String) -> String {
    String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }

  /// How the bracket depth changes at `index`.
  private static func change(_ text: [Character], at index: Int) -> Int {
    switch text[index] {
    case "(", "[", "<": return 1
    case ")", "]": return -1
    case ">": return index > 0 && text[index - 1] == "-" ? 0 : -1
    default: return 0
    }
  }
}
