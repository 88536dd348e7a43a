/// The words the offline source draws one nationality's people from: real first names, family
/// names, places and number formats, so that a generated page reads like a randomuser.me page.
///
/// Words are stored as UTF-8 bytes once, so generating a person copies bytes and never builds a
/// `String`. None of them contains a character that JSON needs to escape.
struct OfflineNationality: Sendable {
  /// How a postcode looks: randomuser.me sends a number for some nationalities, a string for others.
  enum PostcodeFormat: Sendable {
    /// A JSON number in the range.
    case number(ClosedRange<Int>)
    /// A JSON string from a pattern (see ``OfflineNationality/fill(_:into:using:)``).
    case text([UInt8])
  }

  let nat: [UInt8]
  let country: [UInt8]
  let maleFirstNames: [Word]
  let femaleFirstNames: [Word]
  let lastNames: [Word]
  /// City and state pairs.
  let places: [(city: [UInt8], state: [UInt8])]
  let streets: [[UInt8]]
  let phonePattern: [UInt8]
  let cellPattern: [UInt8]
  let postcode: PostcodeFormat
  /// The name of the national identifier and the pattern of its value; `nil` pattern writes `null`.
  let identifierName: [UInt8]
  let identifierPattern: [UInt8]?
  let timezones: [(offset: [UInt8], description: [UInt8])]

  /// A name as written and as it appears, lowercased, in an email address.
  struct Word: Sendable {
    let text: [UInt8]
    let lowercased: [UInt8]

    init(_ text: String) {
      self.text = Array(text.utf8)
      self.lowercased = Array(text.lowercased().replacingSpaces.utf8)
    }
  }

  init(
    nat: String, country: String, male: [String], female: [String], last: [String],
    places: [(String, String)], streets: [String], phone: String, cell: String,
    postcode: PostcodeFormat, identifier: (name: String, pattern: String?),
    timezones: [(String, String)]
  ) {
    self.nat = Array(nat.utf8)
    self.country = Array(country.utf8)
    self.maleFirstNames = male.map(Word.init)
    self.femaleFirstNames = female.map(Word.init)
    self.lastNames = last.map(Word.init)
    self.places = places.map { (Array($0.0.utf8), Array($0.1.utf8)) }
    self.streets = streets.map { Array($0.utf8) }
    self.phonePattern = Array(phone.utf8)
    self.cellPattern = Array(cell.utf8)
    self.postcode = postcode
    self.identifierName = Array(identifier.name.utf8)
    self.identifierPattern = identifier.pattern.map { Array($0.utf8) }
    self.timezones = timezones.map { (Array($0.0.utf8), Array($0.1.utf8)) }
  }

  /// Writes `pattern` with each `#` replaced by a random digit and each `@` by a random capital.
  static func fill(_ pattern: [UInt8], into writer: inout JSONByteWriter, using random: inout SplitMix64) {
    for byte in pattern {
      switch byte {
      case 0x23: writer.byte(0x30 + UInt8(random.below(10)))
      case 0x40: writer.byte(0x41 + UInt8(random.below(26)))
      default: writer.byte(byte)
      }
    }
  }
}

extension String {
  fileprivate var replacingSpaces: String {
    split(separator: " ").joined(separator: "")
  }
}
