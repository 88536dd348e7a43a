import Foundation

/// A person as the app shows them, built by ``RandomUserDecoder`` from one randomuser.me result;
/// two people are the same person exactly when the API says so.
///
/// Encoded, every key is present: an unknown `country` or `pictureURL` is `null`, so that a
/// program reading the JSON sees the same shape for every person.
public struct Person: Codable, Hashable, Identifiable, Sendable {
  /// The login UUID, or the user name before API version 1.2; unique per person.
  public var id: String
  /// The full name, for example `"Saanvi Kulkarni"`.
  public var name: String
  /// Whole years of age.
  public var age: Int
  /// `"male"` or `"female"`.
  public var gender: String
  /// The email address.
  public var email: String
  /// The country name in English, or `nil` when unknown (API versions before 1.3 do not send it).
  public var country: String?
  /// The city.
  public var city: String
  /// The landline number.
  public var phone: String
  /// The date of birth (an instant, in UTC, with the milliseconds the API sent).
  public var dateOfBirth: Date
  /// The large portrait, or `nil` when the API sent something that is not a URL.
  public var pictureURL: URL?

  /// Creates a person from every field, each as its property describes it.
  public init(
    id: String, name: String, age: Int, gender: String, email: String, country: String?, city: String,
    phone: String, dateOfBirth: Date, pictureURL: URL?
  ) {
    self.id = id
    self.name = name
    self.age = age
    self.gender = gender
    self.email = email
    self.country = country
    self.city = city
    self.phone = phone
    self.dateOfBirth = dateOfBirth
    self.pictureURL = pictureURL
  }

  private enum CodingKeys: String, CodingKey {
    case id, name, age, gender, email, country, city, phone, dateOfBirth, pictureURL
  }

  /// Encodes every property; `nil` is written as `null` rather than leaving the key out.
  public func encode(to encoder: any Encoder) throws {
    var object = encoder.container(keyedBy: CodingKeys.self)
    try object.encode(id, forKey: .id)
    try object.encode(name, forKey: .name)
    try object.encode(age, forKey: .age)
    try object.encode(gender, forKey: .gender)
    try object.encode(email, forKey: .email)
    try object.encode(country, forKey: .country)
    try object.encode(city, forKey: .city)
    try object.encode(phone, forKey: .phone)
    try object.encode(dateOfBirth, forKey: .dateOfBirth)
    try object.encode(pictureURL, forKey: .pictureURL)
  }
}
