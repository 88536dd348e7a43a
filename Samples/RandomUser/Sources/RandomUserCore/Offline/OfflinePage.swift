import Foundation

/// Makes the randomuser.me page (version 1.4) of a seed. Each person depends only on the seed and
/// their index, so the page of ten is the first ten of the page of a hundred, as with the API.
///
/// Dates are drawn relative to 1 January 2025 (`drawYear`), so they do not depend on the day; each
/// `age` is then counted from the date to `now`, as the API counts it to the day of the request.
struct OfflinePage {
  let seed: String
  /// The instant the ages are counted to.
  let now: Date

  /// Someone drawn as `age` was born in the year `drawYear - 1 - age`.
  private static let drawYear = 2025

  private static let adjectives = ["yellow", "blue", "silver", "lazy", "happy", "brave", "tiny", "golden"]
  private static let animals = ["peacock", "bear", "tiger", "goose", "rabbit", "swan", "koala", "wolf"]

  /// The page of `count` people.
  func response(count: Int) -> RandomUserResponse {
    let seedHash = SplitMix64.hash(seed)
    return RandomUserResponse(
      results: (0..<count).map { index in
        var random = SplitMix64(seed: seedHash, index: index)
        return result(&random)
      },
      info: .init(seed: seed, results: count, page: 1, version: "1.4"))
  }

  // Arguments are evaluated left to right, so the draws happen in the order they are written.
  private func result(_ random: inout SplitMix64) -> RandomUserResponse.Result {
    let nationality = random.pick(OfflineNationality.all)
    let isMale = random.below(2) == 0
    let first = random.pick(isMale ? nationality.male : nationality.female)
    let last = random.pick(nationality.last)
    let place = random.pick(nationality.places)
    let postcode = Self.fill(nationality.postcode, &random)
    let portrait = "\(isMale ? "men" : "women")/\(random.below(100)).jpg"
    let email = "\(first).\(last)".folding(options: .diacriticInsensitive, locale: nil).lowercased()
    return .init(
      gender: isMale ? "male" : "female",
      name: .init(title: isMale ? "Mr" : random.pick(["Ms", "Mrs", "Miss"]), first: first, last: last),
      location: .init(
        street: .second(.init(number: random.inRange(1...9999), name: random.pick(nationality.streets))),
        city: place.city, state: place.state, country: nationality.country,
        postcode: Int(postcode).map(OneOf.first) ?? .second(postcode),
        coordinates: .init(
          latitude: String(format: "%.4f", Double(random.inRange(-900_000...900_000)) / 10_000),
          longitude: String(format: "%.4f", Double(random.inRange(-1_800_000...1_800_000)) / 10_000)),
        timezone: .init(offset: nationality.timezone.offset, description: nationality.timezone.description)),
      email: email.replacingOccurrences(of: " ", with: "") + "@example.com",
      login: .init(
        uuid: Self.uuid(&random),
        username: random.pick(Self.adjectives) + random.pick(Self.animals) + String(random.inRange(100...999))
      ),
      dob: datedAge(random.inRange(18...90), &random),
      registered: datedAge(random.inRange(1...20), &random),
      phone: Self.fill(nationality.phone, &random), cell: Self.fill(nationality.phone, &random),
      id: .init(name: nationality.id.name, value: nationality.id.pattern.map { Self.fill($0, &random) }),
      picture: .init(
        large: "https://randomuser.me/api/portraits/\(portrait)",
        medium: "https://randomuser.me/api/portraits/med/\(portrait)",
        thumbnail: "https://randomuser.me/api/portraits/thumb/\(portrait)"),
      nat: nationality.nat)
  }

  /// `{date, age}` for someone born at a random millisecond of the year that makes them `age` on
  /// 1 January of `drawYear`, with their age on `now`.
  private func datedAge(_ age: Int, _ random: inout SplitMix64) -> RandomUserResponse.Dated {
    let calendar = RandomUserDecoder.calendar
    let start =
      calendar.date(from: DateComponents(year: Self.drawYear - 1 - age)) ?? Date(timeIntervalSince1970: 0)
    let days = calendar.range(of: .day, in: .year, for: start)?.count ?? 365
    let milliseconds = random.below(days * 86_400_000)
    let date = start.addingTimeInterval(TimeInterval(milliseconds) / 1000)
    let ageNow = calendar.dateComponents([.year], from: date, to: now).year ?? age
    return .first(.init(date: RandomUserDecoder.iso8601.format(date), age: ageNow))
  }

  /// `pattern` with each `#` replaced by a random digit and each `@` by a random capital.
  private static func fill(_ pattern: String, _ random: inout SplitMix64) -> String {
    let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    return String(
      pattern.map { $0 == "#" ? Character(String(random.below(10))) : $0 == "@" ? random.pick(letters) : $0 })
  }

  /// A random version 4 UUID, in lowercase as the API writes them.
  private static func uuid(_ random: inout SplitMix64) -> String {
    let high = (random.next() & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000
    let low = (random.next() & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
    return withUnsafeBytes(of: (high.bigEndian, low.bigEndian)) { UUID(uuid: $0.load(as: uuid_t.self)) }
      .uuidString.lowercased()
  }
}
