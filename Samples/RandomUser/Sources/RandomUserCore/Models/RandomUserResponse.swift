/// One page of the randomuser.me API in any version from 1.0 to 1.4: what a version lacks (the
/// sample's README lists it) is optional, never a rejection. Apps see ``Person``, not this.
struct RandomUserResponse: Codable, Equatable, Sendable {
  var results: [Result]
  /// Absent when the request asked for `noinfo`.
  var info: Info?

  struct Info: Codable, Equatable, Sendable {
    var seed: String
    var results: Int
    var page: Int
    var version: String
  }
  struct Result: Codable, Equatable, Sendable {
    var gender: String
    var name: Name
    var location: Location
    var email: String
    var login: Login
    var dob: Dated
    var registered: Dated
    var phone: String
    var cell: String
    var id: Identifier
    var picture: Picture
    var nat: String
  }
  struct Name: Codable, Equatable, Sendable {
    var title: String
    var first: String
    var last: String
  }
  struct Location: Codable, Equatable, Sendable {
    /// `"8929 Valwood Pkwy"` before 1.3, `{"number": 8929, "name": "Valwood Pkwy"}` since.
    var street: OneOf<String, Street>
    var city: String
    var state: String
    var country: String?
    var postcode: OneOf<Int, String>
    var coordinates: Coordinates?
    var timezone: Timezone?
  }
  struct Street: Codable, Equatable, Sendable {
    var number: Int
    var name: String
  }
  struct Coordinates: Codable, Equatable, Sendable {
    var latitude: String
    var longitude: String
  }
  struct Timezone: Codable, Equatable, Sendable {
    var offset: String
    var description: String
  }

  /// Reduced to what identifies a person; the decoder ignores the password and its hashes.
  struct Login: Codable, Equatable, Sendable {
    var uuid: String?
    var username: String
  }

  /// `{date, age}` since 1.2; before, Unix seconds (1.0) or `"1983-07-14 07:29:45"` (1.1).
  typealias Dated = OneOf<DatedAge, OneOf<String, Int>>

  struct DatedAge: Codable, Equatable, Sendable {
    var date: String
    var age: Int
  }
  struct Identifier: Codable, Equatable, Sendable {
    var name: String
    var value: String?

    private enum CodingKeys: String, CodingKey { case name, value }

    /// Writes a missing value as `null`, as the API does, rather than leaving the key out.
    func encode(to encoder: any Encoder) throws {
      var object = encoder.container(keyedBy: CodingKeys.self)
      try object.encode(name, forKey: .name)
      try object.encode(value, forKey: .value)
    }
  }
  struct Picture: Codable, Equatable, Sendable {
    var large: String
    var medium: String
    var thumbnail: String
  }
}

/// A JSON value of one of two types, kept as it came so that it encodes back the same.
enum OneOf<First: Codable & Equatable & Sendable, Second: Codable & Equatable & Sendable>:
  Codable, Equatable, Sendable
{
  case first(First)
  case second(Second)

  init(from decoder: any Decoder) throws {
    do {
      self = .first(try First(from: decoder))
    } catch {
      self = .second(try Second(from: decoder))
    }
  }

  func encode(to encoder: any Encoder) throws {
    switch self {
    case .first(let value): try value.encode(to: encoder)
    case .second(let value): try value.encode(to: encoder)
    }
  }
}
