import Foundation

/// A person as the app shows them, built from one ``RandomUserResult``.
///
/// `id` is the login UUID, so two people are the same person exactly when the API says so.
public struct Person: Codable, Hashable, Identifiable, Sendable {
  // One immutable reference instead of eight: copying a person costs one retain instead of one
  // per string and URL, and an array of people is 16 bytes a person (the reference and the age)
  // instead of about 150. Value semantics are kept: a setter makes a new storage.
  private final class Storage: Sendable {
    let fields: Fields
    init(_ fields: Fields) { self.fields = fields }
  }

  private struct Fields: Codable, Hashable, Sendable {
    var id: String
    var name: String
    var age: Int
    var gender: String
    var email: String
    var country: String
    var city: String
    var phone: String
    var dateOfBirth: Date
    var pictureURL: URL?
  }

  private var storage: Storage
  // `fields.age`, repeated inline (a person is then 16 bytes): grouping reads only ages, and
  // reading them from the array itself instead of through 100,000 cold storage objects keeps the
  // scan a sequential read. `update` keeps the two equal.
  private var inlineAge: Int

  /// The login UUID; unique per person.
  public var id: String {
    get { storage.fields.id }
    set { update { $0.id = newValue } }
  }
  /// The full name, for example `"Jennie Nichols"`.
  public var name: String {
    get { storage.fields.name }
    set { update { $0.name = newValue } }
  }
  /// Whole years of age.
  public var age: Int {
    get { inlineAge }
    set { update { $0.age = newValue } }
  }
  /// `"male"` or `"female"`.
  public var gender: String {
    get { storage.fields.gender }
    set { update { $0.gender = newValue } }
  }
  /// The email address.
  public var email: String {
    get { storage.fields.email }
    set { update { $0.email = newValue } }
  }
  /// The country name in English.
  public var country: String {
    get { storage.fields.country }
    set { update { $0.country = newValue } }
  }
  /// The city.
  public var city: String {
    get { storage.fields.city }
    set { update { $0.city = newValue } }
  }
  /// The landline number.
  public var phone: String {
    get { storage.fields.phone }
    set { update { $0.phone = newValue } }
  }
  /// The date of birth (an instant, in UTC).
  public var dateOfBirth: Date {
    get { storage.fields.dateOfBirth }
    set { update { $0.dateOfBirth = newValue } }
  }
  /// The large portrait, or `nil` when the API sent something that is not a URL.
  public var pictureURL: URL? {
    get { storage.fields.pictureURL }
    set { update { $0.pictureURL = newValue } }
  }

  /// Creates a person.
  ///
  /// - Parameters:
  ///   - id: A unique identifier.
  ///   - name: The full name.
  ///   - age: Whole years of age.
  ///   - gender: The gender.
  ///   - email: The email address.
  ///   - country: The country.
  ///   - city: The city.
  ///   - phone: The phone number.
  ///   - dateOfBirth: The date of birth.
  ///   - pictureURL: The portrait URL.
  public init(
    id: String, name: String, age: Int, gender: String, email: String, country: String, city: String,
    phone: String, dateOfBirth: Date, pictureURL: URL?
  ) {
    self.init(
      Fields(
        id: id, name: name, age: age, gender: gender, email: email, country: country, city: city,
        phone: phone, dateOfBirth: dateOfBirth, pictureURL: pictureURL))
  }

  /// Decodes a person from the keys `Person` encodes.
  /// - Parameter decoder: The decoder to read from.
  public init(from decoder: any Decoder) throws {
    self.init(try Fields(from: decoder))
  }

  private init(_ fields: Fields) {
    storage = Storage(fields)
    inlineAge = fields.age
  }

  /// Encodes the person's fields.
  /// - Parameter encoder: The encoder to write to.
  public func encode(to encoder: any Encoder) throws {
    try storage.fields.encode(to: encoder)
  }

  /// Whether two people have the same fields.
  public static func == (lhs: Person, rhs: Person) -> Bool {
    lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
  }

  /// Hashes the person's fields.
  /// - Parameter hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) {
    storage.fields.hash(into: &hasher)
  }

  private mutating func update(_ change: (inout Fields) -> Void) {
    var fields = storage.fields
    change(&fields)
    storage = Storage(fields)
    inlineAge = fields.age
  }
}
