/// One person in the `results` array of a randomuser.me response, field for field.
///
/// Fields the sample does not use (login passwords and hashes) are left out; the decoder
/// ignores them. ``Person`` is the app-facing shape built from this.
public struct RandomUserResult: Codable, Equatable, Sendable {
  /// `"male"` or `"female"`.
  public var gender: String
  /// Title, first and last name.
  public var name: Name
  /// Street, city, state, country, postcode, coordinates and time zone.
  public var location: Location
  /// An `example.com` address.
  public var email: String
  /// The stable identity of the person.
  public var login: Login
  /// The date of birth and the age it gives.
  public var dob: DatedAge
  /// When the person registered, and for how many years.
  public var registered: DatedAge
  /// The landline number, formatted for the nationality.
  public var phone: String
  /// The mobile number, formatted for the nationality.
  public var cell: String
  /// A national identifier; its `value` is `null` for some nationalities.
  public var id: Identifier
  /// Portrait URLs in three sizes.
  public var picture: Picture
  /// The nationality code, for example `"US"`.
  public var nat: String

  /// Creates a result from its parts; the offline source and tests use this.
  ///
  /// - Parameters:
  ///   - gender: `"male"` or `"female"`.
  ///   - name: Title, first and last name.
  ///   - location: Where the person lives.
  ///   - email: The email address.
  ///   - login: The stable identity.
  ///   - dob: The date of birth and age.
  ///   - registered: The registration date and age.
  ///   - phone: The landline number.
  ///   - cell: The mobile number.
  ///   - id: The national identifier.
  ///   - picture: The portrait URLs.
  ///   - nat: The nationality code.
  public init(
    gender: String, name: Name, location: Location, email: String, login: Login, dob: DatedAge,
    registered: DatedAge, phone: String, cell: String, id: Identifier, picture: Picture, nat: String
  ) {
    self.gender = gender
    self.name = name
    self.location = location
    self.email = email
    self.login = login
    self.dob = dob
    self.registered = registered
    self.phone = phone
    self.cell = cell
    self.id = id
    self.picture = picture
    self.nat = nat
  }

  /// The `name` object.
  public struct Name: Codable, Equatable, Sendable {
    /// `"Mr"`, `"Ms"`, `"Mrs"`, `"Miss"` or a local equivalent.
    public var title: String
    /// The given name.
    public var first: String
    /// The family name.
    public var last: String

    /// Creates a name.
    ///
    /// - Parameters:
    ///   - title: The title.
    ///   - first: The given name.
    ///   - last: The family name.
    public init(title: String, first: String, last: String) {
      self.title = title
      self.first = first
      self.last = last
    }
  }

  /// The `location` object.
  public struct Location: Codable, Equatable, Sendable {
    /// The street number and name.
    public var street: Street
    /// The city.
    public var city: String
    /// The state, province or region.
    public var state: String
    /// The country name in English.
    public var country: String
    /// A number or a string, depending on the nationality.
    public var postcode: Postcode
    /// Latitude and longitude, sent as strings.
    public var coordinates: Coordinates
    /// The UTC offset and a description of the zone.
    public var timezone: Timezone

    /// Creates a location.
    ///
    /// - Parameters:
    ///   - street: The street number and name.
    ///   - city: The city.
    ///   - state: The state or region.
    ///   - country: The country.
    ///   - postcode: The postcode.
    ///   - coordinates: The coordinates.
    ///   - timezone: The time zone.
    public init(
      street: Street, city: String, state: String, country: String, postcode: Postcode,
      coordinates: Coordinates, timezone: Timezone
    ) {
      self.street = street
      self.city = city
      self.state = state
      self.country = country
      self.postcode = postcode
      self.coordinates = coordinates
      self.timezone = timezone
    }
  }

  /// The `location.street` object.
  public struct Street: Codable, Equatable, Sendable {
    /// The house number.
    public var number: Int
    /// The street name.
    public var name: String

    /// Creates a street address.
    ///
    /// - Parameters:
    ///   - number: The house number.
    ///   - name: The street name.
    public init(number: Int, name: String) {
      self.number = number
      self.name = name
    }
  }

  /// The `location.coordinates` object; the API sends both values as strings.
  public struct Coordinates: Codable, Equatable, Sendable {
    /// The latitude in degrees, for example `"-69.8246"`.
    public var latitude: String
    /// The longitude in degrees, for example `"134.8719"`.
    public var longitude: String

    /// Creates coordinates.
    ///
    /// - Parameters:
    ///   - latitude: The latitude, as a decimal string.
    ///   - longitude: The longitude, as a decimal string.
    public init(latitude: String, longitude: String) {
      self.latitude = latitude
      self.longitude = longitude
    }
  }

  /// The `location.timezone` object.
  public struct Timezone: Codable, Equatable, Sendable {
    /// The UTC offset, for example `"+9:30"`.
    public var offset: String
    /// The cities in the zone, for example `"Adelaide, Darwin"`.
    public var description: String

    /// Creates a time zone.
    ///
    /// - Parameters:
    ///   - offset: The UTC offset.
    ///   - description: The description of the zone.
    public init(offset: String, description: String) {
      self.offset = offset
      self.description = description
    }
  }

  /// The `login` object, reduced to the fields that identify a person.
  public struct Login: Codable, Equatable, Sendable {
    /// A UUID, unique per person.
    public var uuid: String
    /// A user name such as `"yellowpeacock117"`.
    public var username: String

    /// Creates a login.
    ///
    /// - Parameters:
    ///   - uuid: The UUID string.
    ///   - username: The user name.
    public init(uuid: String, username: String) {
      self.uuid = uuid
      self.username = username
    }
  }

  /// A date with the whole number of years since it, as used by `dob` and `registered`.
  public struct DatedAge: Codable, Equatable, Sendable {
    /// An ISO 8601 timestamp with milliseconds, for example `"1992-03-08T15:13:16.688Z"`.
    public var date: String
    /// Whole years between `date` and the time of the response.
    public var age: Int

    /// Creates a dated age.
    ///
    /// - Parameters:
    ///   - date: The ISO 8601 timestamp.
    ///   - age: The whole number of years since then.
    public init(date: String, age: Int) {
      self.date = date
      self.age = age
    }
  }

  /// The `id` object: a national identifier whose value is `null` for some nationalities.
  public struct Identifier: Codable, Equatable, Sendable {
    /// The kind of identifier, for example `"SSN"`; can be empty.
    public var name: String
    /// The identifier, or `nil` when the API sent `null`.
    public var value: String?

    /// Creates an identifier.
    ///
    /// - Parameters:
    ///   - name: The kind of identifier.
    ///   - value: The identifier, or `nil`.
    public init(name: String, value: String?) {
      self.name = name
      self.value = value
    }

    /// Encodes `value` as an explicit `null` when it is `nil`, as the API does.
    ///
    /// - Parameter encoder: The encoder to write to.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(name, forKey: .name)
      try container.encode(value, forKey: .value)
    }
  }

  /// The `picture` object: portrait URLs.
  public struct Picture: Codable, Equatable, Sendable {
    /// A 128×128 portrait.
    public var large: String
    /// A 72×72 portrait.
    public var medium: String
    /// A 48×48 portrait.
    public var thumbnail: String

    /// Creates a set of portrait URLs.
    ///
    /// - Parameters:
    ///   - large: The large portrait URL.
    ///   - medium: The medium portrait URL.
    ///   - thumbnail: The thumbnail URL.
    public init(large: String, medium: String, thumbnail: String) {
      self.large = large
      self.medium = medium
      self.thumbnail = thumbnail
    }
  }
}
