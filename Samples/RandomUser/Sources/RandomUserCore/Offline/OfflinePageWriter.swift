import Foundation

/// Writes a randomuser.me response page for a seed, byte by byte, deterministically.
///
/// Each person depends only on the seed and their index, so the first ten people of a page of
/// a hundred are the page of ten, as with the real API. Ages are uniform in 18...90 and are
/// computed against a fixed reference date (`referenceYear`-01-01T00:00:00Z), never "now",
/// so a seed gives the same page on any day.
struct OfflinePageWriter {
  /// Page metadata, as the real API sends it.
  static let apiVersion: StaticString = "1.4"
  /// The youngest and oldest generated ages.
  static let ages: ClosedRange<Int> = 18...90
  /// The titles of women, already quoted; built once, not once per person.
  private static let femaleTitles: [StaticString] = [#""Ms""#, #""Mrs""#, #""Miss""#]

  let seed: String
  let referenceYear: Int

  /// The JSON body of a page of `count` people.
  func page(count: Int) -> Data {
    let seedHash = SplitMix64.hash(seed)
    // About 850 bytes per person; reserving once avoids a dozen copies of a 90 MB buffer.
    var writer = JSONByteWriter(capacity: 200 + count * 900)
    writer.raw(#"{"results":["#)
    for index in 0..<count {
      if index > 0 {
        writer.byte(0x2C)
      }
      var random = SplitMix64(seed: seedHash, index: index)
      writePerson(into: &writer, using: &random)
    }
    writer.raw(#"],"info":{"seed":"#)
    writer.string(seed)
    writer.raw(#","results":"#)
    writer.int(count)
    writer.raw(#","page":1,"version":""#)
    writer.raw(Self.apiVersion)
    writer.raw(#""}}"#)
    return writer.data()
  }

  private func writePerson(into writer: inout JSONByteWriter, using random: inout SplitMix64) {
    let nationality = random.pick(OfflineNationality.bank)
    let isMale = random.below(2) == 0
    let first = random.pick(isMale ? nationality.maleFirstNames : nationality.femaleFirstNames)
    let last = random.pick(nationality.lastNames)
    let place = random.pick(nationality.places)
    let timezone = random.pick(nationality.timezones)
    let age = random.inRange(Self.ages)

    writer.raw(#"{"gender":"#)
    writer.raw(isMale ? #""male""# : #""female""#)
    writer.raw(#","name":{"title":"#)
    writer.raw(isMale ? #""Mr""# : random.pick(Self.femaleTitles))
    writer.raw(#","first":"#)
    writer.quoted(first.text)
    writer.raw(#","last":"#)
    writer.quoted(last.text)

    writer.raw(#"},"location":{"street":{"number":"#)
    writer.int(random.inRange(1...9999))
    writer.raw(#","name":"#)
    writer.quoted(random.pick(nationality.streets))
    writer.raw(#"},"city":"#)
    writer.quoted(place.city)
    writer.raw(#","state":"#)
    writer.quoted(place.state)
    writer.raw(#","country":"#)
    writer.quoted(nationality.country)
    writer.raw(#","postcode":"#)
    switch nationality.postcode {
    case .number(let range):
      writer.int(random.inRange(range))
    case .text(let pattern):
      writer.byte(0x22)
      OfflineNationality.fill(pattern, into: &writer, using: &random)
      writer.byte(0x22)
    }
    writer.raw(#","coordinates":{"latitude":""#)
    writeDecimal(random.inRange(-900_000...900_000), into: &writer)
    writer.raw(#"","longitude":""#)
    writeDecimal(random.inRange(-1_800_000...1_800_000), into: &writer)
    writer.raw(#""},"timezone":{"offset":"#)
    writer.quoted(timezone.offset)
    writer.raw(#","description":"#)
    writer.quoted(timezone.description)

    writer.raw(#"}},"email":""#)
    writer.unquoted(first.lowercased)
    writer.byte(0x2E)
    writer.unquoted(last.lowercased)
    writer.raw(#"@example.com","login":{"uuid":""#)
    writeUUID(into: &writer, using: &random)
    writer.raw(#"","username":""#)
    writer.unquoted(random.pick(OfflineNationality.usernameAdjectives))
    writer.unquoted(random.pick(OfflineNationality.usernameAnimals))
    writer.int(random.inRange(100...999))

    writer.raw(#""},"dob":"#)
    writeDatedAge(age, into: &writer, using: &random)
    writer.raw(#","registered":"#)
    writeDatedAge(random.inRange(1...20), into: &writer, using: &random)

    writer.raw(#","phone":""#)
    OfflineNationality.fill(nationality.phonePattern, into: &writer, using: &random)
    writer.raw(#"","cell":""#)
    OfflineNationality.fill(nationality.cellPattern, into: &writer, using: &random)
    writer.raw(#"","id":{"name":"#)
    writer.quoted(nationality.identifierName)
    writer.raw(#","value":"#)
    if let pattern = nationality.identifierPattern {
      writer.byte(0x22)
      OfflineNationality.fill(pattern, into: &writer, using: &random)
      writer.byte(0x22)
    } else {
      writer.raw("null")
    }

    let portraitFolder: StaticString = isMale ? "men/" : "women/"
    let portrait = random.below(100)
    writer.raw(#"},"picture":{"large":"https://randomuser.me/api/portraits/"#)
    writer.raw(portraitFolder)
    writer.int(portrait)
    writer.raw(#".jpg","medium":"https://randomuser.me/api/portraits/med/"#)
    writer.raw(portraitFolder)
    writer.int(portrait)
    writer.raw(#".jpg","thumbnail":"https://randomuser.me/api/portraits/thumb/"#)
    writer.raw(portraitFolder)
    writer.int(portrait)
    writer.raw(#".jpg"},"nat":"#)
    writer.quoted(nationality.nat)
    writer.byte(0x7D)
  }

  /// Writes `{"date":"…","age":N}` for someone who is exactly `age` on the reference date:
  /// born at a random instant of the year `referenceYear - 1 - age`.
  private func writeDatedAge(_ age: Int, into writer: inout JSONByteWriter, using random: inout SplitMix64) {
    let year = Int64(referenceYear - 1 - age)
    let firstDay = RandomUserDate.days(year: year, month: 1, day: 1)
    let daysInYear = RandomUserDate.days(year: year + 1, month: 1, day: 1) - firstDay
    let days = firstDay + Int64(random.below(Int(daysInYear)))
    // One draw per field, in this order, so that a seed keeps giving the same timestamps.
    let hour = Int64(random.below(24))
    let minute = Int64(random.below(60))
    let second = Int64(random.below(60))
    let millisecond = Int64(random.below(1000))
    writer.raw(#"{"date":""#)
    RandomUserDate.write(
      days: days, millisecondsOfDay: ((hour * 60 + minute) * 60 + second) * 1000 + millisecond, into: &writer)
    writer.raw(#"","age":"#)
    writer.int(age)
    writer.byte(0x7D)
  }

  /// Writes a value in ten-thousandths as a decimal, for example `-698246` as `-69.8246`.
  private func writeDecimal(_ tenThousandths: Int, into writer: inout JSONByteWriter) {
    if tenThousandths < 0 {
      writer.byte(0x2D)
    }
    writer.int(abs(tenThousandths) / 10_000)
    writer.byte(0x2E)
    writer.padded(abs(tenThousandths) % 10_000, width: 4)
  }

  /// Writes a random version 4 UUID in lowercase, as randomuser.me does.
  private func writeUUID(into writer: inout JSONByteWriter, using random: inout SplitMix64) {
    let high = (random.next() & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000
    let low = (random.next() & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
    // 8-4-4-4-12: dashes before nibbles 8 and 12 of the high word and 0 and 4 of the low one.
    writeHex(high, dashesBefore: 8, 12, into: &writer)
    writeHex(low, dashesBefore: 0, 4, into: &writer)
  }

  /// Writes the 16 hex digits of `word`, with a dash before the two given digit positions.
  private func writeHex(
    _ word: UInt64, dashesBefore first: Int, _ second: Int, into writer: inout JSONByteWriter
  ) {
    for nibble in 0..<16 {
      if nibble == first || nibble == second {
        writer.byte(0x2D)
      }
      writer.hexDigit(UInt8(truncatingIfNeeded: word >> UInt64(60 - nibble * 4)) & 0xF)
    }
  }
}
