/// A strict, forward-only JSON reader for schema-driven decoding.
///
/// `JSONDecoder` spends most of its time building containers it then throws away; for the
/// randomuser.me schema, reading keys and values straight into the model types is about ten
/// times faster, which is what lets the offline source decode 100,000 people in a fraction of a
/// second. The scanner validates everything it reads (structure, string escapes, UTF-8, number
/// syntax) and skips unknown values, so it accepts exactly the JSON that `JSONDecoder` accepts.
///
/// Usage pattern for an object:
/// ```swift
/// try scanner.beginObject()
/// while let key = try scanner.nextKey() {
///   if key == "name" { name = try scanner.string() } else { try scanner.skipValue() }
/// }
/// ```
struct JSONScanner {
  /// Why the scanner stopped, and where.
  struct Failure: Error, Equatable {
    let message: String
    let offset: Int
  }

  /// The raw text of a string (an object key, a date): compared or parsed without making a `String`.
  enum Token {
    /// The bytes between the quotes, in the scanned buffer (keys without escapes: always, in practice).
    case raw(UnsafeBufferPointer<UInt8>)
    /// A key that contained escapes, decoded.
    case decoded([UInt8])

    static func == (key: Token, name: StaticString) -> Bool {
      switch key {
      case .raw(let bytes): equal(bytes, name)
      case .decoded(let bytes): bytes.withUnsafeBufferPointer { equal($0, name) }
      }
    }

    /// Calls `body` with the unescaped bytes (not validated as UTF-8).
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
      switch self {
      case .raw(let bytes): body(bytes)
      case .decoded(let bytes): bytes.withUnsafeBufferPointer(body)
      }
    }

    private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
      guard bytes.count == name.utf8CodeUnitCount else { return false }
      let expected = name.utf8Start
      for index in 0..<bytes.count where bytes[index] != expected[index] {
        return false
      }
      return true
    }
  }

  private let bytes: UnsafeBufferPointer<UInt8>
  private(set) var offset = 0
  /// Whether the container being read still expects its first member or element.
  private var atContainerStart = false

  /// Reads `bytes`, which must outlive the scanner.
  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  // MARK: - Structure

  /// Consumes `{`.
  mutating func beginObject() throws(Failure) {
    try consume(0x7B, expecting: "an object")
    atContainerStart = true
  }

  /// Consumes the separator before the next member and its key and colon; `nil` after `}`.
  mutating func nextKey() throws(Failure) -> Token? {
    guard try continueContainer(closing: 0x7D) else { return nil }
    guard try peek() == 0x22 else { throw failure("expected a string key") }
    let key = try token()
    try consume(0x3A, expecting: "':' after a key")
    return key
  }

  /// Consumes `[`.
  mutating func beginArray() throws(Failure) {
    try consume(0x5B, expecting: "an array")
    atContainerStart = true
  }

  /// Consumes the separator before the next element; `false` after `]`.
  mutating func nextElement() throws(Failure) -> Bool {
    try continueContainer(closing: 0x5D)
  }

  /// Checks that only whitespace follows the top-level value.
  mutating func end() throws(Failure) {
    skipWhitespace()
    guard offset == bytes.count else { throw failure("unexpected content after the JSON value") }
  }

  // MARK: - Values

  /// Reads a string.
  mutating func string() throws(Failure) -> String {
    guard try peek() == 0x22 else { throw failure("expected a string") }
    return try stringBody()
  }

  /// Reads a string as raw bytes, for values parsed further (dates) rather than kept.
  mutating func stringToken() throws(Failure) -> Token {
    guard try peek() == 0x22 else { throw failure("expected a string") }
    return try token()
  }

  /// Reads a string or `null`.
  mutating func nullableString() throws(Failure) -> String? {
    if try peek() == 0x6E {
      try literal("null")
      return nil
    }
    return try string()
  }

  /// Reads an integer (a JSON number without fraction or exponent that fits `Int`).
  mutating func int() throws(Failure) -> Int {
    _ = try peek()
    let start = offset
    try skipNumber()
    var value = 0
    var index = start
    let negative = bytes[index] == 0x2D
    if negative {
      index += 1
    }
    while index < offset {
      let byte = bytes[index]
      guard byte >= 0x30, byte <= 0x39 else {
        offset = start
        throw failure("expected an integer")
      }
      let digit = Int(byte - 0x30)
      let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (next, overflow2) =
        negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
      guard !overflow1, !overflow2 else {
        offset = start
        throw failure("integer out of range")
      }
      value = next
      index += 1
    }
    return value
  }

  /// Whether the next value is a string (rather than a number, object, ...).
  mutating func nextIsString() throws(Failure) -> Bool {
    try peek() == 0x22
  }

  /// Skips any value, checking its syntax.
  mutating func skipValue() throws(Failure) {
    switch try peek() {
    case 0x22:
      _ = try stringBody()
    case 0x7B:
      try beginObject()
      while try nextKey() != nil {
        try skipValue()
      }
    case 0x5B:
      try beginArray()
      while try nextElement() {
        try skipValue()
      }
    case 0x74: try literal("true")
    case 0x66: try literal("false")
    case 0x6E: try literal("null")
    default: try skipNumber()
    }
  }

  /// A failure at the current offset.
  func failure(_ message: String) -> Failure {
    Failure(message: message, offset: offset)
  }

  // MARK: - Bytes

  private mutating func skipWhitespace() {
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x20, 0x0A, 0x0D, 0x09: offset += 1
      default: return
      }
    }
  }

  private mutating func peek() throws(Failure) -> UInt8 {
    skipWhitespace()
    guard offset < bytes.count else { throw failure("unexpected end of data") }
    return bytes[offset]
  }

  private mutating func consume(_ byte: UInt8, expecting what: String) throws(Failure) {
    guard try peek() == byte else { throw failure("expected \(what)") }
    offset += 1
  }

  private mutating func continueContainer(closing: UInt8) throws(Failure) -> Bool {
    let next = try peek()
    if next == closing {
      offset += 1
      atContainerStart = false
      return false
    }
    if atContainerStart {
      atContainerStart = false
      return true
    }
    guard next == 0x2C else { throw failure("expected ',' or '\(closing == 0x7D ? "}" : "]")'") }
    offset += 1
    return true
  }

  private mutating func literal(_ word: StaticString) throws(Failure) {
    let count = word.utf8CodeUnitCount
    guard offset + count <= bytes.count else { throw failure("unexpected end of data") }
    for index in 0..<count where bytes[offset + index] != word.utf8Start[index] {
      throw failure("invalid literal")
    }
    offset += count
  }

  private mutating func skipNumber() throws(Failure) {
    let start = offset
    func digits(_ scanner: inout JSONScanner) -> Int {
      let first = scanner.offset
      while scanner.offset < scanner.bytes.count, scanner.bytes[scanner.offset] >= 0x30,
        scanner.bytes[scanner.offset] <= 0x39
      {
        scanner.offset += 1
      }
      return scanner.offset - first
    }
    if offset < bytes.count, bytes[offset] == 0x2D {
      offset += 1
    }
    let integerStart = offset
    let integerDigits = digits(&self)
    guard integerDigits > 0 else {
      offset = start
      throw failure(offset < bytes.count ? "expected a value" : "unexpected end of data")
    }
    guard integerDigits == 1 || bytes[integerStart] != 0x30 else {
      offset = start
      throw failure("leading zero in a number")
    }
    if offset < bytes.count, bytes[offset] == 0x2E {
      offset += 1
      guard digits(&self) > 0 else { throw failure("expected digits after '.'") }
    }
    if offset < bytes.count, bytes[offset] == 0x65 || bytes[offset] == 0x45 {
      offset += 1
      if offset < bytes.count, bytes[offset] == 0x2B || bytes[offset] == 0x2D {
        offset += 1
      }
      guard digits(&self) > 0 else { throw failure("expected digits in an exponent") }
    }
  }

  /// Reads the string at `offset` (a `"`), without copying when it has no escapes.
  private mutating func token() throws(Failure) -> Token {
    let start = offset + 1
    var index = start
    while index < bytes.count {
      switch bytes[index] {
      case 0x22:
        offset = index + 1
        return .raw(UnsafeBufferPointer(rebasing: bytes[start..<index]))
      case 0x5C:
        return .decoded(Array(try stringBody().utf8))
      case 0x00..<0x20:
        offset = index
        throw failure("control character in a string")
      default:
        index += 1
      }
    }
    offset = index
    throw failure("unexpected end of data")
  }

  /// Reads the string at `offset` (a `"`), decoding escapes and validating UTF-8.
  private mutating func stringBody() throws(Failure) -> String {
    let start = offset + 1
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x22 {
        offset = index + 1
        return try validated(UnsafeBufferPointer(rebasing: bytes[start..<index]), at: start)
      }
      if byte == 0x5C {
        offset = start
        return try escapedStringBody()
      }
      if byte < 0x20 {
        offset = index
        throw failure("control character in a string")
      }
      index += 1
    }
    offset = index
    throw failure("unexpected end of data in a string")
  }

  private mutating func escapedStringBody() throws(Failure) -> String {
    var decoded: [UInt8] = []
    let start = offset
    while offset < bytes.count {
      let byte = bytes[offset]
      offset += 1
      switch byte {
      case 0x22:
        return try decoded.withUnsafeBufferPointer { buffer throws(Failure) in
          try validated(buffer, at: start)
        }
      case 0x5C:
        guard offset < bytes.count else { break }
        let escape = bytes[offset]
        offset += 1
        switch escape {
        case 0x22, 0x5C, 0x2F: decoded.append(escape)
        case 0x62: decoded.append(0x08)
        case 0x66: decoded.append(0x0C)
        case 0x6E: decoded.append(0x0A)
        case 0x72: decoded.append(0x0D)
        case 0x74: decoded.append(0x09)
        case 0x75:
          var scalar = try hex4()
          if (0xD800..<0xDC00).contains(scalar) {
            guard offset + 1 < bytes.count, bytes[offset] == 0x5C, bytes[offset + 1] == 0x75 else {
              throw failure("unpaired surrogate in \\u escape")
            }
            offset += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw failure("invalid surrogate pair") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          } else if (0xDC00..<0xE000).contains(scalar) {
            throw failure("unpaired surrogate in \\u escape")
          }
          guard let unicode = Unicode.Scalar(scalar) else { throw failure("invalid \\u escape") }
          decoded.append(contentsOf: Array(String(Character(unicode)).utf8))
        default:
          offset -= 1
          throw failure("invalid escape")
        }
      case 0x00..<0x20:
        offset -= 1
        throw failure("control character in a string")
      default:
        decoded.append(byte)
      }
    }
    throw failure("unexpected end of data in a string")
  }

  private mutating func hex4() throws(Failure) -> UInt32 {
    guard offset + 4 <= bytes.count else { throw failure("unexpected end of data in a \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[offset]
      let digit: UInt32
      switch byte {
      case 0x30...0x39: digit = UInt32(byte - 0x30)
      case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
      case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
      default: throw failure("invalid \\u escape")
      }
      value = value << 4 | digit
      offset += 1
    }
    return value
  }

  private func validated(_ buffer: UnsafeBufferPointer<UInt8>, at start: Int) throws(Failure) -> String {
    // ASCII needs no validation, and `String(decoding:)` is the specialized fast path; only
    // non-ASCII text pays for the strict (generic) validating initializer.
    var isASCII = true
    for byte in buffer where byte >= 0x80 {
      isASCII = false
      break
    }
    if isASCII {
      return String(decoding: buffer, as: UTF8.self)
    }
    guard let text = String(validating: buffer, as: UTF8.self) else {
      throw Failure(message: "invalid UTF-8 in a string", offset: start)
    }
    return text
  }
}
